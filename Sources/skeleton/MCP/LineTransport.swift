import Foundation
import Logging
import MCP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// MCP's stdio transport (one JSON-RPC message a line on stdin and stdout), with the bounds the SDK's own
/// `StdioTransport` lacks: a line longer than `maxLineBytes` is dropped as it streams in (its bytes are never held)
/// and answered with a JSON-RPC error; stdin is read with blocking reads on a thread of its own (no polling), and
/// stdout is written whole, message by message. A client that writes without reading the answers stops being read
/// (`Backpressure`), so no input can grow the server.
///
/// Garbage that fits in a line (not JSON, not a message) reaches the SDK's `Server`, which answers it with a parse
/// error and goes on serving.
actor LineTransport: Transport {
    /// The longest line read, in bytes: 4 MiB. Tool arguments are paths, ids and a few numbers.
    static let maxLineBytes = 4 << 20

    nonisolated let logger = Logger(label: "skeleton.mcp", factory: { _ in SwiftLogNoOpLogHandler() })

    private let input: Int32
    private let output: Int32
    private let lines: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var connected = false
    private let backpressure = Backpressure(limit: maxUnansweredLines)

    /// Lines read and not yet answered beyond which stdin is not read while an answer waits to be written.
    static let maxUnansweredLines = 1024

    init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
        let made = AsyncThrowingStream<Data, any Error>.makeStream()
        lines = made.stream
        continuation = made.continuation
    }

    func connect() async throws {
        guard !connected else { return }
        connected = true
        let reader = LineReader(fd: input, maxLineBytes: Self.maxLineBytes)
        let continuation = self.continuation
        let backpressure = self.backpressure
        let thread = Thread { [weak self] in
            reader.run(
                beforeRead: backpressure.waitToRead,
                line: {
                    backpressure.lineRead()
                    continuation.yield($0)
                },
                overlong: { count in
                    guard let self else { return }
                    Task { try? await self.send(Self.overlongAnswer(count)) }
                })
            continuation.finish()
        }
        thread.name = "skeleton-mcp-stdin"
        thread.start()
    }

    func disconnect() async {
        connected = false
        continuation.finish()
    }

    /// Writes `data` and a newline to stdout; a closed stdout is an error (the client is gone).
    func send(_ data: Data) async throws {
        backpressure.beginWrite()
        defer { backpressure.endWrite() }
        guard writeAll(output, Array(data) + [UInt8(ascii: "\n")]) else {
            throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { lines }

    /// The error answering a dropped line: JSON-RPC's invalid request, with a null id (the line's id was not read).
    static func overlongAnswer(_ count: Int) -> Data {
        let message =
            "a line of \(count) bytes was dropped: the longest line this server reads is "
            + "\(maxLineBytes) bytes"
        let answer: [String: Any] = [
            "jsonrpc": "2.0", "id": NSNull(), "error": ["code": -32600, "message": message],
        ]
        return (try? JSONSerialization.data(withJSONObject: answer)) ?? Data()
    }
}

/// Splits a descriptor's bytes into lines (without the newline and a `\r` before it), dropping empty ones and the
/// bytes of any line longer than a bound as they arrive.
struct LineReader: Sendable {
    let fd: Int32
    let maxLineBytes: Int

    /// Reads until end of input or a read error, calling `beforeRead` before each read, `line` with each line and
    /// `overlong` with the byte count of each line dropped (at least `maxLineBytes + 1`), in order.
    func run(beforeRead: () -> Void = {}, line: (Data) -> Void, overlong: (Int) -> Void) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        // Bytes of an over-long line seen so far; nil while the current line is within the bound.
        var dropped: Int?
        while true {
            beforeRead()
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR || errno == EAGAIN {
                if errno == EAGAIN { waitReadable() }
                continue
            }
            guard n > 0 else { break }
            var start = 0
            while start < n {
                let end = chunk[start..<n].firstIndex(of: UInt8(ascii: "\n"))
                let piece = chunk[start..<(end ?? n)]
                if let seen = dropped {
                    dropped = seen + piece.count
                } else if pending.count + piece.count > maxLineBytes {
                    dropped = pending.count + piece.count
                    pending = []
                } else {
                    pending += piece
                }
                guard let end else { break }
                if let seen = dropped {
                    overlong(seen)
                } else {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    if !pending.isEmpty { line(Data(pending)) }
                }
                pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
                dropped = nil
                start = end + 1
            }
        }
        if dropped == nil, !pending.isEmpty { line(Data(pending)) }
    }

    /// Waits until a non-blocking descriptor has input (stdin left non-blocking by a parent process).
    private func waitReadable() {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&poller, 1, -1)
    }
}

/// Stops reading a client that sends faster than it reads: once more than `limit` lines are unanswered, the reader
/// waits while answers are being written (for good while one is stuck: stdout is full), so the server holds at most
/// `limit` lines and one read's worth beyond what it answered. Lines that get no answer (notifications) are
/// forgotten when nothing has been written for `idle` seconds, so they can only delay a read, never stop it.
// Safety: every `var` is only touched with `condition` locked (a `Mutex` cannot wait with a timeout).
final class Backpressure: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private let idle: TimeInterval
    /// Guarded by `condition`.
    private var writing = false
    /// Lines read minus messages written (never below 0); guarded by `condition`.
    private var unanswered = 0
    /// Messages written so far; guarded by `condition`.
    private var written = 0

    init(limit: Int, idle: TimeInterval = 0.05) {
        self.limit = limit
        self.idle = idle
    }

    /// Waits while more than `limit` lines are unanswered and answers are being written.
    func waitToRead() {
        condition.lock()
        defer { condition.unlock() }
        while unanswered > limit {
            if writing {
                condition.wait()
                continue
            }
            let before = written
            if !condition.wait(until: Date(timeIntervalSinceNow: idle)), written == before, !writing {
                // Nothing is being answered: what is counted got no answer (notifications), or waits for a tool call.
                unanswered = 0
            }
        }
    }

    func lineRead() {
        condition.withLock { unanswered += 1 }
    }

    func beginWrite() {
        condition.withLock { writing = true }
    }

    func endWrite() {
        condition.withLock {
            writing = false
            written &+= 1
            unanswered = max(0, unanswered - 1)
            condition.broadcast()
        }
    }
}
