import Foundation
import JSONRPC
import Testing

/// The writer coalesces what is queued into one `writev`, keeping queue order, frames included.
@Suite struct OutboxCoalescingTests {
    @Test func queuedAnswersAndAFrameAreWrittenTogetherInOrder() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let (readEnd, writeEnd) = (fds[0], fds[1])
        defer { close(readEnd) }
        let outbox = Outbox(
            fd: writeEnd, envelope: OutputEnvelope(prefix: { _ in Array("<".utf8) }, suffix: Array(">".utf8)))
        // A message larger than the pipe holds: the writer blocks inside its write until the test reads, so
        // everything sent meanwhile waits in the queue.
        let big = [UInt8](repeating: UInt8(ascii: "b"), count: 256 << 10)
        outbox.send(big)
        var expected = [UInt8]("<".utf8) + big + [UInt8](">".utf8)
        for i in 0..<40 {
            outbox.send(Array("a\(i)".utf8))
            expected += Array("<a\(i)>".utf8)
        }
        outbox.sendLatest(key: "frame") { Array("frame".utf8) }
        expected += Array("<frame>".utf8)
        for i in 40..<50 {
            outbox.send(Array("a\(i)".utf8))
            expected += Array("<a\(i)>".utf8)
        }
        var received: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        while received.count < expected.count {
            let n = read(readEnd, buffer.baseAddress, buffer.count)
            guard n > 0 else { break }
            received += buffer.prefix(n)
        }
        #expect(received == expected)
        outbox.close()
        #expect(outbox.writtenCount == 52)
        // The big message (alone, if the writer took it before the rest were queued), then the 50 answers and
        // the frame in one writev (at most 64 entries a batch).
        #expect(outbox.writeCallCount <= 2)
        close(writeEnd)
    }

    @Test func writeAllWithChunksSurvivesPartialWrites() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        // 300 KiB in uneven chunks through a 64 KiB pipe: writev writes part of a chunk many times over.
        let chunks: [[UInt8]] = (0..<30).map { i in [UInt8](repeating: UInt8(i), count: 1_000 + i * 683) }
        let total = chunks.reduce(0) { $0 + $1.count }
        let readEnd = fds[0]
        let done = DispatchSemaphore(value: 0)
        Thread {
            var got: [UInt8] = []
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 7_777, alignment: 1)
            defer { buffer.deallocate() }
            while got.count < total {
                let n = read(readEnd, buffer.baseAddress, buffer.count)
                guard n > 0 else { break }
                got += buffer.prefix(n)
            }
            #expect(got == Array(chunks.joined()))
            done.signal()
        }.start()
        #expect(FileDescriptor.writeAll(fds[1], chunks: chunks + [[]]))
        #expect(done.wait(timeout: .now() + 30) == .success)
        close(fds[0])
        close(fds[1])
    }
}

@Suite struct OutputEnvelopeTests {
    @Test(arguments: [0, 7, 10, 99, 12_345, Int.max])
    func theHeaderIsWhatInterpolationWouldWrite(length: Int) {
        #expect(OutputEnvelope.header(length: length) == Array("Content-Length: \(length)\r\n\r\n".utf8))
    }

    @Test func envelopesWrapWithoutTouchingTheBody() {
        #expect(OutputEnvelope.forMode(.lsp).prefix(3) == Array("Content-Length: 3\r\n\r\n".utf8))
        #expect(OutputEnvelope.forMode(.lsp).suffix.isEmpty)
        #expect(OutputEnvelope.forMode(.jsonl).prefix(3).isEmpty)
        #expect(OutputEnvelope.forMode(.jsonl).suffix == [0x0A])
    }
}
