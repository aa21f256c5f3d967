import Foundation
import Synchronization

/// A child's standard error, read on its own thread as it is written, keeping the last `limit` bytes.
///
/// A child that writes more than a pipe holds (64 KiB on Linux) to a pipe nobody reads blocks in `write(2)`: a
/// daemon logging at `--log-level debug` under a long-lived client (`skeleton mcp`, `skeleton serve`) would stop
/// answering. Reading as it comes keeps the child running whatever it writes, and the tail keeps what a failure
/// message quotes (its last words) within a fixed memory bound.
final class StandardErrorTail: Sendable {
    /// The most bytes kept: the newest ones.
    let limit: Int
    private let state = Mutex(State())
    private let ended = DispatchSemaphore(value: 0)

    private struct State {
        var bytes: [UInt8] = []
        var dropped = 0
    }

    /// Starts reading `descriptor` until end of file; the tail owns nothing else of it.
    /// - Important: `descriptor` stays open until the reading ends (the `FileHandle` it came from must outlive it).
    init(reading descriptor: Int32, limit: Int = 1 << 20) {
        self.limit = max(1, limit)
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                keep(chunk[0..<count])
            }
            ended.signal()
        }
        thread.name = "skeletond stderr"
        thread.start()
    }

    private func keep(_ chunk: ArraySlice<UInt8>) {
        state.withLock { state in
            state.bytes.append(contentsOf: chunk)
            // Compacted at twice the limit, so each byte is moved at most once on average.
            if state.bytes.count > 2 * limit {
                let excess = state.bytes.count - limit
                state.bytes.removeFirst(excess)
                state.dropped += excess
            }
        }
    }

    /// What was kept, once the writer closed its end or `timeout` seconds passed (a descendant may hold the pipe
    /// open after the child exited): never blocks longer than that.
    func text(waitingUpTo timeout: Double) -> String {
        if ended.wait(timeout: .now() + max(0, timeout)) == .success { ended.signal() }
        return state.withLock { state in
            let excess = max(0, state.bytes.count - limit)
            let text = String(decoding: state.bytes[excess...], as: UTF8.self)
            let dropped = state.dropped + excess
            return dropped > 0 ? "[\(dropped) earlier bytes not kept]\n" + text : text
        }
    }
}
