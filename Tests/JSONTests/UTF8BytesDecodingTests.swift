import JSON
import Testing

/// A string member's bytes taken straight from the tree (didOpen's text): the String's bytes, the same errors.
@Suite struct UTF8BytesDecodingTests {
    @Test func theBytesAreTheStringsBytes() throws {
        let text = #"{"t":"line1\nline2 \"q\" \\ \u0000 é 😀 \ud83d\ude00"}"#
        let value = try #require(try JSONDocument.parse(text).value["t"])
        #expect(try value.decodeUTF8Bytes() == Array(try value.decodeString().utf8))
    }

    @Test func otherKindsFailAsDecodeStringFails() throws {
        let document = try JSONDocument.parse(#"{"n":1,"o":{},"z":null}"#)
        for key in ["n", "o", "z"] {
            let value = try #require(document.value[key])
            var bytesError: JSONDecodingError?
            var stringError: JSONDecodingError?
            do { _ = try value.decodeUTF8Bytes() } catch { bytesError = error }
            do { _ = try value.decodeString() } catch { stringError = error }
            #expect(bytesError != nil && bytesError?.description == stringError?.description)
        }
    }
}
