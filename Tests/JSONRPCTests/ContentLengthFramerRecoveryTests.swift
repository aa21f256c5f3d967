import JSONRPC
import Testing

/// The framer never goes deaf: whatever precedes a well-formed message (a bad header block and its body, garbage
/// without line breaks, a header split anywhere), that message is delivered.
@Suite struct ContentLengthFramerRecoveryTests {
    static let next = #"{"jsonrpc":"2.0","id":7,"method":"daemon/status"}"#
    static let body = #"{"jsonrpc":"2.0","id":1,"method":"x","params":{"text":"no newline at the end"}}"#

    /// A bad header block FOLLOWED BY ITS BODY (bodies do not end with a newline), then a good message.
    @Test(arguments: [
        ("Content-Type: application/json\r\n\r\n", FramingError.Kind.missingContentLength),
        ("Content-Length: abc\r\n\r\n", .invalidContentLength),
        ("Content-Length: -80\r\n\r\n", .invalidContentLength),
        ("Content-Length: 8.0\r\n\r\n", .invalidContentLength),
        ("X-Broken\r\nContent-Type: x\r\n\r\n", .malformedHeader),
        ("Content-Length: 80\r\nContent-Length: 80\r\n\r\n", .malformedHeader),
        ("Content-Length: 80\r\ncontent-length: 3\r\n\r\n", .malformedHeader),
        ("X-Junk: " + String(repeating: "y", count: ContentLengthFramer.maxHeaderSize) + "\r\n\r\n", .malformedHeader),
    ])
    func aBadHeaderBlockAndItsBodyAreSkipped(header: String, kind: FramingError.Kind) {
        let input = Array((header + Self.body + lsp(Self.next) + lsp("[1]")).utf8)
        for chunk in [nil, 1, 2, 5, 13, 64, 4096] as [Int?] {
            var framer = ContentLengthFramer()
            #expect(
                frame(&framer, input, chunkSize: chunk) == [.error(kind), .message(Self.next), .message("[1]")],
                "chunks of \(chunk.map(String.init) ?? "all")")
        }
    }

    @Test func duplicateLengthsAreAnErrorEvenWhenTheyAgree() {
        var framer = ContentLengthFramer()
        let input = "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}" + lsp("[3]")
        #expect(frame(&framer, Array(input.utf8)) == [.error(.malformedHeader), .message("[3]")])
    }

    /// Garbage with no line breaks at all, including pieces of the header name, between valid messages.
    @Test func garbageBetweenMessagesIsSkipped() {
        let garbage = "\u{0}\u{1}garbage Content-Len content-lengt CONTENT-LENGTH \u{FF}{\"x\":1}"
        let input = Array((lsp("[1]") + garbage + lsp("[2]") + "zz" + lsp("[3]")).utf8)
        for chunk in [nil, 1, 3, 7, 16] as [Int?] {
            var framer = ContentLengthFramer()
            let framed = frame(&framer, input, chunkSize: chunk)
            let messages = framed.filter { if case .message = $0 { true } else { false } }
            #expect(messages == [.message("[1]"), .message("[2]"), .message("[3]")], "chunks of \(chunk ?? 0)")
            #expect(framed.count == 5, "one error for each run of garbage")
        }
    }

    /// A header block split in two at every byte gives the same message.
    @Test func aHeaderSplitAtEveryByte() {
        let message =
            "content-LENGTH :  2 \t\r\nContent-Type: application/vscode-jsonrpc; charset=UTF-8\r\nX-a: b\r\n\r\n{}"
        let bytes = Array((message + lsp("[9]")).utf8)
        for split in 0...bytes.count {
            var framer = ContentLengthFramer()
            let out = frame(&framer, bytes, splitAt: split)
            #expect(out == [.message("{}"), .message("[9]")], "split at \(split)")
        }
    }

    /// After an error, `Content-Length:` is found wherever it is, also split across reads at every byte.
    @Test func resynchronisationFindsASplitHeaderName() {
        let bytes = Array(("Content-Length: x\r\n\r\nabc" + lsp("[5]")).utf8)
        for split in 0...bytes.count {
            var framer = ContentLengthFramer()
            let out = frame(&framer, bytes, splitAt: split)
            #expect(out == [.error(.invalidContentLength), .message("[5]")], "split at \(split)")
        }
    }
}
