import SkeletonWebPreview
import Testing

@Suite struct PageOutboxTests {
    @Test func aSlowPageHoldsAtMostTheFrameLimit() {
        let outbox = PageOutbox(id: 1)
        #expect(outbox.post("state"))
        var dropped = 0
        for k in 0..<1000 where !outbox.postFrame("frame \(k)") { dropped += 1 }
        // Frames past the limit drop those queued with them; the message stays.
        #expect(outbox.queuedCount <= WebPreviewLimits.maxQueuedFrames + 1)
        #expect(dropped > 0)
        #expect(outbox.droppedFrames >= 1000 - WebPreviewLimits.maxQueuedFrames)
    }

    @Test func aPageThatReadsNothingIsClosedPastTheMessageLimit() {
        let outbox = PageOutbox(id: 1)
        for k in 0..<WebPreviewLimits.maxQueuedMessages { #expect(outbox.post("m\(k)")) }
        #expect(!outbox.post("one more"))
        #expect(outbox.queuedCount == 0)
        #expect(!outbox.post("after close"))
    }

    @Test func aFloodOfCommandsWaitsWithinItsLimit() {
        let events = PageEvents()
        let page = PageOutbox(id: 1)
        var accepted = 0
        for _ in 0..<1000 where events.post(.command(page, .hide)) { accepted += 1 }
        #expect(accepted == PageEvents.maxPendingPerPage)
        #expect(events.take(waitingUpTo: 0).count == PageEvents.maxPendingPerPage)
        #expect(events.post(.command(page, .hide)))
    }
}
