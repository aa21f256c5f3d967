import Foundation

/// What happened on the browser side, for the one thread that talks to the daemon.
package enum PageEvent: Sendable {
    case opened(PageOutbox)
    case command(PageOutbox, PageCommand)
    case closed(PageOutbox)
}

/// The pages' events in arrival order, taken by the daemon's thread. Bounded: every page has at most
/// `maxPendingPerPage` commands waiting (further ones are refused with an error to that page), so a page that
/// floods costs its own commands, not memory.
// Safety: `events` and `pending` are only touched with `condition` locked (a `Mutex` cannot wait for a post).
package final class PageEvents: @unchecked Sendable {
    /// Commands from one page that may wait at once.
    package static let maxPendingPerPage = 64
    private let condition = NSCondition()
    private var events: [PageEvent] = []
    private var pending: [Int: Int] = [:]

    package init() {}

    /// Queues `event`; false when it is a command and its page already has `maxPendingPerPage` waiting.
    @discardableResult
    package func post(_ event: PageEvent) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if case .command(let page, _) = event {
            guard pending[page.id, default: 0] < Self.maxPendingPerPage else { return false }
            pending[page.id, default: 0] += 1
        }
        events.append(event)
        condition.signal()
        return true
    }

    /// Every queued event, waiting up to `seconds` for the first.
    package func take(waitingUpTo seconds: Double) -> [PageEvent] {
        condition.lock()
        defer { condition.unlock() }
        if events.isEmpty, seconds > 0 { _ = condition.wait(until: Date().addingTimeInterval(seconds)) }
        let taken = events
        events.removeAll()
        pending.removeAll()
        return taken
    }
}
