import Dispatch
import Foundation
import Synchronization

/// Serial lanes keyed by document uri: work for one document runs in arrival order, work for different
/// documents runs in parallel. A lane exists only while it has work, so stray uris cost nothing afterwards.
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
}

/// The count of queued work and a condition the reader waits on while it is too high.
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
