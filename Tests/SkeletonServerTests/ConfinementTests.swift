import Dispatch
import Synchronization
import Testing

@testable import SkeletonServer

/// The threading rules are checked, not just written down: a document touched off its lane, or a subscription's
/// state touched off its executor, traps in debug builds (and so in tests).
@Suite struct ConfinementTests {
    @Test func aDocumentIsOnItsLaneOnlyOnItsOwn() {
        let lanes = Lanes()
        let seen = Mutex<[String: String?]>([:])
        for lane in ["file:///a", "file:///b"] {
            lanes.run(DocumentLane.key(lane)) {
                let violation = DocumentLane.violation(touching: "file:///a")
                seen.withLock { $0[lane] = violation }
            }
        }
        lanes.run("$control") {
            let violation = DocumentLane.violation(touching: "file:///a")
            seen.withLock { $0["$control"] = violation }
        }
        lanes.waitUntilIdle()
        let found = seen.withLock { $0 }
        #expect(found["file:///a"] == .some(nil))
        #expect(found["file:///b"] == "document file:///a touched off its lane, on lane doc:file:///b")
        #expect(found["$control"] == "document file:///a touched off its lane, on lane $control")
        #expect(DocumentLane.violation(touching: "file:///a") == "document file:///a touched off its lane, on no lane")
    }

    @Test func touchingADocumentOffItsLaneTraps() async {
        await #expect(processExitsWith: .failure) {
            DocumentLane.assertOnLane("file:///a")
        }
    }

    @Test func touchingADocumentOnItsLaneDoesNot() async {
        await #expect(processExitsWith: .success) {
            let lanes = Lanes()
            lanes.run(DocumentLane.key("file:///a")) { DocumentLane.assertOnLane("file:///a") }
            lanes.waitUntilIdle()
        }
    }

    @Test func aQueueBoundValueTouchedOffItsQueueTraps() async {
        await #expect(processExitsWith: .failure) {
            let bound = QueueBound(0, on: DispatchQueue(label: "bound"))
            bound.withValue { $0 += 1 }
        }
        await #expect(processExitsWith: .success) {
            let queue = DispatchQueue(label: "bound")
            let bound = QueueBound(0, on: queue)
            queue.sync { bound.withValue { $0 += 1 } }
        }
    }
}
