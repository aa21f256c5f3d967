import Foundation
import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonServer
import SkeletondTestSupport
import Synchronization
import Testing

/// Frames are built on the subscriptions' executors, never on the transport's writer thread: whatever starts a frame
/// (the subscription, a change, an ack, a clock move, a refresh, the output draining), the display list is read off
/// the writer.
@Suite struct PreviewExecutorTests {
    /// Counts display lists made, and those made on the writer thread.
    final class Reads: Sendable {
        let total = Atomic<Int>(0)
        let onWriter = Atomic<Int>(0)
    }

    @Test func noFrameIsBuiltOnTheWritersThread() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        let reads = Reads()
        func set(_ width: Double) {
            h.documents.set("file:///x") { t in
                reads.total.add(1, ordering: .relaxed)
                if Outbox.isWriterThread { reads.onWriter.add(1, ordering: .relaxed) }
                return PreviewHarness.list([(0, 0, width + t, 10, "#3498DB", 0)])
            }
        }
        // The next frame: one that came before a request's answer (an ack's frame is queued before it), else the next.
        func nextFrame() throws -> JSON {
            let early = h.client.notifications.firstIndex { $0["method"] == "preview/frame" }
            guard let early else { return try h.nextFrame() }
            return h.client.notifications.remove(at: early)["params"] ?? [:]
        }
        set(5)
        _ = try h.client.request("preview/subscribe", ["uri": "file:///x", "encoding": "raw", "window": 1])
        var seq = try h.nextFrame()["seq"]?.intValue ?? 0
        for step in 0..<6 {
            // A change (built while the reporting thread waits), then a clock move while the window is full (built
            // after the ack), a refresh, and an ack as a request and as a notification.
            set(Double(6 + step))
            h.hub.documentChanged("file:///x")
            _ = try h.client.request("clock/advance", ["seconds": 0.5])
            if step % 2 == 0 {
                _ = try h.client.request("preview/ack", ["subscription": "p1", "seq": .int(seq)])
            } else {
                h.client.notify("preview/ack", ["subscription": "p1", "seq": .int(seq)])
            }
            seq = try nextFrame()["seq"]?.intValue ?? seq
            if step == 3 { _ = try h.client.request("preview/refresh", ["subscription": "p1"]) }
        }
        #expect(seq >= 7)
        #expect(reads.total.load(ordering: .relaxed) >= 7)
        #expect(reads.onWriter.load(ordering: .relaxed) == 0, "display lists read on the writer thread")
    }
}
