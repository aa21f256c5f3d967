import Foundation
import JSON
import SkeletonGraphics
import SkeletonRender
import SkeletonServer
import SkeletondTestSupport
import Testing

/// The `cells` and `layers` streams reassemble to what the document shows at the last frame's time.
@Suite struct PreviewEncodingsTests {
    func randomList(_ g: inout SplitMix64) -> DisplayList {
        let colors = ["#ECF0F1", "#1C2325", "#3498DB", "#E74C3C", "#2ECC71"]
        return PreviewHarness.list(
            (0..<Int(g.next() % 7)).map { _ in
                (
                    Double(g.next() % 50), Double(g.next() % 40), Double(1 + g.next() % 30), Double(1 + g.next() % 20),
                    colors[Int(g.next() % 5)], Double(g.next() % 6)
                )
            })
    }

    func frames(_ h: PreviewHarness) throws -> [JSON] {
        try h.client.drain(for: 0.05).compactMap { $0["method"] == "preview/frame" ? $0["params"] : nil }
            + {
                defer { h.client.notifications.removeAll() }
                return h.client.notifications.compactMap { $0["method"] == "preview/frame" ? $0["params"] : nil }
            }()
    }

    @Test func cellsReassembleToTheGridOfTheLastList() throws {
        var g = SplitMix64(seed: 99)
        for _ in 0..<15 {
            let h = PreviewHarness()
            try h.server.initialize()
            let first = randomList(&g)
            h.documents.set("file:///c") { _ in first }
            _ = try h.client.request(
                "preview/subscribe",
                ["uri": "file:///c", "encoding": "cells", "window": 64, "cells": ["columns": 17, "rows": 9]])
            var cells: [String: (String, String)] = [:]
            func apply(_ frames: [JSON]) {
                for frame in frames {
                    #expect(frame["columns"] == 17 && frame["rows"] == 9)
                    for run in frame["cells"]?.arrayValue ?? [] {
                        let x = run["x"]?.intValue ?? -1
                        let y = run["y"]?.intValue ?? -1
                        let fg = run["fg"]?.arrayValue ?? []
                        let bg = run["bg"]?.arrayValue ?? []
                        for k in fg.indices {
                            cells["\(x + k),\(y)"] = (fg[k].stringValue ?? "", bg[k].stringValue ?? "")
                        }
                    }
                }
            }
            var last = first
            for _ in 0..<6 {
                let next = randomList(&g)
                last = next
                h.documents.set("file:///c") { _ in next }
                h.hub.documentChanged("file:///c")
                apply(try frames(h))
            }
            // The grid the renderer samples from the last list (its sampling is tested in SkeletonRenderTests).
            var stream = try CellStream(scale: 1, columns: 17, rows: 9)
            _ = try stream.next(last)
            let grid = try #require(stream.lastSentGrid)
            func matches() -> Bool {
                (0..<9).allSatisfy { row in
                    (0..<17).allSatisfy { column in
                        guard let expected = grid[column, row], let got = cells["\(column),\(row)"] else {
                            return false
                        }
                        return got.0 == expected.top.hex && got.1 == expected.bottom.hex
                    }
                }
            }
            // Frames arrive asynchronously: the grid must reach the rendered picture's.
            let deadline = Date().addingTimeInterval(10)
            while !matches(), Date() < deadline { apply(try frames(h)) }
            #expect(matches())
        }
    }

    @Test func layerOpsReassembleToTheDisplayList() throws {
        var g = SplitMix64(seed: 5)
        for _ in 0..<15 {
            let h = PreviewHarness()
            try h.server.initialize()
            let first = randomList(&g)
            h.documents.set("file:///l") { _ in first }
            _ = try h.client.request("preview/subscribe", ["uri": "file:///l", "encoding": "layers", "window": 64])
            var replica = LayerListReplica()
            var latest = first
            func apply(_ frames: [JSON]) { for frame in frames { replica.apply(frame) } }
            for _ in 0..<6 {
                latest = randomList(&g)
                let next = latest
                h.documents.set("file:///l") { _ in next }
                h.hub.documentChanged("file:///l")
                apply(try frames(h))
            }
            let expected = latest.layers.map(GraphicsWire.layer)
            func matches() -> Bool { replica.matches(expected) }
            let deadline = Date().addingTimeInterval(10)
            while !matches(), Date() < deadline { apply(try frames(h)) }
            #expect(matches())
        }
    }
}
