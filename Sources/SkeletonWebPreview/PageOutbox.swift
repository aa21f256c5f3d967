import Foundation

/// One page's outgoing messages, written to its WebSocket in order by the page's own task.
///
/// Bounded whatever the browser does: at most `WebPreviewLimits.maxQueuedFrames` preview frames wait (one more
/// drops every queued frame, and the sender asks the daemon for a keyframe instead), and at most
/// `WebPreviewLimits.maxQueuedMessages` other messages (one more closes the page).
package final class PageOutbox: @unchecked Sendable, Hashable {
    /// Numbers pages in the order they connected, for logs and tests.
    package let id: Int
    private let lock = NSLock()
    private var queue: [(text: String, isFrame: Bool)] = []
    private var head = 0
    private var frames = 0
    private var waiter: CheckedContinuation<String?, Never>?
    private var closed = false
    /// Frames thrown away because the page did not take them in time.
    package private(set) var droppedFrames = 0

    package init(id: Int) { self.id = id }

    /// Queues a message; false when the page is closed or has let too many pile up (then it is closed).
    @discardableResult
    package func post(_ text: String) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            guard queue.count - head - frames < WebPreviewLimits.maxQueuedMessages else {
                closeLocked()
                return false
            }
            enqueueLocked(text, isFrame: false)
            return true
        }
    }

    /// Queues a preview frame; false when it was dropped because too many wait (the queued frames are dropped
    /// with it: the caller asks for a keyframe) or the page is closed.
    package func postFrame(_ text: String) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            guard frames < WebPreviewLimits.maxQueuedFrames else {
                let waiting = queue[head...].filter { !$0.isFrame }
                droppedFrames += frames + 1
                queue = Array(waiting)
                head = 0
                frames = 0
                return false
            }
            enqueueLocked(text, isFrame: true)
            return true
        }
    }

    /// The next message to write, waiting for one; nil once the page is closed.
    func next() async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let ready: String?? = lock.withLock {
                if let text = dequeueLocked() { return .some(text) }
                if closed { return .some(nil) }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// No message is queued or written from now on.
    package func close() {
        lock.withLock { closeLocked() }
    }

    /// Messages and frames waiting (for tests).
    package var queuedCount: Int { lock.withLock { queue.count - head } }

    private func enqueueLocked(_ text: String, isFrame: Bool) {
        if let waiter {
            self.waiter = nil
            waiter.resume(returning: text)
            return
        }
        queue.append((text, isFrame))
        if isFrame { frames += 1 }
    }

    private func dequeueLocked() -> String? {
        guard head < queue.count else { return nil }
        let entry = queue[head]
        head += 1
        if entry.isFrame { frames -= 1 }
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return entry.text
    }

    private func closeLocked() {
        closed = true
        queue.removeAll()
        head = 0
        frames = 0
        waiter?.resume(returning: nil)
        waiter = nil
    }

    package static func == (a: PageOutbox, b: PageOutbox) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
