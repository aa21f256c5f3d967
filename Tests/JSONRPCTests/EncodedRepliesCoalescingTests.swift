import Foundation
import JSON
import JSONRPC
import Testing

/// Replies encoded straight into their buffers and a frame produced on the writer thread go out LSP-framed, in queue
/// order, coalesced into one `writev`, and read back as the very messages that were sent.
@Suite struct EncodedRepliesCoalescingTests {
    @Test func framesAndAnswersKeepTheirOrderInOneWrite() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let outbox = Outbox(fd: writeEnd, envelope: .contentLength)
        // A message larger than the pipe holds keeps the writer inside its first write while the rest is queued.
        let big = MessageEncoder.response(id: .int(0), result: .string(String(repeating: "b", count: 256 << 10)))
        outbox.send(big)
        var expected: [[UInt8]] = [big]
        let ids: [RequestID?] = [.int(1), .string("two \"2\""), nil, .int(-4), .string("é\n")]
        for (i, id) in ids.enumerated() {
            let answer =
                i % 2 == 0
                ? MessageEncoder.error(id: id, ResponseError(.methodNotFound, "unknown method \"m\(i)\""))
                : MessageEncoder.response(id: id, result: ["i": .int(i)])
            outbox.send(answer)
            expected.append(answer)
        }
        var frame = MessageEncoder.notificationHead(method: "preview/frame")
        frame.writeRaw(#"{"subscription":"p1","seq":1,"rects":[{"data":""#)
        frame.writeRaw { $0.append(contentsOf: Array("QUJD".utf8)) }
        frame.writeRaw(#""}]}}"#)
        let frameBytes = frame.bytes
        outbox.sendLatest(key: "preview:p1") { frameBytes }
        expected.append(frameBytes)
        let last = MessageEncoder.methodNotFound(id: .int(9), method: "after/the\\frame")
        outbox.send(last)
        expected.append(last)

        let received = Self.read(expected.count, from: readEnd)
        #expect(received == expected)
        for body in received { #expect(throws: Never.self) { _ = try JSONDocument.parse(body) } }
        outbox.close()
        #expect(outbox.writtenCount == expected.count)
        // The big answer (alone, if the writer took it before the rest were queued), then everything else at once.
        #expect(outbox.writeCallCount <= 2)
        close(writeEnd)
    }

    @Test func aSharedResultIsWrittenBesideItsEnvelopeInOrder() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let outbox = Outbox(fd: writeEnd, envelope: .contentLength)
        let result = EncodedJSON(unchecked: Array(("[" + String(repeating: "{\"n\":1},", count: 20_000) + "0]").utf8))
        var expected: [[UInt8]] = []
        for (k, id) in [RequestID.int(1), .string("x\"y"), .int(-3)].enumerated() {
            let before = MessageEncoder.response(id: .int(100 + k), result: ["k": .int(k)])
            outbox.send(before)
            let (head, tail) = MessageEncoder.responseParts(id: id)
            outbox.send(head: head, shared: result.bytes, tail: tail)
            expected += [before, MessageEncoder.response(id: id, encodedResult: result)]
        }
        let received = Self.read(expected.count, from: readEnd)
        #expect(received == expected)
        outbox.close()
        #expect(outbox.writtenCount == expected.count)
        close(writeEnd)
    }

    /// The bodies of up to `count` LSP-framed messages read from `fd` (fewer if it ends first).
    static func read(_ count: Int, from fd: Int32) -> [[UInt8]] {
        var framer = ContentLengthFramer(maxMessageSize: 1 << 24)
        var received: [[UInt8]] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while received.count < count {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            guard n > 0 else { break }
            framer.feed(UnsafeRawBufferPointer(rebasing: buffer[..<n])) { event in
                if case .message(let body) = event { received.append(Array(body)) }
            }
        }
        return received
    }
}
