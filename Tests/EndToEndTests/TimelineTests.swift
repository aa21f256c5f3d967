import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The timeline (reference §5–7) sampled through the real daemon under the manual clock.
@Suite struct TimelineEndToEndTests {
    typealias D = DaemonSession

    /// CSS/Core Animation cubic-bezier timing, solved independently of the engine.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func sample(_ a: Double, _ b: Double, _ t: Double) -> Double {
            3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if sample(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return sample(y1, y2, (low + high) / 2)
    }

    static let directions: [(String, [Double], [Double], [Double], [Double])] = [
        ("leftRight", [-1, 0.5], [1, 0.5], [0, 0.5], [2, 0.5]),
        ("rightLeft", [1, 0.5], [-1, 0.5], [2, 0.5], [0, 0.5]),
        ("topBottom", [0.5, -1], [0.5, 1], [0.5, 0], [0.5, 2]),
        ("bottomTop", [0.5, 1], [0.5, -1], [0.5, 2], [0.5, 0]),
        ("topLeftBottomRight", [-1, -1], [1, 1], [0, 0], [2, 2]),
        ("bottomRightTopLeft", [1, 1], [-1, -1], [2, 2], [0, 0]),
    ]

    @Test(arguments: directions.map(\.0))
    func slidingGradientsFollowEaseInAndWrap(direction: String) throws {
        let (_, startFrom, startTo, endFrom, endTo) = try #require(Self.directions.first { $0.0 == direction })
        let s = try D()
        defer { s.close() }
        s.open("file:///g", ["root": D.node("UIView", "b", frame: [0, 0, 100, 20])])
        _ = try s.call(
            "skeleton/show",
            [
                "uri": "file:///g", "type": "gradient", "animated": true, "transition": "none",
                "animation": ["sliding": ["direction": .string(direction)]],
            ])
        func points(_ t: Double) throws -> ([Double], [Double]) {
            let gradient = try s.layers("file:///g", at: t).first?["fill"]?["gradient"]
            return (
                gradient?["start"]?.arrayValue?.compactMap(\.doubleValue) ?? [],
                gradient?["end"]?.arrayValue?.compactMap(\.doubleValue) ?? []
            )
        }
        #expect(try points(0).0 == startFrom)
        #expect(try points(0).1 == endFrom)
        let p = Self.bezier(0.42, 0, 1, 1, 0.5)
        let (start, end) = try points(0.75)
        for k in 0..<2 {
            #expect(abs(start[k] - (startFrom[k] + (startTo[k] - startFrom[k]) * p)) < 1e-6)
            #expect(abs(end[k] - (endFrom[k] + (endTo[k] - endFrom[k]) * p)) < 1e-6)
        }
        #expect(try points(1.5).0 == startFrom)
    }

    @Test func rightToLeftLayoutsSlideRightToLeftByDefault() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///rtl", ["root": D.node("UIView", "b", frame: [0, 0, 100, 20]), "layoutDirection": "rtl"])
        _ = try s.call(
            "skeleton/show", ["uri": "file:///rtl", "type": "gradient", "animated": true, "transition": "none"])
        #expect(try s.layers("file:///rtl", at: 0).first?["fill"]?["gradient"]?["start"] == [1, 0.5])
    }

    @Test func twoDelayedShowsRunOnlyTheLastAndAShowCancelsAPendingOne() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///d", ["root": D.node("UIView", "b", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///d", "delay": 1, "color": "carrot", "transition": "none"])
        _ = try s.call(
            "skeleton/show",
            ["uri": "file:///d", "delay": 2, "color": "emerald", "transition": "none", "animated": false])
        try s.advance(to: 1.5)
        #expect(try s.layers("file:///d").isEmpty)
        try s.advance(to: 2.5)
        #expect(try s.layers("file:///d").first?["fill"]?["solid"] == "#2ECC71FF")

        s.open("file:///c", ["root": D.node("UIView", "b", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///c", "delay": 1, "color": "carrot"])
        _ = try s.call("skeleton/show", ["uri": "file:///c", "color": "emerald", "transition": "none"])
        try s.advance(to: 5)
        #expect(try s.layers("file:///c").first?["fill"]?["solid"] == "#2ECC71FF")
    }

    @Test func anUpdateDuringAFadeRetintsWithoutRestartingIt() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///f", ["root": D.node("UIView", "b", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///f"])
        try s.advance(to: 0.1)
        _ = try s.call("skeleton/update", ["uri": "file:///f", "color": "alizarin"])
        let layer = try #require(try s.layers("file:///f", at: 0.125).first)
        #expect(layer["opacity"] == 0.5)
        #expect(layer["fill"]?["solid"] == "#E74C3CFF")
    }

    @Test func aMinimumDurationHoldsAnEarlyHide() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///m", ["root": D.node("UIView", "b", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///m", "minimumDuration": 2, "transition": "none"])
        try s.advance(to: 0.5)
        let hide = try s.call("skeleton/hide", ["uri": "file:///m", "transition": "none"])
        #expect(hide["outcome"] == "deferred")
        #expect(hide["until"] == 2)
        #expect(try s.layers("file:///m", at: 1.9).count == 1)
        try s.advance(to: 2.5)
        #expect(try s.layers("file:///m").isEmpty)
    }

    @Test func canvasSpaceKeepsEveryBlockInPhase() throws {
        let s = try D(initializationOptions: ["clock": "manual", "gradientSpace": "canvas"])
        defer { s.close() }
        s.open(
            "file:///p",
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 300, 100],
                    children: [
                        D.node("UIView", "a", frame: [10, 10, 50, 20]),
                        D.node("UIView", "b", frame: [150, 60, 120, 20]),
                    ])
            ])
        _ = try s.call(
            "skeleton/show", ["uri": "file:///p", "type": "gradient", "animated": true, "transition": "none"])
        for t in [0.3, 0.9] {
            let absolute = try s.layers("file:///p", at: t).map { layer -> Double in
                let rect = layer.rect
                let start = layer["fill"]?["gradient"]?["start"]?[0]?.doubleValue ?? .nan
                return rect[0] + start * rect[2]
            }
            #expect(absolute.count == 2)
            #expect(abs(absolute[0] - absolute[1]) < 1e-6)
        }
    }

    @Test func reducedMotionModes() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///r", ["root": D.node("UIView", "b", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/setMotion", ["uri": "file:///r", "reducedMotion": "static"])
        _ = try s.call("skeleton/show", ["uri": "file:///r", "animated": true, "transition": "none"])
        for t in [0.0, 0.5, 1.0] { #expect(try s.layers("file:///r", at: t).first?["fill"]?["solid"] == "#ECF0F1FF") }
        _ = try s.call("skeleton/setMotion", ["uri": "file:///r", "reducedMotion": "fade"])
        let opacities = try [0.0, 1.0, 2.0].map {
            try s.layers("file:///r", at: $0).first?["opacity"]?.doubleValue ?? -1
        }
        // Opacity eases between 1 and 0.6 and back, 2 s each way.
        #expect(opacities[0] == 1)
        #expect(abs(opacities[2] - 0.6) < 1e-9)
        #expect(opacities[1] > 0.6 && opacities[1] < 1)
        #expect(
            try s.error("skeleton/setMotion", ["uri": "file:///r", "reducedMotion": "jittery"])["data"]?["pointer"]
                == "/params/reducedMotion")
    }

    @Test func notificationsComeInOrder() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///o", ["root": D.node("UIView", "root", frame: [0, 0, 10, 10])])
        _ = try s.call("skeleton/show", ["uri": "file:///o"])
        try s.advance(to: 1)
        _ = try s.call("skeleton/hide", ["uri": "file:///o"])
        try s.advance(to: 2)
        var states: [JSON] = []
        for _ in 0..<4 { states.append(try s.notification("skeleton/didChangeState")["state"] ?? .null) }
        #expect(states == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
    }
}
