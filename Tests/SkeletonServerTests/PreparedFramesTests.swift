import Foundation
import JSON
import SkeletonGraphics
import SkeletonServer
import SkeletondTestSupport
import Synchronization
import Testing

/// Frames built ahead by the thread that reported a change (`PreviewHub.prepare`), while the writer is busy: sent
/// in their producer's place, never in two copies, never instead of a newer state, never after an unsubscribe.
///
/// Each test holds the writer behind big answers the client does not read yet (a 400×400 raw render is ~850 KB
/// of base64, far more than the in-process pipe holds), so the frame's producer cannot run before the change's
/// thread has prepared the frame: what is asserted does not depend on thread timing.
@Suite struct PreparedFramesTests {
    /// A subscribed harness and the canvas its keyframe made; the keyframe is acknowledged when `ack` is true.
    private func subscribed(window: Int = 2, ack: Bool = true) throws -> (PreviewHarness, FrameCanvas) {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///big") { _ in PreviewHarness.list(width: 400, height: 400, []) }
        h.documents.set("file:///p") { _ in PreviewHarness.list([(4, 4, 20, 10, "#ECF0F1", 3)]) }
        let sub = try h.client.request(
            "preview/subscribe", ["uri": "file:///p", "encoding": "raw", "window": .int(window)])
        #expect(sub["result"]?["subscription"] == "p1")
        let keyframe = try h.nextFrame()
        #expect(keyframe["seq"] == 1)
        var canvas = FrameCanvas()
        try canvas.apply(keyframe)
        if ack { _ = try h.client.request("preview/ack", ["subscription": "p1", "seq": 1]) }
        return (h, canvas)
    }

    /// Sends two big render requests and waits until both answers wait in the output; returns the second's id.
    ///
    /// The writer takes answers up to 1 MiB into one `writev` with at most one frame producer, and runs that producer
    /// just before writing: with one answer queued, a producer queued behind it could join its batch and run at once.
    /// Two answers of ~850 KB fill any batch the first one is in, so a producer queued after both runs only once the
    /// client has read the first: never before the change's thread has prepared its frame.
    private func holdTheWriter(_ h: PreviewHarness) throws -> Int {
        for id in [9_001, 9_003] {
            h.client.send([
                "jsonrpc": "2.0", "id": .int(id), "method": "preview/render",
                "params": ["uri": "file:///big", "encoding": "raw"],
            ])
        }
        let queued = h.server.eventually { h.server.connection.outbox.queuedBytes > 3 << 19 }
        #expect(queued, "the renders' answers never reached the output")
        return 9_003
    }

    /// Reads until the answer `id`, then every message that follows within a short drain.
    private func release(_ h: PreviewHarness, answer id: Int) throws -> [JSON] {
        while true {
            let message = try h.client.receive()
            if message["id"]?.intValue == id { break }
        }
        return try h.client.drain(for: 0.3)
    }

    /// Replaces the document's blocks and reports the change on this thread, as a document's lane does.
    private func change(_ h: PreviewHarness, to blocks: [(Double, Double, Double, Double, String, Double)]) {
        h.documents.set("file:///p") { _ in PreviewHarness.list(blocks) }
        h.hub.documentChanged("file:///p")
    }

    private func frames(_ messages: [JSON]) -> [JSON] {
        messages.compactMap { $0["method"] == "preview/frame" ? $0["params"] : nil }
    }

    @Test func aChangesFrameIsBuiltByTheThreadThatReportedItAndSentOnce() throws {
        var (h, canvas) = try subscribed()
        let render = try holdTheWriter(h)
        change(h, to: [(4, 4, 30, 10, "#3498DB", 3)])
        // Built here, before the writer could run its producer.
        #expect(h.hub.framesBuilt == 2)
        let sent = frames(try release(h, answer: render))
        #expect(sent.map { $0["seq"]?.intValue } == [2])
        for frame in sent { try canvas.apply(frame) }
        #expect(canvas == (try h.render("file:///p")))
        #expect(h.hub.framesPrepared == 1)
        #expect(h.hub.framesBuilt == 2)
    }

    @Test func aChangeAfterThePreparedFramesStateGetsAFrameOfItsOwn() throws {
        var (h, canvas) = try subscribed(window: 4)
        let render = try holdTheWriter(h)
        change(h, to: [(4, 4, 30, 10, "#3498DB", 3)])
        // The producer still waits behind the render: this change cannot be prepared too (one frame is), and must
        // not be lost either.
        change(h, to: [(10, 20, 40, 12, "#E74C3C", 0)])
        #expect(h.hub.framesBuilt == 2)
        var sent = frames(try release(h, answer: render))
        while sent.count < 2 { sent.append(try h.nextFrame()) }
        #expect(sent.map { $0["seq"]?.intValue } == [2, 3])
        for frame in sent { try canvas.apply(frame) }
        #expect(canvas == (try h.render("file:///p")))
        #expect(h.hub.framesPrepared == 1)
        #expect(h.hub.framesBuilt == 3)
    }

    @Test func aPreparedFrameOfAnUnsubscribedStreamIsNeverSent() throws {
        let (h, _) = try subscribed()
        let render = try holdTheWriter(h)
        change(h, to: [(4, 4, 30, 10, "#3498DB", 3)])
        #expect(h.hub.framesBuilt == 2)
        let unsubscribe = 9_002
        h.client.send([
            "jsonrpc": "2.0", "id": .int(unsubscribe), "method": "preview/unsubscribe",
            "params": ["subscription": "p1"],
        ])
        // Handled while the writer still waits behind the renders: the prepared frame is not sent yet.
        #expect(h.server.eventually { h.hub.count == 0 })
        // From now on the document's list is counted: the ended stream's producer must not build one.
        let lists = ListCount()
        h.documents.set("file:///p") { _ in
            lists.count.add(1, ordering: .relaxed)
            return PreviewHarness.list([(4, 4, 30, 10, "#3498DB", 3)])
        }
        var messages = try release(h, answer: render)
        while !messages.contains(where: { $0["id"]?.intValue == unsubscribe }) {
            messages.append(try h.client.receive())
        }
        #expect(frames(messages).isEmpty)
        #expect(h.hub.framesPrepared == 0)
        #expect(lists.count.load(ordering: .relaxed) == 0, "a display list was built for an ended stream")
    }

    @Test func aFullWindowPreparesNothingAndItsAckGetsTheNewestState() throws {
        var (h, canvas) = try subscribed(window: 1, ack: false)
        change(h, to: [(4, 4, 30, 10, "#3498DB", 3)])
        change(h, to: [(10, 20, 40, 12, "#E74C3C", 0)])
        // The keyframe is unacknowledged and the window is 1: nothing is built ahead, nothing waits.
        #expect(h.hub.framesBuilt == 1)
        _ = try h.client.request("preview/ack", ["subscription": "p1", "seq": 1])
        // The ack schedules the frame before it is answered: it may have come first.
        let caughtUp = try frames(h.client.notifications).first ?? h.nextFrame()
        #expect(caughtUp["seq"] == 2)
        try canvas.apply(caughtUp)
        #expect(canvas == (try h.render("file:///p")))
        #expect(h.hub.framesPrepared == 0)
    }
}

/// How many display lists a fake document made.
private final class ListCount: Sendable {
    let count = Atomic<Int>(0)
}
