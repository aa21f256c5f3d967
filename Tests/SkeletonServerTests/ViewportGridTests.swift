import JSON
import SkeletonGraphics
import Testing

@testable import SkeletonRender
@testable import SkeletonServer

/// A `cells` subscription's share of the frame budget is its grid's bound, whatever the canvas, and
/// `preview/viewport` changes its grid (a resized editor window) without a new subscription.
@Suite struct ViewportGridTests {
    private func harness(budget: Int, width: Double = 64, height: Double = 48) throws -> PreviewHarness {
        let h = PreviewHarness(frameBudget: budget)
        try h.server.initialize()
        h.documents.set("file:///a") { _ in
            PreviewHarness.list(width: width, height: height, [(4, 4, 20, 10, "#ECF0F1", 3)])
        }
        return h
    }

    private func subscribe(
        _ h: PreviewHarness, _ encoding: String, scale: Double = 1, columns: Int = 20, rows: Int = 10
    )
        throws -> JSON
    {
        var params: JSONObject = ["uri": "file:///a", "encoding": .string(encoding), "scale": .double(scale)]
        if encoding == "cells" { params["cells"] = ["columns": .int(columns), "rows": .int(rows)] }
        return try h.client.request("preview/subscribe", .object(params))
    }

    /// Takes the subscription's next frame and acknowledges it.
    private func frame(_ h: PreviewHarness, _ id: JSON) throws -> JSON {
        let frame = try h.nextFrame()
        _ = try h.client.request("preview/ack", ["subscription": id, "seq": frame["seq"] ?? 0])
        return frame
    }

    /// A canvas of 2^25 pixels at scale 4 through an 80 × 24 grid used to count 4 bytes a pixel (128 MiB): with a
    /// 1 MiB budget it was refused. It counts its grid's bound now, and is served.
    @Test func aCellsSubscriptionOfAHugeCanvasCountsItsGrid() throws {
        let h = try harness(budget: 1 << 20, width: 1448, height: 1448)
        let answer = try subscribe(h, "cells", scale: 4, columns: 80, rows: 24)
        let id = try #require(answer["result"]?["subscription"], "\(answer.text)")
        #expect(h.hub.frameBytesHeld == CellStream.budgetBytes(columns: 80, rows: 24))
        let keyframe = try frame(h, id)
        #expect(keyframe["columns"] == 80 && keyframe["rows"] == 24)
        // A raw subscription of that canvas still does not fit.
        #expect(try subscribe(h, "raw", scale: 4)["error"]?["code"] == -32803)
        _ = try h.client.request("preview/unsubscribe", ["subscription": id])
        #expect(h.hub.frameBytesHeld == 0)
    }

    /// A `cells` stream samples no region left of or above the canvas (as `preview/subscribe` says): a move there
    /// was accepted and silently ignored, the grid still showing its old region; now it is refused at the member,
    /// and nothing changes.
    @Test func aCellsViewportTheGridCannotSampleIsRefusedAndChangesNothing() throws {
        let h = try harness(budget: PreviewLimits.frameBudget)
        let id = try #require(try subscribe(h, "cells")["result"]?["subscription"])
        _ = try frame(h, id)
        let held = h.hub.frameBytesHeld
        let refused = try h.client.request(
            "preview/viewport",
            [
                "subscription": id, "viewport": ["x": 0, "y": -8, "width": 32, "height": 24],
                "cells": ["columns": 40, "rows": 12],
            ])
        #expect(refused["error"]?["code"] == -32602, "\(refused.text)")
        #expect(refused["error"]?["data"]?["pointer"] == "/params/viewport")
        #expect(h.hub.frameBytesHeld == held)
        // The grid and region stay: a refresh gives a keyframe of the old grid over the whole canvas.
        _ = try h.client.request("preview/refresh", ["subscription": id])
        let keyframe = try frame(h, id)
        #expect(keyframe["columns"] == 20 && keyframe["rows"] == 10 && keyframe["viewport"] == nil)
    }

    @Test func aNewGridComesAsAKeyframeAndMovesTheBudgetShare() throws {
        let h = try harness(budget: PreviewLimits.frameBudget)
        let id = try #require(try subscribe(h, "cells")["result"]?["subscription"])
        _ = try frame(h, id)
        #expect(h.hub.frameBytesHeld == CellStream.budgetBytes(columns: 20, rows: 10))
        let answer = try h.client.request(
            "preview/viewport", ["subscription": id, "cells": ["columns": 40, "rows": 12]])
        #expect(answer["result"] == .null, "\(answer.text)")
        #expect(h.hub.frameBytesHeld == CellStream.budgetBytes(columns: 40, rows: 12))
        let keyframe = try frame(h, id)
        #expect(keyframe["keyframe"] == true && keyframe["columns"] == 40 && keyframe["rows"] == 12)
        let cells = keyframe["cells"]?.arrayValue?.reduce(0) { $0 + ($1["fg"]?.arrayValue?.count ?? 0) }
        #expect(cells == 40 * 12)
        #expect(keyframe["viewport"] == nil)
        // A viewport and a grid at once: the keyframe shows both.
        let both = try h.client.request(
            "preview/viewport",
            [
                "subscription": id, "cells": ["columns": 8, "rows": 3],
                "viewport": ["x": 10, "y": 5, "width": 32, "height": 24],
            ])
        #expect(both["result"] == .null, "\(both.text)")
        let moved = try frame(h, id)
        #expect(moved["keyframe"] == true && moved["columns"] == 8 && moved["rows"] == 3)
        #expect(moved["viewport"]?["x"]?.doubleValue == 10 && moved["viewport"]?["width"]?.doubleValue == 32)
        #expect(h.hub.frameBytesHeld == CellStream.budgetBytes(columns: 8, rows: 3))
    }

    @Test func badGridsAndMissingMembersAreRefusedAtTheMember() throws {
        let h = try harness(budget: PreviewLimits.frameBudget)
        let cells = try #require(try subscribe(h, "cells")["result"]?["subscription"])
        let raw = try #require(try subscribe(h, "raw")["result"]?["subscription"])
        let held = h.hub.frameBytesHeld
        func pointer(_ params: JSON) throws -> JSON? {
            let answer = try h.client.request("preview/viewport", params)
            #expect(answer["error"]?["code"] == -32602, "\(answer.text)")
            return answer["error"]?["data"]?["pointer"]
        }
        #expect(try pointer(["subscription": raw, "cells": ["columns": 40, "rows": 12]]) == "/params/cells")
        #expect(try pointer(["subscription": cells]) == "/params/viewport")
        #expect(try pointer(["subscription": cells, "cells": ["columns": 0, "rows": 12]]) == "/params/cells/columns")
        #expect(try pointer(["subscription": cells, "cells": ["columns": 40, "rows": 501]]) == "/params/cells/rows")
        #expect(try pointer(["subscription": cells, "cells": ["columns": 40]]) == "/params/cells/rows")
        #expect(
            try pointer(["subscription": cells, "cells": ["columns": 4, "rows": 2, "depth": 1]])
                == "/params/cells/depth")
        #expect(h.hub.frameBytesHeld == held)
    }

    /// A grid whose bound does not fit what is left of the budget is refused, and nothing changes.
    @Test func aGridPastTheBudgetIsRefusedAndTheOldOneStays() throws {
        let small = CellStream.budgetBytes(columns: 20, rows: 10)
        let h = try harness(budget: small + small / 2)
        let id = try #require(try subscribe(h, "cells")["result"]?["subscription"])
        _ = try frame(h, id)
        let refused = try h.client.request(
            "preview/viewport", ["subscription": id, "cells": ["columns": 1000, "rows": 500]])
        #expect(refused["error"]?["code"] == -32803, "\(refused.text)")
        #expect(refused["error"]?["data"] == ["reason": "frameBudget"])
        #expect(h.hub.frameBytesHeld == small)
        _ = try h.client.request("preview/refresh", ["subscription": id])
        let keyframe = try frame(h, id)
        #expect(keyframe["columns"] == 20 && keyframe["rows"] == 10)
    }
}
