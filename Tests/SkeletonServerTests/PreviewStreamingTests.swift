import Foundation
import JSON
import SkeletonGraphics
import SkeletonServer
import SkeletondTestSupport
import Testing

@Suite struct PreviewStreamingTests {
    @Test func theFirstFrameIsAKeyframeAfterTheAnswer() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///a") { _ in PreviewHarness.list([(4, 4, 20, 10, "#ECF0F1", 3)]) }
        let answer = try h.client.request("preview/subscribe", ["uri": "file:///a", "encoding": "raw", "scale": 2])
        #expect(answer["result"]?["subscription"] == "p1")
        let frame = try h.nextFrame()
        #expect(frame["keyframe"] == true)
        #expect(frame["seq"] == 1)
        #expect(frame["width"] == 128 && frame["height"] == 96)
        var canvas = FrameCanvas()
        try canvas.apply(frame)
        #expect(canvas == (try h.render("file:///a", scale: 2)))
    }

    /// For any sequence of changes, clock steps and acks, applying every frame in order gives exactly the
    /// pixels of `preview/render` at the time of the last frame.
    @Test(arguments: ["raw", "png"])
    func framesReassembleToTheRenderedPixels(encoding: String) throws {
        var generator = SplitMix64(seed: encoding == "raw" ? 7 : 11)
        for _ in 0..<25 {
            let h = PreviewHarness()
            try h.server.initialize()
            let colors = ["#ECF0F1", "#DEE2E3", "#3498DB", "#E74C3C", "#2ECC71"]
            func randomList() -> DisplayList {
                PreviewHarness.list(
                    (0..<Int(generator.next() % 6)).map { _ in
                        (
                            Double(generator.next() % 50), Double(generator.next() % 40),
                            Double(1 + generator.next() % 30),
                            Double(1 + generator.next() % 20), colors[Int(generator.next() % 5)],
                            Double(generator.next() % 8)
                        )
                    })
            }
            let initial = randomList()
            h.documents.set("file:///p") { _ in initial }
            let sub = try h.client.request(
                "preview/subscribe", ["uri": "file:///p", "encoding": .string(encoding), "window": 3])
            let id = try #require(sub["result"]?["subscription"])
            var canvas = FrameCanvas()
            var lastSeq = 0
            for _ in 0..<8 {
                let next = randomList()
                h.documents.set("file:///p") { _ in next }
                h.hub.documentChanged("file:///p")
                // Read whatever frames came, ack the newest of them (sometimes not at all).
                for frame in try framesAvailable(h) {
                    try canvas.apply(frame)
                    lastSeq = frame["seq"]?.intValue ?? lastSeq
                }
                if generator.next() % 3 != 0, lastSeq > 0 {
                    h.client.notify("preview/ack", ["subscription": id, "seq": .int(lastSeq)])
                }
            }
            h.client.notify("preview/ack", ["subscription": id, "seq": .int(lastSeq)])
            // Frames arrive asynchronously: the canvas must reach the rendered picture.
            let expected = try h.render("file:///p")
            let deadline = Date().addingTimeInterval(10)
            while canvas != expected, Date() < deadline {
                for frame in try framesAvailable(h) + takeFrames(h) { try canvas.apply(frame) }
            }
            #expect(canvas == expected)
        }
    }

    /// Frames that arrived while the client waited for answers.
    func takeFrames(_ h: PreviewHarness) -> [JSON] {
        defer { h.client.notifications.removeAll() }
        return h.client.notifications.compactMap { $0["method"] == "preview/frame" ? $0["params"] : nil }
    }

    /// Frames that arrive within a short while.
    func framesAvailable(_ h: PreviewHarness) throws -> [JSON] {
        try h.client.drain(for: 0.05).compactMap { $0["method"] == "preview/frame" ? $0["params"] : nil }
    }

    @Test func aClientThatNeverAcksGetsNoMoreThanItsWindow() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///w") { t in PreviewHarness.list([(0, 0, 10 + t, 10, "#3498DB", 0)]) }
        _ = try h.client.request("preview/subscribe", ["uri": "file:///w", "encoding": "raw", "window": 2])
        for _ in 0..<10 { _ = try h.client.request("clock/advance", ["seconds": 1]) }
        var frames = takeFrames(h)
        let deadline = Date().addingTimeInterval(10)
        while frames.count < 2, Date() < deadline { frames += try framesAvailable(h) }
        frames += try h.client.drain(for: 0.5).compactMap { $0["method"] == "preview/frame" ? $0["params"] : nil }
        #expect(frames.count == 2)
        // Acknowledging lets exactly one frame through, built at the newest time.
        h.client.notifications.removeAll()
        h.client.notify("preview/ack", ["subscription": "p1", "seq": 2])
        let caughtUp = try h.nextFrame()
        #expect(caughtUp["seq"] == 3)
        #expect(caughtUp["time"] == 10)
    }

    @Test func nothingChangedMeansNoFrame() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///s") { _ in PreviewHarness.list([(0, 0, 10, 10, "#3498DB", 0)]) }
        _ = try h.client.request("preview/subscribe", ["uri": "file:///s", "encoding": "png"])
        _ = try h.nextFrame()
        h.client.notify("preview/ack", ["subscription": "p1", "seq": 1])
        for _ in 0..<3 { _ = try h.client.request("clock/advance", ["seconds": 0.5]) }
        h.hub.documentChanged("file:///s")
        #expect(try framesAvailable(h).isEmpty)
        #expect(h.client.notifications.isEmpty)
    }

    @Test func unsubscribingStopsTheStream() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///u") { t in PreviewHarness.list([(0, 0, 5 + t, 5, "#3498DB", 0)]) }
        _ = try h.client.request("preview/subscribe", ["uri": "file:///u", "encoding": "raw", "window": 64])
        _ = try h.nextFrame()
        #expect(try h.client.request("preview/unsubscribe", ["subscription": "p1"])["result"] == .null)
        _ = try h.client.request("clock/advance", ["seconds": 1])
        #expect(try framesAvailable(h).isEmpty)
        #expect(h.hub.count == 0)
        #expect(try h.client.request("preview/unsubscribe", ["subscription": "p1"])["error"]?["code"] == -32602)
    }

    @Test func fiftySubscribersOnOneDocumentEachGetEveryChange() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///m") { t in PreviewHarness.list([(0, 0, 4 + t, 4, "#E74C3C", 0)]) }
        for _ in 0..<50 {
            _ = try h.client.request("preview/subscribe", ["uri": "file:///m", "encoding": "raw", "window": 8])
        }
        _ = try h.client.request("clock/advance", ["seconds": 3])
        var newest: [String: Double] = [:]
        let deadline = Date().addingTimeInterval(15)
        repeat {
            for frame in (try framesAvailable(h) + takeFrames(h)) {
                if let id = frame["subscription"]?.stringValue, let time = frame["time"]?.doubleValue {
                    newest[id] = max(newest[id] ?? 0, time)
                }
            }
        } while (newest.count < 50 || !newest.values.allSatisfy { $0 == 3 }) && Date() < deadline
        #expect(newest.count == 50)
        #expect(newest.values.allSatisfy { $0 == 3 })
    }

    @Test func refreshSendsAKeyframe() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///r") { _ in PreviewHarness.list([(0, 0, 10, 10, "#3498DB", 0)]) }
        _ = try h.client.request("preview/subscribe", ["uri": "file:///r", "encoding": "raw"])
        _ = try h.nextFrame()
        _ = try h.client.request("preview/refresh", ["subscription": "p1"])
        let frame = try h.nextFrame()
        #expect(frame["keyframe"] == true)
        #expect(frame["seq"] == 2)
    }

    static let badSubscriptions: [(JSON, String)] = [
        (["uri": "file:///nope", "encoding": "raw"], "/params/uri"),
        (["uri": "file:///b", "encoding": "jpeg"], "/params/encoding"),
        (["uri": "file:///b", "encoding": "raw", "scale": 0], "/params/scale"),
        (["uri": "file:///b", "encoding": "raw", "scale": 5], "/params/scale"),
        (["uri": "file:///b", "encoding": "raw", "maxFps": 0], "/params/maxFps"),
        (["uri": "file:///b", "encoding": "raw", "window": 0], "/params/window"),
        (["uri": "file:///b", "encoding": "cells"], "/params/cells"),
        (["uri": "file:///b", "encoding": "cells", "cells": ["columns": 0, "rows": 10]], "/params/cells/columns"),
        (["uri": "file:///b", "encoding": "cells", "cells": ["columns": 80, "rows": 100000]], "/params/cells/rows"),
        (["uri": "file:///huge", "encoding": "raw", "scale": 4], "/params/scale"),
    ]

    @Test(arguments: badSubscriptions)
    func badSubscriptionsNameTheField(params: JSON, pointer: String) throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///b") { _ in PreviewHarness.list([]) }
        h.documents.set("file:///huge") { _ in PreviewHarness.list(width: 16_000, height: 16_000, []) }
        let answer = try h.client.request("preview/subscribe", params)
        #expect(answer["error"]?["code"] == -32602)
        #expect(answer["error"]?["data"]?["pointer"] == .string(pointer))
        #expect(h.hub.count == 0)
    }

    @Test func renderChecksItsRegionAndEncodings() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        h.documents.set("file:///r") { _ in PreviewHarness.list([(0, 0, 10, 10, "#3498DB", 0)]) }
        let crc = try h.client.request("preview/render", ["uri": "file:///r", "encoding": "crc32"])
        #expect(crc["result"]?["checksum"]?.stringValue?.count == 8)
        let region = try h.client.request(
            "preview/render",
            ["uri": "file:///r", "encoding": "png", "region": ["x": 2, "y": 2, "width": 4, "height": 3]])
        #expect(region["result"]?["width"] == 4 && region["result"]?["x"] == 2)
        let outside = try h.client.request(
            "preview/render",
            ["uri": "file:///r", "encoding": "raw", "region": ["x": 60, "y": 0, "width": 10, "height": 3]])
        #expect(outside["error"]?["data"]?["pointer"] == "/params/region")
        let badTime = try h.client.request("preview/render", ["uri": "file:///r", "encoding": "raw", "time": -1])
        #expect(badTime["error"]?["data"]?["pointer"] == "/params/time")
    }
}
