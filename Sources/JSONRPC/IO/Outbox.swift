import Dispatch
import Foundation
import Synchronization

/// The single writer of protocol bytes: a queue drained by one thread into one file descriptor.
///
/// - Messages are written whole and in the order they were queued; nothing else writes to the descriptor.
/// - `send` never blocks and never drops: responses and notifications always go out.
/// - `sendLatest` queues a *producer* under a key; while one with that key is still waiting, another is not
///   queued. The producer runs on the writer thread when its turn comes, so what it encodes is the newest
///   state (latest wins) and a client that reads slowly costs no memory for frames it never gets.
/// - Queued bytes above the high watermark make `isCongested` true until they drain below the low watermark;
///   then `onDecongested` is called, so producers of optional traffic can pause and resume.
public final class Outbox: Sendable {
    /// Queued-byte thresholds for congestion.
    public struct Watermarks: Sendable {
        public var high: Int
        public var low: Int
        public init(high: Int = 8 << 20, low: Int = 1 << 20) {
            self.high = high
            self.low = low
        }
    }

    private enum Entry {
        case bytes([UInt8])
        case producer(key: String, @Sendable () -> [UInt8]?)
    }

    private struct State {
        var queue: [Entry] = []
        var head = 0
        var queuedBytes = 0
        var waitingKeys: Set<String> = []
        var congested = false
        var failed = false
        var closing = false
        var onDecongested: (@Sendable () -> Void)?
        var written = 0
    }

    private let fd: Int32
    private let watermarks: Watermarks
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let frame: @Sendable ([UInt8]) -> [UInt8]

    /// Starts the writer thread. `frame` turns a body into the bytes on the wire (headers or a newline).
    public init(fd: Int32, watermarks: Watermarks = Watermarks(), frame: @escaping @Sendable ([UInt8]) -> [UInt8]) {
        self.fd = fd
        self.watermarks = watermarks
        self.frame = frame
        let thread = Thread { [self] in run() }
        thread.name = "skeletond.writer"
        thread.start()
    }

    /// Queues a message body; it is always written.
    public func send(_ body: [UInt8]) {
        let bytes = frame(body)
        let accepted = state.withLock { s -> Bool in
            guard !s.failed, !s.closing else { return false }
            s.queue.append(.bytes(bytes))
            s.queuedBytes += bytes.count
            if s.queuedBytes > watermarks.high { s.congested = true }
            return true
        }
        if accepted { wake.signal() }
    }

    /// Queues `produce` under `key` unless one with that key is already waiting. Returns whether it was queued.
    /// The producer returns the body to write, or nil to write nothing.
    @discardableResult
    public func sendLatest(key: String, _ produce: @escaping @Sendable () -> [UInt8]?) -> Bool {
        let queued = state.withLock { s -> Bool in
            guard !s.failed, !s.closing, !s.waitingKeys.contains(key) else { return false }
            s.waitingKeys.insert(key)
            s.queue.append(.producer(key: key, produce))
            return true
        }
        if queued { wake.signal() }
        return queued
    }

    /// Bytes queued and not yet written (producers count once they have produced).
    public var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// True from crossing the high watermark until draining below the low one.
    public var isCongested: Bool { state.withLock { $0.congested } }

    /// True once a write failed (the client closed its end); everything sent after that is discarded.
    public var hasFailed: Bool { state.withLock { $0.failed } }

    /// Messages written so far.
    public var writtenCount: Int { state.withLock { $0.written } }

    /// Called on the writer thread when congestion clears.
    public func setOnDecongested(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.onDecongested = handler }
    }

    /// Writes what is queued, then stops the writer. Waits at most `timeout` seconds.
    public func close(timeout: Double = 5) {
        state.withLock { $0.closing = true }
        wake.signal()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func next() -> Entry? {
        state.withLock { s -> Entry? in
            guard s.head < s.queue.count else {
                s.queue.removeAll(keepingCapacity: s.queue.capacity < 4096)
                s.head = 0
                return nil
            }
            let entry = s.queue[s.head]
            s.queue[s.head] = .bytes([])
            s.head += 1
            if case .producer(let key, _) = entry { s.waitingKeys.remove(key) }
            return entry
        }
    }

    private func run() {
        while true {
            wake.wait()
            while let entry = next() {
                let bytes: [UInt8]
                switch entry {
                case .bytes(let b): bytes = b
                case .producer(_, let produce):
                    guard let body = produce() else { continue }
                    bytes = frame(body)
                }
                let ok = state.withLock { $0.failed } ? false : FileDescriptor.writeAll(fd, bytes)
                let resumed = state.withLock { s -> (@Sendable () -> Void)? in
                    if case .bytes = entry { s.queuedBytes -= bytes.count }
                    if ok { s.written += 1 } else { s.failed = true }
                    if s.congested, s.queuedBytes <= watermarks.low {
                        s.congested = false
                        return s.onDecongested
                    }
                    return nil
                }
                resumed?()
            }
            if state.withLock({ $0.closing }) {
                finished.signal()
                return
            }
        }
    }
}

/// Wire framing for outgoing bodies.
public enum OutputFraming {
    /// `Content-Length: N\r\n\r\n` + body.
    @Sendable public static func contentLength(_ body: [UInt8]) -> [UInt8] {
        var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.reserveCapacity(out.count + body.count)
        out.append(contentsOf: body)
        return out
    }

    /// body + `\n` (bodies never contain a raw newline: the JSON writer escapes them).
    @Sendable public static func line(_ body: [UInt8]) -> [UInt8] {
        var out = body
        out.append(0x0A)
        return out
    }

    public static func framing(for mode: FramingMode) -> @Sendable ([UInt8]) -> [UInt8] {
        switch mode {
        case .lsp: contentLength
        case .jsonl: line
        }
    }
}
