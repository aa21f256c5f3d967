import Foundation
import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// The least a big answer costs on a pipe: the same framed bytes written by another thread (woken the way a
/// daemon's writer is) into a pipe enlarged as the daemon enlarges its own, and read back with the bench's own
/// reader (`LiveDaemon`'s framing and copy), in this process. What a request answering those bytes cannot beat,
/// whatever it computes.
enum PipeFloor {
    /// Seconds per round trip of `body` (framed), one per round.
    static func measure(body: [UInt8], rounds: Int) throws -> [Double] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw BenchError("pipe floor: pipe() failed") }
        let (readFD, writeFD) = (ends[0], ends[1])
        defer { close(readFD) }
        FileDescriptor.enlargePipe(writeFD)
        let framed = OutputEnvelope.header(length: body.count) + body
        let go = DispatchSemaphore(value: 0)
        let writer = Thread {
            for _ in 0..<rounds {
                go.wait()
                FileDescriptor.writeAll(writeFD, framed)
            }
            close(writeFD)
        }
        writer.start()
        var framer = ContentLengthFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let clock = ContinuousClock()
        var seconds: [Double] = []
        for _ in 0..<rounds {
            let start = clock.now
            go.signal()
            var received: [UInt8]?
            while received == nil {
                let n = buffer.withUnsafeMutableBytes { FileDescriptor.read(readFD, into: $0) }
                guard n > 0 else { throw BenchError("pipe floor: the writer stopped") }
                buffer.withUnsafeBytes { raw in
                    framer.feed(UnsafeRawBufferPointer(rebasing: raw[..<n])) { event in
                        if case .message(let message) = event { received = Array(message) }
                    }
                }
            }
            let elapsed = clock.now - start
            guard received?.count == body.count else { throw BenchError("pipe floor: a message of the wrong size") }
            seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return seconds
    }
}
