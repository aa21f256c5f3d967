import JSON
import SkeletonGraphics
import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// However often a client subscribes, previews hold at most `PreviewLimits.maxSubscriptions` streams and the frame
/// budget's bytes of frames: a subscription past either is refused (-32803) and changes nothing, one whose canvas
/// grows past the budget ends with `preview/ended`, and every way a subscription goes gives its bytes back.
@Suite struct PreviewLimitsTests {
    /// A 64×48 canvas at scale 1: a raw stream holds two frames of 3,072 pixels.
    static let rawBytes = 2 * 4 * 64 * 48

    private func harness(budget: Int) throws -> PreviewHarness {
        let h = PreviewHarness(frameBudget: budget)
        try h.server.initialize()
        h.documents.set("file:///a") { _ in PreviewHarness.list([(4, 4, 20, 10, "#ECF0F1", 3)]) }
        return h
    }

    private func subscribe(_ h: PreviewHarness, _ encoding: String = "raw") throws -> JSON {
        try h.client.request("preview/subscribe", ["uri": "file:///a", "encoding": .string(encoding)])
    }

    @Test func subscriptionsPastTheFrameBudgetAreRefusedUntilOneEnds() throws {
        let h = try harness(budget: 2 * Self.rawBytes + Self.rawBytes / 2)
        let first = try subscribe(h)["result"]?["subscription"]
        _ = try #require(try subscribe(h)["result"]?["subscription"])
        #expect(h.hub.frameBytesHeld == 2 * Self.rawBytes)
        let refused = try subscribe(h)
        #expect(refused["error"]?["code"] == -32803)
        #expect(refused["error"]?["message"]?.stringValue?.contains("unsubscribe others") == true)
        // A client tells a refusal from a document with no valid tree yet (also -32803, no reason) by its reason.
        #expect(refused["error"]?["data"] == ["reason": "frameBudget"])
        #expect(h.hub.count == 2 && h.hub.frameBytesHeld == 2 * Self.rawBytes)
        // Layer streams hold no pixels: they are not refused.
        #expect(try subscribe(h, "layers")["result"]?["subscription"] != nil)
        // An unsubscribe gives its bytes back.
        _ = try h.client.request("preview/unsubscribe", ["subscription": try #require(first)])
        #expect(h.hub.frameBytesHeld == Self.rawBytes)
        #expect(try subscribe(h)["result"]?["subscription"] != nil)
        #expect(h.hub.frameBytesHeld == 2 * Self.rawBytes)
    }

    @Test func closingTheDocumentGivesItsSubscriptionsBytesBack() throws {
        let h = try harness(budget: PreviewLimits.frameBudget)
        _ = try subscribe(h)
        // A bad subscription is refused before anything is reserved.
        #expect(try subscribe(h, "bogus")["error"]?["code"] == -32602)
        #expect(h.hub.frameBytesHeld == Self.rawBytes)
        h.hub.documentClosed("file:///a")
        #expect(h.hub.count == 0 && h.hub.frameBytesHeld == 0)
    }

    @Test func aCanvasThatGrowsPastTheBudgetEndsItsSubscription() throws {
        let h = try harness(budget: 3 * Self.rawBytes)
        let id = try #require(try subscribe(h)["result"]?["subscription"])
        _ = try h.nextFrame()
        _ = try h.client.request("preview/ack", ["subscription": id, "seq": 1])
        // Twice the width: two frames of 6,144 pixels, four times what it held, past the budget.
        h.documents.set("file:///a") { _ in
            PreviewHarness.list(width: 128, height: 96, [(4, 4, 20, 10, "#ECF0F1", 3)])
        }
        h.hub.documentChanged("file:///a")
        var ended: JSON?
        while ended == nil {
            let message = try h.client.receive()
            #expect(message["method"] != "preview/frame", "a frame was built past the budget")
            if message["method"] == "preview/ended" { ended = message["params"] }
        }
        #expect(ended?["subscription"] == id && ended?["uri"] == "file:///a" && ended?["reason"] == "frameBudget")
        // The message names what the canvas needs and the budget this daemon has, not the default one.
        let message = ended?["message"]?.stringValue ?? ""
        #expect(message.contains("would need 96 KiB") && message.contains("of the 72 KiB"), "\(message)")
        #expect(h.hub.count == 0 && h.hub.frameBytesHeld == 0)
        let ack = try h.client.request("preview/ack", ["subscription": id, "seq": 1])
        #expect(ack["error"]?["code"] == -32602)
        // Within the budget the same canvas grows freely.
        let roomy = try harness(budget: 8 * Self.rawBytes)
        let kept = try #require(try subscribe(roomy)["result"]?["subscription"])
        _ = try roomy.nextFrame()
        _ = try roomy.client.request("preview/ack", ["subscription": kept, "seq": 1])
        roomy.documents.set("file:///a") { _ in PreviewHarness.list(width: 128, height: 96, []) }
        roomy.hub.documentChanged("file:///a")
        #expect(try roomy.nextFrame()["width"] == 128)
        #expect(roomy.hub.frameBytesHeld == 4 * Self.rawBytes)
    }

    @Test func budgetsAreDescribedInMebibytesWithoutOverflow() {
        #expect(FrameBudget.describe(0) == "0 KiB")
        #expect(FrameBudget.describe(98_304) == "96 KiB")
        #expect(FrameBudget.describe(2_000_000) == "1.9 MiB")
        #expect(FrameBudget.describe(PreviewLimits.frameBudget) == "1024.0 MiB")
        #expect(FrameBudget.describe(Int.max) == "8796093022207.9 MiB")
        #expect(FrameBudget.describe(-1) == "0 KiB")
    }

    @Test func subscriptionsPastTheMostOpenAtOnceAreRefused() throws {
        let h = try harness(budget: PreviewLimits.frameBudget)
        for _ in 0..<PreviewLimits.maxSubscriptions {
            #expect(try subscribe(h, "layers")["result"]?["subscription"] != nil)
        }
        let refused = try subscribe(h, "layers")
        #expect(refused["error"]?["code"] == -32803)
        #expect(refused["error"]?["data"] == ["reason": "subscriptions"])
        #expect(h.hub.count == PreviewLimits.maxSubscriptions)
        // A refused raw subscription gives back what it reserved.
        #expect(try subscribe(h)["error"]?["code"] == -32803)
        #expect(h.hub.frameBytesHeld == 0)
    }
}
