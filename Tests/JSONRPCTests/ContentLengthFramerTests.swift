import JSONRPC
import Testing

@Suite struct ContentLengthFramerTests {
    let bodies = [#"{"a":1}"#, #"{"b":"ü"}"#, "[]", #"{"c":"\r\n\r\n"}"#]

    @Test(arguments: [nil, 1, 2, 3, 7, 64])
    func splitsMessagesAcrossAnyChunking(chunkSize: Int?) {
        var framer = ContentLengthFramer()
        let input = Array(bodies.map(lsp).joined().utf8)
        #expect(frame(&framer, input, chunkSize: chunkSize) == bodies.map(Framed.message))
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func acceptsCaseInsensitiveHeadersContentTypeAndBareNewlines() {
        var framer = ContentLengthFramer()
        let input =
            "content-LENGTH:2\r\ncontent-type: application/vscode-jsonrpc; charset=utf-8\r\nX-Other: y\r\n\r\n{}"
            + "Content-Length: 2\n\n[]" + "\r\n" + lsp("1")
        #expect(frame(&framer, Array(input.utf8)) == [.message("{}"), .message("[]"), .message("1")])
    }

    @Test func legacyUTF8CharsetNameIsAccepted() {
        var framer = ContentLengthFramer()
        let input = "Content-Length: 2\r\nContent-Type: application/json; charset=utf8\r\n\r\n{}"
        #expect(frame(&framer, Array(input.utf8)) == [.message("{}")])
    }

    @Test func otherCharsetsAreRefusedAndTheirBodySkipped() {
        var framer = ContentLengthFramer()
        let input = "Content-Length: 2\r\nContent-Type: text/json; charset=latin1\r\n\r\n{}" + lsp("[1]")
        #expect(frame(&framer, Array(input.utf8)) == [.error(.unsupportedCharset), .message("[1]")])
    }

    @Test(arguments: [
        ("Content-Type: x\r\n\r\n", FramingError.Kind.missingContentLength),
        ("Content-Length: abc\r\n\r\n", .invalidContentLength),
        ("Content-Length: -4\r\n\r\n", .invalidContentLength),
        ("Content-Length: 1.5\r\n\r\n", .invalidContentLength),
        ("Content-Length:\r\n\r\n", .invalidContentLength),
        ("no colon here\r\n\r\n", .malformedHeader),
    ])
    func badHeaderBlocksAreReportedAndTheNextMessageIsRead(header: String, kind: FramingError.Kind) {
        for chunk in [nil, 1] as [Int?] {
            var framer = ContentLengthFramer()
            let input = Array((header + lsp(#"{"ok":true}"#)).utf8)
            #expect(frame(&framer, input, chunkSize: chunk) == [.error(kind), .message(#"{"ok":true}"#)])
        }
    }

    @Test func aBodyAfterAMissingLengthIsSkippedUntilTheNextHeader() {
        var framer = ContentLengthFramer()
        let input = "Content-Type: x\r\n\r\n{\"jsonrpc\":\"2.0\"}\r\n" + lsp("{}")
        #expect(frame(&framer, Array(input.utf8)) == [.error(.missingContentLength), .message("{}")])
    }

    @Test func oversizedMessagesAreSkippedWithoutBuffering() {
        var framer = ContentLengthFramer(maxMessageSize: 10)
        let big = String(repeating: "x", count: 1000)
        let input = Array((lsp("\"\(big)\"") + lsp("[2]")).utf8)
        #expect(frame(&framer, input, chunkSize: 16) == [.error(.messageTooLarge), .message("[2]")])
    }

    @Test func hugeLengthsSaturateAndAreRefused() {
        var framer = ContentLengthFramer()
        let input = Array("Content-Length: 99999999999999999999999999\r\n\r\n".utf8)
        #expect(frame(&framer, input, finish: false) == [.error(.messageTooLarge)])
    }

    @Test func endOfInputInsideABodyOrHeaderIsReported() {
        var a = ContentLengthFramer()
        #expect(frame(&a, Array("Content-Length: 10\r\n\r\n{\"a\"".utf8)) == [.error(.truncated)])
        var b = ContentLengthFramer()
        #expect(frame(&b, Array("Content-Len".utf8)) == [.error(.truncated)])
        var c = ContentLengthFramer()
        #expect(frame(&c, Array("\r\n\r\n".utf8)) == [])
    }

    @Test func overlongHeaderBlocksAreRefused() {
        var framer = ContentLengthFramer()
        let junk = "X-Junk: " + String(repeating: "y", count: ContentLengthFramer.maxHeaderSize + 10)
        let input = Array((junk + "\r\n" + lsp("{}")).utf8)
        #expect(frame(&framer, input, chunkSize: 512) == [.error(.malformedHeader), .message("{}")])
    }

    @Test func zeroLengthBodiesAreMessages() {
        var framer = ContentLengthFramer()
        #expect(frame(&framer, Array("Content-Length: 0\r\n\r\n".utf8)) == [.message("")])
    }
}

@Suite struct LineFramerTests {
    @Test(arguments: [nil, 1, 5])
    func splitsLines(chunkSize: Int?) {
        var framer = LineFramer()
        let input = Array("{\"a\":1}\n\n  \r\n[2]\r\n\"last\"".utf8)
        #expect(
            frame(&framer, input, chunkSize: chunkSize) == [
                .message("{\"a\":1}"), .message("[2]"), .message("\"last\""),
            ])
    }

    @Test func overlongLinesAreSkipped() {
        var framer = LineFramer(maxMessageSize: 8)
        let input = Array("[\"0123456789\"]\n[1]\n".utf8)
        for chunk in [nil, 3] as [Int?] {
            var f = framer
            #expect(frame(&f, input, chunkSize: chunk) == [.error(.messageTooLarge), .message("[1]")])
        }
        framer = LineFramer(maxMessageSize: 8)
    }
}
