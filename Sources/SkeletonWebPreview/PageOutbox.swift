import Synchronization

/// One page's outgoing messages, written to its WebSocket in order by the page's own task.
///
/// Bounded whatever the browser does: at most `WebPreviewLimits.maxQueuedFrames` preview frames wait (one more
/// drops every queued frame, and the sender asks the daemon for a keyframe instead), and at most
/// `WebPreviewLimits.maxQueuedMessages` other messages (one more closes the page).
package final class PageOutbox: Sendable, Hashable {
    /// Numbers pages in the order they connected, for logs and tests.
    package let id: Int
    private let state = Mutex(Queue())

    /// What the mutex guards.
    private struct Queue {
        var entries: [(text: String, isFrame: Bool)] = []
        var head = 0
        var frames = 0
        var waiter: CheckedContinuation<String?, Never>?
        var closed = false
        var droppedFrames = 0

        mutating func enqueue(_ text: String, isFrame: Bool) {
            if let waiter {
                self.waiter = nil
                waiter.resume(returning: text)
                return
            }
            entries.append((text, isFrame))
            if isFrame { frames += 1 }
        }

        mutating func dequeue() -> String? {
            guard head < entries.count else { return nil }
            let entry = entries[head]
            head += 1
            if entry.isFrame { frames -= 1 }
            if head == entries.count {
                entries.removeAll(keepingCapacity: true)
                head = 0
            }
            return entry.text
        }

        mutating func close() {
            closed = true
            entries.removeAll()
            head = 0
            frames = 0
            waiter?.resume(returning: nil)
            waiter = nil
        }
    }

    package init(id: Int) { self.id = id }

    /// Frames thrown away because the page did not take them in time.
    package var droppedFrames: Int { state.withLock { $0.droppedFrames } }

    /// Queues a message; false when the page is closed or has let too many pile up (then it is closed).
    @discardableResult
    package func post(_ text: String) -> Bool {
        state.withLock { queue in
            guard !queue.closed else { return false }
            guard queue.entries.count - queue.head - queue.frames < WebPreviewLimits.maxQueuedMessages else {
                queue.close()
                return false
            }
            queue.enqueue(text, isFrame: false)
            return true
        }
    }

    /// Queues a preview frame; false when it was dropped because too many wait (the queued frames are dropped
    /// with it: the caller asks for a keyframe) or the page is closed.
    package func postFrame(_ text: String) -> Bool {
        state.withLock { queue in
            guard !queue.closed else { return false }
            guard queue.frames < WebPreviewLimits.maxQueuedFrames else {
                let waiting = queue.entries[queue.head...].filter { !$0.isFrame }
                queue.droppedFrames += queue.frames + 1
                queue.entries = Array(waiting)
                queue.head = 0
                queue.frames = 0
                return false
            }
            queue.enqueue(text, isFrame: true)
            return true
        }
    }

    /// The next message to write, waiting for one; nil once the page is closed.
    func next() async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let ready: String?? = state.withLock { queue in
                if let text = queue.dequeue() { return .some(text) }
                if queue.closed { return .some(nil) }
                queue.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// No message is queued or written from now on.
    package func close() {
        state.withLock { $0.close() }
    }

    /// Messages and frames waiting (for tests).
    package var queuedCount: Int { state.withLock { $0.entries.count - $0.head } }

    package static func == (a: PageOutbox, b: PageOutbox) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
