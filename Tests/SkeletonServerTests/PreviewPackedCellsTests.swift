import Foundation
import JSON
import SkeletonGraphics
import Testing

@testable import SkeletonRender
@testable import SkeletonServer

/// `cellsPacked` frames are `cells` frames with each run an array of integers: the same cells, the same colours.
@Suite struct PreviewPackedCellsTests {
    /// A `cells` run as `cellsPacked` writes it: `[x, y, fg₀, bg₀, …]`, colours as 0xRRGGBB.
    static func packed(_ run: JSON) -> [Int] {
        let fg = run["fg"]?.arrayValue ?? []
        let bg = run["bg"]?.arrayValue ?? []
        var values = [run["x"]?.intValue ?? -1, run["y"]?.intValue ?? -1]
        for (top, bottom) in zip(fg, bg) {
            values.append(Int((top.stringValue ?? "").dropFirst(), radix: 16) ?? -1)
            values.append(Int((bottom.stringValue ?? "").dropFirst(), radix: 16) ?? -1)
        }
        return values
    }

    /// Applies packed runs to a grid of "x,y" → [fg, bg].
    static func apply(_ runs: [[Int]], to grid: inout [String: [Int]]) {
        for values in runs where values.count >= 2 {
            for k in 0..<(values.count - 2) / 2 {
                grid["\(values[0] + k),\(values[1])"] = [values[2 + 2 * k], values[3 + 2 * k]]
            }
        }
    }

    @Test func packedFramesCarryTheCellsFramesRuns() throws {
        let h = PreviewHarness()
        try h.server.initialize()
        let blocks: [(Double, Double, Double, Double, String, Double)] = [
            (4, 4, 30, 20, "#3498DB", 4), (20, 14, 30, 20, "#E74C3C", 0), (0, 30, 64, 6, "#2ECC71", 2),
        ]
        h.documents.set("file:///c") { _ in PreviewHarness.list(blocks) }
        var ids: [String: String] = [:]
        for encoding in ["cells", "cellsPacked"] {
            let answer = try h.client.request(
                "preview/subscribe",
                [
                    "uri": "file:///c", "encoding": .string(encoding), "window": 64,
                    "cells": ["columns": 23, "rows": 11], "viewport": ["x": 2, "y": 3, "width": 50, "height": 40],
                ])
            ids[try #require(answer["result"]?["subscription"]?.stringValue)] = encoding
        }
        var frames: [String: [JSON]] = [:]
        func collect(until count: Int) throws {
            let deadline = Date().addingTimeInterval(10)
            while frames.values.map(\.count).min() ?? 0 < count || frames.count < 2, Date() < deadline {
                // Frames that came while a request waited for its answer are kept aside by the client.
                let received = h.client.notifications + (try h.client.drain(for: 0.05))
                h.client.notifications.removeAll()
                for message in received where message["method"] == "preview/frame" {
                    let params = message["params"] ?? .null
                    if let encoding = params["subscription"]?.stringValue.flatMap({ ids[$0] }) {
                        frames[encoding, default: []].append(params)
                    }
                }
            }
        }
        try collect(until: 1)
        let cells = try #require(frames["cells"]?.first)
        let packed = try #require(frames["cellsPacked"]?.first)
        #expect(packed["encoding"] == "cellsPacked" && packed["keyframe"] == true)
        for key in ["columns", "rows", "keyframe", "canvas", "viewport"] {
            #expect(packed[key] == cells[key], "\(key)")
        }
        let runs = cells["cells"]?.arrayValue ?? []
        #expect(runs.count == 11)
        #expect(
            packed["cells"]?.arrayValue?.map { $0.arrayValue?.compactMap(\.intValue) ?? [] } == runs.map(Self.packed))
        // A change: both streams reach the same grid.
        var moved = blocks
        moved[1].0 = 30
        moved[0].4 = "#1C2325"
        let list = PreviewHarness.list(moved)
        h.documents.set("file:///c") { _ in list }
        h.hub.documentChanged("file:///c")
        try collect(until: 2)
        var fromCells: [String: [Int]] = [:]
        var fromPacked: [String: [Int]] = [:]
        for frame in frames["cells"] ?? [] {
            Self.apply((frame["cells"]?.arrayValue ?? []).map(Self.packed), to: &fromCells)
        }
        for frame in frames["cellsPacked"] ?? [] {
            Self.apply(
                (frame["cells"]?.arrayValue ?? []).map { $0.arrayValue?.compactMap(\.intValue) ?? [] }, to: &fromPacked)
        }
        #expect(fromCells.count == 23 * 11)
        #expect(fromCells == fromPacked)
        #expect((frames["cellsPacked"]?.count ?? 0) >= 2 && frames["cellsPacked"]?.last?["keyframe"] == false)
    }

    /// `initialize` lists the encodings `preview/subscribe` takes, and that `preview/viewport` takes a grid.
    @Test func theDaemonAnnouncesItsPreviewEncodings() {
        let capabilities = SkeletonLanguageServer.capabilities(methods: [], encoding: .utf16)
        let previews = capabilities["experimental"]?["skeleton"]?["previews"]
        #expect(previews?["encodings"] == ["raw", "png", "layers", "cells", "cellsPacked"])
        #expect(previews?["viewportCells"] == true)
    }
}
