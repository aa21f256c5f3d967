import Dispatch
import Foundation
import Synchronization

/// The single writer of protocol bytes: a queue drained by one thread into one file descriptor.
///
/// - Messages are written whole and in the order they were queued; nothing else writes to the descriptor.
/// - `send` never blocks and never drops: responses and notifications always go out.
/// - `sendLatest` queues a *producer* under a key; while one with that key is still waiting, another is not
///   queued. The producer runs on the writer thread when its turn comes and hands over bytes built elsewhere (a
///   preview frame waiting for its turn), or nil; it never builds or encodes them, which would hold up every answer
///   behind it (`isWriterThread` lets the code that builds them check).
/// - Queued bytes above the high watermark make `isCongested` true until they drain below the low watermark;
///   then `onDecongested` is called, so producers of optional traffic can pause and resume.
/// - What is queued is written together: the writer takes a run of queued messages (at most one frame producer
///   among them) and writes it with one `writev`, in queue order, so a pipelined burst costs one system call.
/// - Answers are bounded by a byte budget without dropping any: `waitForRoom` blocks its caller (the reader before
///   it takes new input, a lane before it runs a handler) while more than `budget` bytes wait for the client, until
///   half of them are written. So a client that stops reading costs at most the budget plus the answers of the
///   handlers already running, however many requests it sent. A failed or closing outbox never makes anyone wait.
package final class Outbox: Sendable {
    /// Queued-byte thresholds for congestion.
    package struct Watermarks: Sendable {
        package var high: Int
        package var low: Int
        /// Bytes of answers and notifications that may wait for the client before new work waits (`waitForRoom`).
        package var budget: Int
        package init(high: Int = 8 << 20, low: Int = 1 << 20, budget: Int = Outbox.defaultBudget) {
            self.high = high
            self.low = low
            self.budget = max(1, budget)
        }
    }

    /// The default output budget: 64 MiB of answers waiting for the client.
    package static let defaultBudget = 64 << 20

    private enum Entry {
        /// A message: its envelope's prefix, the body as the sender made it (never copied), the suffix.
        case message(prefix: [UInt8], body: [UInt8], suffix: [UInt8])
        /// A message whose body is `head`, `shared` and `tail` one after the other, written as three pieces so the
        /// big shared part (kept by its owner, e.g. an outline cached per text version) is never copied.
        case spliced(prefix: [UInt8], head: [UInt8], shared: [UInt8], tail: [UInt8], suffix: [UInt8])
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
        /// `write`/`writev` calls that wrote messages.
        var writes = 0
        /// Threads blocked in `waitForRoom`.
        var waiters = 0
        /// Times a caller had to wait in `waitForRoom`.
        var budgetWaits = 0
    }

    private let fd: Int32
    private let watermarks: Watermarks
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    /// What `waitForRoom` waits on; the writer broadcasts it under its lock, so no wake-up is lost.
    private let room = NSCondition()
    private let finished = DispatchSemaphore(value: 0)
    private let envelope: OutputEnvelope

    /// Starts the writer thread. `envelope` says what goes around each body on the wire (a header, a newline).
    package init(fd: Int32, watermarks: Watermarks = Watermarks(), envelope: OutputEnvelope) {
        self.fd = fd
        self.watermarks = watermarks
        self.envelope = envelope
        let thread = Thread { [self] in run() }
        thread.name = "skeletond.writer"
        thread.start()
    }

    /// The mark an outbox's writer thread carries (`isWriterThread`).
    private static let writerMark = "skeletond.writer"

    /// Whether the caller runs on an outbox's writer thread (where nothing but writing may happen).
    package static var isWriterThread: Bool { Thread.current.threadDictionary[writerMark] != nil }

    /// Queues a message body; it is always written.
    package func send(_ body: [UInt8]) {
        let prefix = envelope.prefix(body.count)
        let size = prefix.count + body.count + envelope.suffix.count
        let accepted = state.withLock { s -> Bool in
            guard !s.failed, !s.closing else { return false }
            s.queue.append(.message(prefix: prefix, body: body, suffix: envelope.suffix))
            s.queuedBytes += size
            if s.queuedBytes > watermarks.high { s.congested = true }
            return true
        }
        if accepted { wake.signal() }
    }

    /// Queues a message whose body is `head + shared + tail`, written without joining them: `shared` goes to
    /// `writev` as it is (a big answer its owner keeps, such as an encoded outline). Always written, in order with
    /// `send(_:)`.
    package func send(head: [UInt8], shared: [UInt8], tail: [UInt8]) {
        let length = head.count + shared.count + tail.count
        let prefix = envelope.prefix(length)
        let size = prefix.count + length + envelope.suffix.count
        let accepted = state.withLock { s -> Bool in
            guard !s.failed, !s.closing else { return false }
            s.queue.append(
                .spliced(prefix: prefix, head: head, shared: shared, tail: tail, suffix: envelope.suffix))
            s.queuedBytes += size
            if s.queuedBytes > watermarks.high { s.congested = true }
            return true
        }
        if accepted { wake.signal() }
    }

    /// Queues `produce` under `key` unless one with that key is already waiting. Returns whether it was queued.
    /// The producer returns the body to write, or nil to write nothing.
    ///
    /// - Important: `produce` runs on the writer thread: it must only hand over bytes already built (and may report
    ///   that it did), never build them.
    @discardableResult
    package func sendLatest(key: String, _ produce: @escaping @Sendable () -> [UInt8]?) -> Bool {
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
    package var queuedBytes: Int { state.withLock { $0.queuedBytes } }

    /// True from crossing the high watermark until draining below the low one.
    package var isCongested: Bool { state.withLock { $0.congested } }

    /// True once a write failed (the client closed its end); everything sent after that is discarded.
    package var hasFailed: Bool { state.withLock { $0.failed } }

    /// Messages written so far.
    package var writtenCount: Int { state.withLock { $0.written } }

    /// System calls that wrote them (the writer coalesces what is queued into one `writev`).
    package var writeCallCount: Int { state.withLock { $0.writes } }

    /// The output budget in bytes (see `waitForRoom`).
    package var budget: Int { watermarks.budget }

    /// Threads waiting in `waitForRoom` right now.
    package var waitingCount: Int { state.withLock { $0.waiters } }

    /// Times new work waited for the client to read (see `waitForRoom`).
    package var budgetWaitCount: Int { state.withLock { $0.budgetWaits } }

    /// Blocks while more than `budget` bytes of answers wait for the client, until half of the budget is left
    /// (or a write failed, or the outbox closes). Returns at once otherwise.
    ///
    /// - Important: never call it on the writer thread (a frame producer): only the writer makes room.
    package func waitForRoom() {
        let budget = watermarks.budget
        let mustWait = state.withLock { s -> Bool in
            guard s.queuedBytes > budget, !s.failed, !s.closing else { return false }
            s.waiters += 1
            s.budgetWaits += 1
            return true
        }
        guard mustWait else { return }
        room.lock()
        while state.withLock({ $0.queuedBytes > budget / 2 && !$0.failed && !$0.closing }) { room.wait() }
        room.unlock()
        state.withLock { $0.waiters -= 1 }
    }

    /// Wakes `waitForRoom` callers once there is room again (or there never will be).
    private func wakeWaiters() {
        let budget = watermarks.budget
        let wake = state.withLock { s in s.waiters > 0 && (s.queuedBytes <= budget / 2 || s.failed || s.closing) }
        guard wake else { return }
        room.lock()
        room.broadcast()
        room.unlock()
    }

    /// Called on the writer thread when congestion clears.
    package func setOnDecongested(_ handler: (@Sendable () -> Void)?) {
        state.withLock { $0.onDecongested = handler }
    }

    /// Writes what is queued, then stops the writer. Waits at most `timeout` seconds.
    package func close(timeout: Double = 5) {
        state.withLock { $0.closing = true }
        wakeWaiters()
        wake.signal()
        _ = finished.wait(timeout: .now() + timeout)
    }

    /// The most entries, and about the most answer bytes, the writer takes for one `writev`.
    static let maxBatchEntries = 64
    static let maxBatchBytes = 1 << 20

    /// The next run of queued entries to write with one `writev`, in queue order: answers up to
    /// `maxBatchEntries`/`maxBatchBytes`, and at most one frame producer (it runs just before the write, so it
    /// still encodes the newest state, and the answers queued ahead of it keep their place). Empty when the queue is.
    /// `batch` is the writer's own array, emptied and filled again (its storage is kept from one batch to the next).
    private func nextBatch(into batch: inout [Entry]) {
        batch.removeAll(keepingCapacity: true)
        state.withLock { s in
            guard s.head < s.queue.count else {
                s.queue.removeAll(keepingCapacity: s.queue.capacity < 4096)
                s.head = 0
                return
            }
            var bytes = 0
            var hasProducer = false
            while s.head < s.queue.count, batch.count < Self.maxBatchEntries, bytes < Self.maxBatchBytes {
                let entry = s.queue[s.head]
                switch entry {
                case .message(let prefix, let body, let suffix): bytes += prefix.count + body.count + suffix.count
                case .spliced(let prefix, let head, let shared, let tail, let suffix):
                    bytes += prefix.count + head.count + shared.count + tail.count + suffix.count
                case .producer(let key, _):
                    guard !hasProducer else { return }
                    hasProducer = true
                    s.waitingKeys.remove(key)
                }
                s.queue[s.head] = Self.emptyEntry
                s.head += 1
                batch.append(entry)
            }
        }
    }

    private static let emptyEntry = Entry.message(prefix: [], body: [], suffix: [])

    private func run() {
        Thread.current.threadDictionary[Self.writerMark] = true
        // The writer's arrays, kept across batches so a batch allocates nothing but what its producer encodes.
        var batch: [Entry] = []
        batch.reserveCapacity(Self.maxBatchEntries)
        var chunks: [[UInt8]] = []
        chunks.reserveCapacity(Self.maxBatchEntries * 3)
        while true {
            wake.wait()
            while true {
                nextBatch(into: &batch)
                if batch.isEmpty { break }
                chunks.removeAll(keepingCapacity: true)
                var answerBytes = 0
                var messages = 0
                for entry in batch {
                    messages += 1
                    switch entry {
                    case .message(let prefix, let body, let suffix):
                        answerBytes += prefix.count + body.count + suffix.count
                        Self.append(prefix, body, suffix, to: &chunks)
                    case .spliced(let prefix, let head, let shared, let tail, let suffix):
                        answerBytes += prefix.count + head.count + shared.count + tail.count + suffix.count
                        Self.append(prefix, head, [], to: &chunks)
                        Self.append(shared, tail, suffix, to: &chunks)
                    case .producer(_, let produce):
                        if let body = produce() {
                            Self.append(envelope.prefix(body.count), body, envelope.suffix, to: &chunks)
                        } else {
                            messages -= 1  // the producer had nothing to send
                        }
                    }
                }
                batch.removeAll(keepingCapacity: true)  // the bodies go with the chunks after the write
                let ok =
                    chunks.isEmpty || state.withLock({ $0.failed })
                    ? false : FileDescriptor.writeAll(fd, chunks: chunks)
                let wrote = !chunks.isEmpty
                chunks.removeAll(keepingCapacity: true)
                let resumed = state.withLock { s -> (@Sendable () -> Void)? in
                    s.queuedBytes -= answerBytes
                    if ok {
                        s.written += messages
                        s.writes += 1
                    } else if wrote {
                        s.failed = true
                    }
                    if s.congested, s.queuedBytes <= watermarks.low {
                        s.congested = false
                        return s.onDecongested
                    }
                    return nil
                }
                resumed?()
                wakeWaiters()
            }
            if state.withLock({ $0.closing }) {
                finished.signal()
                return
            }
        }
    }
}

extension Outbox {
    /// Adds a message's non-empty parts to a `writev` batch.
    fileprivate static func append(_ prefix: [UInt8], _ body: [UInt8], _ suffix: [UInt8], to chunks: inout [[UInt8]]) {
        if !prefix.isEmpty { chunks.append(prefix) }
        if !body.isEmpty { chunks.append(body) }
        if !suffix.isEmpty { chunks.append(suffix) }
    }
}

/// What goes around a body on the wire, written beside it (`writev`) so the body is never copied.
package struct OutputEnvelope: Sendable {
    /// The bytes before a body of the given length.
    package let prefix: @Sendable (Int) -> [UInt8]
    /// The bytes after every body.
    package let suffix: [UInt8]

    package init(prefix: @escaping @Sendable (Int) -> [UInt8], suffix: [UInt8]) {
        self.prefix = prefix
        self.suffix = suffix
    }

    /// LSP framing: `Content-Length: N\r\n\r\n` before the body.
    package static let contentLength = OutputEnvelope(prefix: header(length:), suffix: [])

    /// One message per line: a newline after the body (bodies never hold a raw newline).
    package static let line = OutputEnvelope(prefix: { _ in [] }, suffix: [0x0A])

    /// The body alone (tests).
    package static let none = OutputEnvelope(prefix: { _ in [] }, suffix: [])

    package static func forMode(_ mode: FramingMode) -> OutputEnvelope {
        switch mode {
        case .lsp: contentLength
        case .jsonl: line
        }
    }

    /// `Content-Length: N\r\n\r\n`, written into one allocation of its exact size (no interpolation, no digit array).
    @Sendable package static func header(length: Int) -> [UInt8] {
        let n = UInt(max(0, length))
        var digits = 1
        var rest = n / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let name = headerName
        let count = name.count + digits + 4
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<name.count { buffer[i] = name[i] }
            var value = n
            var i = name.count + digits
            repeat {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: 0x30 &+ value % 10)
                value /= 10
            } while value > 0
            buffer[count - 4] = 0x0D
            buffer[count - 3] = 0x0A
            buffer[count - 2] = 0x0D
            buffer[count - 1] = 0x0A
            initialized = count
        }
    }

    private static let headerName: [UInt8] = Array("Content-Length: ".utf8)
}

/// Wire framing for outgoing bodies, as one copied array (clients and benchmarks; the daemon's writer uses
/// `OutputEnvelope`).
package enum OutputFraming {
    /// `Content-Length: N\r\n\r\n` + body.
    @Sendable package static func contentLength(_ body: [UInt8]) -> [UInt8] {
        var out = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.reserveCapacity(out.count + body.count)
        out.append(contentsOf: body)
        return out
    }

    /// body + `\n` (bodies never contain a raw newline: the JSON writer escapes them).
    @Sendable package static func line(_ body: [UInt8]) -> [UInt8] {
        var out = body
        out.append(0x0A)
        return out
    }

    package static func framing(for mode: FramingMode) -> @Sendable ([UInt8]) -> [UInt8] {
        switch mode {
        case .lsp: contentLength
        case .jsonl: line
        }
    }
}
