import Dispatch
import Foundation
import Synchronization

/// Serial lanes keyed by document uri: work for one document runs in arrival order, work for different
/// documents runs in parallel. A lane exists only while it has work, so stray uris cost nothing afterwards.
///
/// In debug builds each lane's queue carries its key (`Lanes.current`), so code can check where it runs: a document is touched only
/// on its own lane (`DocumentLane.assertOnLane`).
final class Lanes: Sendable {
    private struct Lane {
        let queue: DispatchQueue
        var pending: Int
    }

    private let lanes = Mutex<[String: Lane]>([:])
    private let inFlight = DispatchGroup()
    private let room: Room

    /// Lanes that hold at most about `capacity` queued work items before `waitForRoom` holds the reader back.
    init(capacity: Int = Lanes.defaultCapacity) { room = Room(capacity: capacity) }

    /// Queued work items (all lanes) at which the reader stops reading; it reads on once half of them ran.
    static let defaultCapacity = 1024

    /// Blocks the caller (the reader thread, before it hands on the next message) while `capacity` work items are
    /// queued, until half of them have run: a client that sends faster than its requests are handled fills its
    /// own pipe instead of the daemon's memory. Work never waits on input, so the queue always drains.
    func waitForRoom() { room.waitForRoom() }

    /// Work items queued or running, all lanes together.
    var pendingCount: Int { room.count }

    /// Runs `work` after every earlier work item of the same key.
    func run(_ key: String, _ work: @escaping @Sendable () -> Void) {
        inFlight.enter()
        room.add()
        let queue = lanes.withLock { lanes -> DispatchQueue in
            if var lane = lanes[key] {
                lane.pending += 1
                lanes[key] = lane
                return lane.queue
            }
            let queue = DispatchQueue(label: "skeletond.lane")
            // Only debug builds check where they run (`DocumentLane`): release builds skip the tag's cost.
            assert(Self.tag(queue, key))
            lanes[key] = Lane(queue: queue, pending: 1)
            return queue
        }
        queue.async { [self] in
            work()
            lanes.withLock { lanes in
                guard var lane = lanes[key] else { return }
                lane.pending -= 1
                lanes[key] = lane.pending == 0 ? nil : lane
            }
            room.remove()
            inFlight.leave()
        }
    }

    /// Blocks until every queued work item has run.
    func waitUntilIdle() { inFlight.wait() }

    /// Number of lanes that have work (for tests).
    var activeCount: Int { lanes.withLock { $0.count } }

    /// The key of the lane the caller runs on, nil on any other thread.
    static var current: String? { DispatchQueue.getSpecific(key: keyOfQueue) }

    /// Tags `queue` with its lane key; always true (called inside `assert`).
    private static func tag(_ queue: DispatchQueue, _ key: String) -> Bool {
        queue.setSpecific(key: keyOfQueue, value: key)
        return true
    }

    /// Where each lane's queue keeps its key.
    private static let keyOfQueue = DispatchSpecificKey<String>()
}

/// The rule that a document is touched only on its own lane (its text, sessions and analyses change there, in the
/// order its messages came), checked where a document changes.
enum DocumentLane {
    /// The lane key of document `uri` (`Server.runOnDocumentLane`, and requests routed by their `uri`).
    static func key(_ uri: String) -> String { "doc:" + uri }

    /// What breaks the rule when the caller touches document `uri` here: nil on its lane.
    static func violation(touching uri: String) -> String? {
        let lane = Lanes.current
        guard lane != key(uri) else { return nil }
        return "document \(uri) touched off its lane, " + (lane.map { "on lane \($0)" } ?? "on no lane")
    }

    /// Traps in debug builds (and so in tests) when the caller is not on the lane of document `uri`.
    static func assertOnLane(_ uri: String, file: StaticString = #file, line: UInt = #line) {
        assert(violation(touching: uri) == nil, violation(touching: uri) ?? "", file: file, line: line)
    }
}

/// The count of queued work and a condition the reader waits on while it is too high.
// Safety: `pending` is only touched with `condition` locked (a `Mutex` cannot wait for a signal).
private final class Room: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    /// Guarded by `condition`.
    private var pending = 0

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending
    }

    func add() {
        condition.lock()
        pending += 1
        condition.unlock()
    }

    func remove() {
        condition.lock()
        pending -= 1
        if pending <= capacity / 2 { condition.broadcast() }
        condition.unlock()
    }

    func waitForRoom() {
        condition.lock()
        defer { condition.unlock() }
        guard pending >= capacity else { return }
        while pending > capacity / 2 { condition.wait() }
    }
}
