import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// Previews through a viewport (`Protocol/previews.md#viewports`) against the real daemon: frames are exactly the
/// region of `preview/render`, a moved viewport's next frame is a keyframe of the new region, only the viewport
/// counts against the frame budget, and every bad viewport is -32602 at its member.
@Suite struct ViewportEndToEndTests {
    typealias D = DaemonSession

    /// A 240 × 320-point screen of blocks and labels on a grey background, animated with a gradient skeleton.
    static let screen: JSON = [
        "root": D.node(
            "UIView", "screen", frame: [0, 0, 240, 320], ["backgroundColor": "#EEEEEE"], children: (0..<6).map(child))
    ]

    static func child(_ i: Int) -> JSON {
        let frame: [Double] = [Double(8 + 20 * (i % 3)), Double(10 + 50 * i), 150, 40]
        let extra: JSONObject = i % 2 == 0 ? ["cornerRadius": 8] : ["numberOfLines": 2]
        return D.node(i % 2 == 0 ? "UIImageView" : "UILabel", "n\(i)", frame: frame, extra)
    }

    static let uri = "file:///viewport/screen.json"

    /// A daemon with the screen open and an animated gradient skeleton shown at time 0.
    static func animatedScreen(arguments: [String] = [], manual: Bool = true) throws -> D {
        let session = try D(arguments: arguments, initializationOptions: ["clock": manual ? "manual" : "real"])
        session.open(uri, screen)
        _ = try session.call(
            "skeleton/show", ["uri": .string(uri), "type": "gradient", "animated": true, "transition": "none"])
        return session
    }

    static func viewport(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> JSON {
        ["x": .double(x), "y": .double(y), "width": .double(width), "height": .double(height)]
    }

    /// `preview/render` (raw) of the pixel region `x, y, width, height` at `time` and `scale`.
    static func rendered(_ s: D, _ region: [Int], scale: Double, time: Double) throws -> FrameCanvas {
        let render = try s.call(
            "preview/render",
            [
                "uri": .string(uri), "encoding": "raw", "scale": .double(scale), "time": .double(time),
                "region": [
                    "x": .int(region[0]), "y": .int(region[1]), "width": .int(region[2]), "height": .int(region[3]),
                ],
            ])
        let pixels = Data(base64Encoded: render["data"]?.stringValue ?? "").map(Array.init) ?? []
        return FrameCanvas(
            width: render["width"]?.intValue ?? 0, height: render["height"]?.intValue ?? 0, rgba: pixels)
    }

    /// The numbers of a `viewport` (`x, y, width, height`) or `canvas` (`width, height`) object, in that order.
    static func numbers(_ object: JSON?) -> [Double] {
        ["x", "y", "width", "height"].compactMap { object?[$0]?.doubleValue }
    }

    /// The canvas background as a frame pixel (`skeleton/layers`' `background`, opaque).
    static func background(_ s: D) throws -> [UInt8] {
        let hex = try s.call("skeleton/layers", ["uri": .string(uri)])["background"]?.stringValue ?? ""
        let digits = Array(hex.utf8.dropFirst())
        guard digits.count >= 6 else { throw ClientError("no background in skeleton/layers: \(hex)") }
        let bytes = (0..<3).compactMap {
            UInt8(String(decoding: digits[(2 * $0)..<(2 * $0 + 2)], as: UTF8.self), radix: 16)
        }
        guard hex.count == 7 || hex.hasSuffix("FF") || hex.hasSuffix("ff") else {
            throw ClientError("the test expects an opaque background, not \(hex)")
        }
        return bytes + [0xFF]
    }

    /// Applies frames as they come (acknowledging each) until one shows `time`; returns the last applied.
    static func frames(until time: Double, _ s: D, into canvas: inout FrameCanvas) throws -> JSON {
        while true {
            let frame = try s.notification("preview/frame")
            try canvas.apply(frame)
            s.client.notify(
                "preview/ack", ["subscription": frame["subscription"] ?? .null, "seq": frame["seq"] ?? .null])
            if frame["time"]?.doubleValue == time { return frame }
        }
    }

    /// At every step of the animation (manual clock), the frames through a viewport reassemble to exactly the same
    /// pixels as `preview/render` of that region: the origin snapped down to the pixel grid, the size rounded up.
    @Test(arguments: ["raw", "png"])
    func framesThroughAViewportAreTheRenderedRegionAtEveryStep(encoding: String) throws {
        let s = try Self.animatedScreen()
        defer { s.close() }
        // Scale 2: pixels from (floor(27.0), floor(80.5)) = (27, 80), ceil(240) × ceil(200.5) = 240 × 201.
        let subscription = try s.call(
            "preview/subscribe",
            [
                "uri": .string(Self.uri), "encoding": .string(encoding), "scale": 2,
                "viewport": Self.viewport(13.5, 40.25, 120, 100.25),
            ])["subscription"]
        #expect(subscription != nil)
        var canvas = FrameCanvas()
        let keyframe = try Self.frames(until: 0, s, into: &canvas)
        #expect(keyframe["keyframe"] == true)
        #expect(keyframe["width"] == 240 && keyframe["height"] == 201)
        #expect(Self.numbers(keyframe["viewport"]) == [13.5, 40.25, 120, 100.25])
        #expect(Self.numbers(keyframe["canvas"]) == [240, 320])
        #expect(canvas == (try Self.rendered(s, [27, 80, 240, 201], scale: 2, time: 0)))
        var deltas = 0
        for step in 1...8 {
            let time = Double(step) * 0.15
            try s.advance(to: time)
            let frame = try Self.frames(until: time, s, into: &canvas)
            if frame["keyframe"] == false { deltas += 1 }
            #expect(frame["viewport"] == nil, "only keyframes carry the viewport")
            #expect(canvas == (try Self.rendered(s, [27, 80, 240, 201], scale: 2, time: time)), "step \(step)")
        }
        #expect(deltas == 8, "every step of the animation is a delta frame")
    }

    /// A viewport reaching past the canvas's right and bottom edges keeps its size: what lies beyond the canvas is
    /// the background, the rest the rendered region.
    @Test func aViewportPastTheCanvasShowsTheBackgroundBeyondIt() throws {
        let s = try Self.animatedScreen()
        defer { s.close() }
        _ = try s.call(
            "preview/subscribe",
            ["uri": .string(Self.uri), "encoding": "raw", "viewport": Self.viewport(200, 300, 100, 50)])
        var canvas = FrameCanvas()
        _ = try Self.frames(until: 0, s, into: &canvas)
        #expect(canvas.width == 100 && canvas.height == 50)
        let inside = try Self.rendered(s, [200, 300, 40, 20], scale: 1, time: 0)
        let background = try Self.background(s)
        for y in 0..<50 {
            for x in 0..<100 {
                let i = (y * 100 + x) * 4
                let got = Array(canvas.rgba[i..<(i + 4)])
                if x < 40 && y < 20 {
                    let j = (y * 40 + x) * 4
                    #expect(got == Array(inside.rgba[j..<(j + 4)]), "pixel \(x), \(y)")
                } else {
                    #expect(got == background, "pixel \(x), \(y) beyond the canvas")
                }
            }
        }
    }

    /// `preview/viewport` mid-animation (manual clock): the next frame is a keyframe of the new region at the
    /// current time, and the frames after it follow the new region.
    @Test func aViewportMovedMidAnimationGivesTheNewRegionNext() throws {
        let s = try Self.animatedScreen()
        defer { s.close() }
        let id =
            try s.call(
                "preview/subscribe",
                ["uri": .string(Self.uri), "encoding": "png", "viewport": Self.viewport(0, 0, 120, 100)])[
                "subscription"] ?? .null
        var canvas = FrameCanvas()
        _ = try Self.frames(until: 0, s, into: &canvas)
        try s.advance(to: 0.3)
        _ = try Self.frames(until: 0.3, s, into: &canvas)
        #expect(
            try s.call("preview/viewport", ["subscription": id, "viewport": Self.viewport(60, 150, 160, 90)]) == .null)
        let keyframe = try Self.frames(until: 0.3, s, into: &canvas)
        #expect(keyframe["keyframe"] == true)
        #expect(Self.numbers(keyframe["viewport"]) == [60, 150, 160, 90])
        #expect(canvas == (try Self.rendered(s, [60, 150, 160, 90], scale: 1, time: 0.3)))
        try s.advance(to: 0.45)
        _ = try Self.frames(until: 0.45, s, into: &canvas)
        #expect(canvas == (try Self.rendered(s, [60, 150, 160, 90], scale: 1, time: 0.45)))
    }

    /// The same under the real clock: while frames stream at `maxFps`, a moved viewport's next keyframe shows the
    /// new region, exactly as `preview/render` at that frame's time.
    @Test func aViewportMovedUnderTheRealClockGivesTheNewRegionNext() throws {
        let s = try Self.animatedScreen(manual: false)
        defer { s.close() }
        let id =
            try s.call(
                "preview/subscribe",
                [
                    "uri": .string(Self.uri), "encoding": "raw", "maxFps": 30,
                    "viewport": Self.viewport(0, 0, 100, 100),
                ])["subscription"] ?? .null
        var canvas = FrameCanvas()
        for _ in 0..<3 {
            let frame = try s.notification("preview/frame")
            try canvas.apply(frame)
            s.client.notify("preview/ack", ["subscription": id, "seq": frame["seq"] ?? .null])
        }
        #expect(
            try s.call("preview/viewport", ["subscription": id, "viewport": Self.viewport(100, 200, 80, 60)]) == .null)
        var keyframe: JSON = .null
        while keyframe["viewport"] == nil {
            keyframe = try s.notification("preview/frame")
            try canvas.apply(keyframe)
            s.client.notify("preview/ack", ["subscription": id, "seq": keyframe["seq"] ?? .null])
        }
        #expect(keyframe["keyframe"] == true && keyframe["width"] == 80 && keyframe["height"] == 60)
        let time = keyframe["time"]?.doubleValue ?? -1
        #expect(canvas == (try Self.rendered(s, [100, 200, 80, 60], scale: 1, time: time)))
    }

    /// Only the viewport counts against the frame budget: a subscription to the whole canvas at scale 2 (two frames
    /// of 480 × 640 pixels: 2.3 MiB) does not fit in 1 MiB, one through a 100 × 100-point viewport (313 KiB) does,
    /// and growing it past the budget is -32803 with the old viewport kept.
    @Test func theBudgetCountsTheViewport() throws {
        let s = try Self.animatedScreen(arguments: ["--preview-budget", String(1 << 20)])
        defer { s.close() }
        let whole = try s.error("preview/subscribe", ["uri": .string(Self.uri), "encoding": "raw", "scale": 2])
        #expect(whole["code"] == -32803)
        let id =
            try s.call(
                "preview/subscribe",
                ["uri": .string(Self.uri), "encoding": "raw", "scale": 2, "viewport": Self.viewport(0, 0, 100, 100)])[
                "subscription"] ?? .null
        #expect(try s.call("daemon/status", [:])["frameBytes"] == .int(2 * 4 * 200 * 200))
        var canvas = FrameCanvas()
        _ = try Self.frames(until: 0, s, into: &canvas)
        let bigger = try s.error(
            "preview/viewport", ["subscription": id, "viewport": Self.viewport(0, 0, 240, 320)])
        #expect(bigger["code"] == -32803)
        #expect(try s.call("daemon/status", [:])["frameBytes"] == .int(2 * 4 * 200 * 200))
        try s.advance(to: 0.2)
        let frame = try Self.frames(until: 0.2, s, into: &canvas)
        #expect(frame["width"] == 200 && frame["height"] == 200)
        #expect(canvas == (try Self.rendered(s, [0, 0, 200, 200], scale: 2, time: 0.2)))
        // A smaller one gives budget back.
        #expect(
            try s.call("preview/viewport", ["subscription": id, "viewport": Self.viewport(10, 10, 50, 25)]) == .null)
        #expect(try s.call("daemon/status", [:])["frameBytes"] == .int(2 * 4 * 100 * 50))
    }

    /// Each bad viewport is -32602 at the member at fault, for `preview/subscribe` and for `preview/viewport`, and
    /// the daemon keeps serving.
    @Test func badViewportsAreRefusedAtTheirMember() throws {
        let s = try Self.animatedScreen()
        defer { s.close() }
        let id =
            try s.call("preview/subscribe", ["uri": .string(Self.uri), "encoding": "raw"])["subscription"] ?? .null
        let cases: [(JSON, String)] = [
            (Self.viewport(0, 0, 0, 10), "width"),
            (Self.viewport(0, 0, 10, -4), "height"),
            (["x": 0, "y": 0, "width": "wide", "height": 10], "width"),
            (["x": 0, "y": 0, "width": 10], "height"),
            (Self.viewport(0, 0, 10, 10).adding("depth", 1), "depth"),
            (Self.viewport(-20_000, 0, 10, 10), "x"),
            (Self.viewport(0, 0, 16_385, 10), "width"),
            // 4 × 5000 = 20000 pixels a side at scale 4; 9000 × 9000 pixels at scale 1.
            (Self.viewport(0, 0, 5000, 10), "width"),
            (Self.viewport(0, 0, 9000, 9000), "height"),
            // Entirely outside the 240 × 320 canvas.
            (Self.viewport(240, 0, 10, 10), "x"),
            (Self.viewport(-10, 0, 10, 10), "x"),
            (Self.viewport(0, 320, 10, 10), "y"),
            (Self.viewport(0, -30.5, 10, 30), "y"),
        ]
        for (viewport, member) in cases {
            let scale: Double = viewport["width"]?.doubleValue == 5000 ? 4 : 1
            let subscribe = try s.error(
                "preview/subscribe",
                ["uri": .string(Self.uri), "encoding": "png", "scale": .double(scale), "viewport": viewport])
            #expect(subscribe["code"] == -32602, "\(viewport.text)")
            #expect(subscribe["data"]?["pointer"] == .string("/params/viewport/" + member), "\(viewport.text)")
            guard scale == 1 else { continue }
            let move = try s.error("preview/viewport", ["subscription": id, "viewport": viewport])
            #expect(move["code"] == -32602, "\(viewport.text)")
            #expect(move["data"]?["pointer"] == .string("/params/viewport/" + member), "\(viewport.text)")
        }
        let unknown = try s.error("preview/viewport", ["subscription": "p99", "viewport": Self.viewport(0, 0, 9, 9)])
        #expect(unknown["data"]?["pointer"] == "/params/subscription")
        let missing = try s.error("preview/viewport", ["subscription": id])
        #expect(missing["data"]?["pointer"] == "/params/viewport")
        #expect(try s.call("daemon/status", [:])["subscriptions"] == 1)
    }

    /// The canvas shrinking away from a live viewport: the next frame is a keyframe of the viewport's size, all
    /// background; the frames held stay the viewport's; the daemon goes on, and moving the viewport onto the small
    /// canvas works.
    @Test func aCanvasShrinkingUnderALiveViewportIsServed() throws {
        let s = try Self.animatedScreen()
        defer { s.close() }
        let id =
            try s.call(
                "preview/subscribe",
                ["uri": .string(Self.uri), "encoding": "raw", "viewport": Self.viewport(100, 200, 100, 100)])[
                "subscription"] ?? .null
        var canvas = FrameCanvas()
        _ = try Self.frames(until: 0, s, into: &canvas)
        let small: JSON = [
            "root": D.node(
                "UIView", "screen", frame: [0, 0, 50, 40], ["backgroundColor": "#336699"],
                children: [D.node("UIImageView", "n0", frame: [5, 5, 20, 20])])
        ]
        s.replace(Self.uri, text: small.text, version: 2)
        var frame: JSON = .null
        while Self.numbers(frame["canvas"]) != [50, 40] {
            frame = try s.notification("preview/frame")
            try canvas.apply(frame)
            s.client.notify("preview/ack", ["subscription": id, "seq": frame["seq"] ?? .null])
        }
        #expect(frame["keyframe"] == true && frame["width"] == 100 && frame["height"] == 100)
        let background = try Self.background(s)
        #expect(canvas.rgba == Array((0..<(100 * 100)).map { _ in background }.joined()))
        #expect(try s.call("daemon/status", [:])["frameBytes"] == .int(2 * 4 * 100 * 100))
        let outside = try s.error(
            "preview/viewport", ["subscription": id, "viewport": Self.viewport(100, 200, 100, 100)])
        #expect(outside["data"]?["pointer"] == "/params/viewport/x")
        #expect(try s.call("preview/viewport", ["subscription": id, "viewport": Self.viewport(0, 0, 50, 40)]) == .null)
        let keyframe = try Self.frames(until: 0, s, into: &canvas)
        #expect(keyframe["keyframe"] == true)
        #expect(canvas == (try Self.rendered(s, [0, 0, 50, 40], scale: 1, time: 0)))
    }

    /// A `layers` subscription accepts a viewport (checked as for pixels) and sends every layer all the same.
    @Test func aLayersSubscriptionIgnoresItsViewport() throws {
        let s = try Self.animatedScreen()
        defer { s.close() }
        let bad = try s.error(
            "preview/subscribe",
            ["uri": .string(Self.uri), "encoding": "layers", "viewport": Self.viewport(0, 0, 0, 1)])
        #expect(bad["data"]?["pointer"] == "/params/viewport/width")
        _ = try s.call(
            "preview/subscribe",
            ["uri": .string(Self.uri), "encoding": "layers", "viewport": Self.viewport(0, 0, 10, 10)])
        let frame = try s.notification("preview/frame")
        var replica = LayerListReplica()
        replica.apply(frame)
        let expected = try s.call("skeleton/layers", ["uri": .string(Self.uri), "includeContent": true])["layers"]
        #expect(replica.matches(expected?.arrayValue ?? []))
        #expect(try s.call("daemon/status", [:])["frameBytes"] == 0)
    }
}

extension JSON {
    /// This object with one more member.
    func adding(_ key: String, _ value: JSON) -> JSON {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }
}
