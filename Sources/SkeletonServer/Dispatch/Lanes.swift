import Dispatch
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

    /// Runs `work` after every earlier work item of the same key.
    func run(_ key: String, _ work: @escaping @Sendable () -> Void) {
        inFlight.enter()
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
            inFlight.leave()
        }
    }

    /// Blocks until every queued work item has run.
    func waitUntilIdle() { inFlight.wait() }

    /// Number of lanes that have work (for tests).
    var activeCount: Int { lanes.withLock { $0.count } }
}
