import Testing

@testable import SkeletonServer

/// A frame meets the demand only for the changes its state was read after: one reported while it is built keeps a
/// frame owed (the race a live stream lost an edit's frame to).
@Suite struct FrameDemandTests {
    @Test func aFrameMeetsTheChangesBeforeItsStateWasRead() {
        var demand = FrameDemand()
        #expect(demand.isPending)  // a new subscription is owed its keyframe
        let first = demand.frameStarted()
        let owed = demand.frameBuilt(since: first)
        #expect(!owed && !demand.isPending)
        demand.changed()
        demand.changed()
        let second = demand.frameStarted()
        let stillOwed = demand.frameBuilt(since: second)
        #expect(!stillOwed)
    }

    @Test func aChangeWhileAFrameIsBuiltKeepsAFrameOwed() {
        var demand = FrameDemand()
        _ = demand.frameBuilt(since: demand.frameStarted())
        demand.changed()
        let stale = demand.frameStarted()  // the frame reads the state here...
        demand.changed()  // ...and a change lands before it finishes
        let owed = demand.frameBuilt(since: stale)
        #expect(owed && demand.isPending)
        // The frame scheduled for it, reading the newest state, meets it.
        let fresh = demand.frameStarted()
        let stillOwed = demand.frameBuilt(since: fresh)
        #expect(!stillOwed && !demand.isPending)
    }
}
