import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// The memory of a big document's animated preview (issue 28): with a viewport, frames are the viewport's, so the
/// daemon's peak resident memory is bounded by the document and the viewport, not the canvas.
@Suite struct ViewportMemoryTests {
    typealias D = DaemonSession

    /// Peak resident memory allowed to a daemon (a debug build) holding a 5,000-node document with an animated preview
    /// through a 1000 × 800-pixel viewport.
    static let budget = 112 << 20
    /// What the preview may add to the peak of the opened, shown document: less than one whole-canvas frame (62 MB)
    /// of a subscription without a viewport (it holds two, before anything encodes them).
    static let previewGrowth = 48 << 20

    /// About 5,000 nodes in a near-square grid of feed cards (11 nodes each, as the bench's `CardDocument`):
    /// 454 cards in 22 columns, a 3,924 × 3,956-point canvas (15.5 million pixels at scale 1: 62 MB a frame).
    static func cards(_ count: Int = 454, columns: Int = 22) -> (document: JSON, nodes: Int) {
        var rows: [JSON] = []
        var nodes = 1
        let rowCount = (count + columns - 1) / columns
        for row in 0..<rowCount {
            var cards: [JSON] = []
            for column in 0..<min(columns, count - row * columns) {
                let c = row * columns + column
                let header = D.node(
                    "UIView", "c\(c)-header", frame: [8, 8, 154, 40],
                    children: [
                        D.node("UIImageView", "c\(c)-avatar", frame: [0, 0, 40, 40], ["cornerRadius": 20]),
                        D.node("UILabel", "c\(c)-name", frame: [48, 2, Double(60 + c % 47), 16]),
                        D.node("UILabel", "c\(c)-subtitle", frame: [48, 24, 80, 12]),
                    ])
                let actions = D.node(
                    "UIView", "c\(c)-actions", frame: [8, 152, 154, 20],
                    children: ["like", "comment", "share"].enumerated().map { i, name in
                        D.node("UIButton", "c\(c)-\(name)", frame: [Double(55 * i), 0, 44, 20])
                    })
                cards.append(
                    D.node(
                        "UIView", "c\(c)", frame: [Double(8 + column * 178), 0, 170, 180],
                        ["cornerRadius": 12, "clipsToBounds": true, "backgroundColor": "#FFFFFF"],
                        children: [
                            header,
                            D.node("UILabel", "c\(c)-body", frame: [8, 56, 154, 44], ["numberOfLines": 0]),
                            D.node("UIImageView", "c\(c)-picture", frame: [8, 104, 154, 44], ["cornerRadius": 6]),
                            actions,
                        ]))
                nodes += 11
            }
            rows.append(
                D.node(
                    "UIView", "row\(row)", frame: [0, Double(8 + row * 188), Double(8 + columns * 178), 180],
                    children: cards))
            nodes += 1
        }
        let root = D.node(
            "UIView", "screen", frame: [0, 0, Double(8 + columns * 178), Double(8 + rowCount * 188)],
            ["backgroundColor": "#F2F2F7"], children: rows)
        return (["root": root], nodes)
    }

    /// An animated gradient preview of the 5,000-node document through a 1000 × 800-pixel viewport, raw and png,
    /// one clock step after another, a viewport moved across the canvas on the way: the daemon's peak resident memory
    /// stays under 112 MiB (without a viewport its frames alone were 2 × 62 MB, 357 MB held in all).
    @Test(arguments: ["raw", "png"])
    func anAnimatedPreviewOfABigDocumentIsBoundedByItsViewport(encoding: String) throws {
        let (document, nodes) = Self.cards()
        #expect(nodes >= 5000)
        let s = try D()
        defer { s.close() }
        let uri = "file:///memory/cards.json"
        s.open(uri, document)
        _ = try s.call(
            "skeleton/show", ["uri": .string(uri), "type": "gradient", "animated": true, "transition": "none"])
        let opened = try HostileClientTests.peakMemory(s)
        let id =
            try s.call(
                "preview/subscribe",
                [
                    "uri": .string(uri), "encoding": .string(encoding),
                    "viewport": ["x": 0, "y": 0, "width": 1000, "height": 800],
                ])["subscription"] ?? .null
        var canvas = FrameCanvas()
        var received = 0
        // The gradient's band enters the layers after 0.1 s; a step that changes no pixel sends no frame, so each
        // step waits for the frames the daemon built before answering the clock move (`framesBuilt`).
        for step in 0...12 {
            if step == 6 {
                _ = try s.call(
                    "preview/viewport",
                    ["subscription": id, "viewport": ["x": 2900, "y": 3100, "width": 1000, "height": 800]])
            }
            if step > 0 { try s.advance(to: 0.1 + Double(step) / 20) }
            let built = try s.call("daemon/status", [:])["framesBuilt"]?.intValue ?? 0
            while received < built {
                let frame = try s.notification("preview/frame", timeout: 120)
                try canvas.apply(frame)
                s.client.notify("preview/ack", ["subscription": id, "seq": frame["seq"] ?? .null])
                received += 1
                #expect(frame["width"] == 1000 && frame["height"] == 800)
            }
        }
        #expect(received >= 12, "the animation sent \(received) frames")
        #expect(try s.call("daemon/status", [:])["frameBytes"] == .int(2 * 4 * 1000 * 800))
        let peak = try HostileClientTests.peakMemory(s)
        // What the preview adds to the shown document's own peak: the viewport's two frames (6.1 MiB), what encodes
        // them and the frames waiting for a slow reader, less than one whole-canvas frame; and the whole, far under
        // the 357 MB of a whole-canvas preview. A debug build alone: 51 MiB shown, 72 (png) to 74 (raw) MiB at the
        // peak (it was 87 and 97 before the daemon kept frames out of per-thread malloc arenas, `FrameAllocator`,
        // and wrote pixel messages into one buffer of their size); with every core busy the preview has added up to
        // 16 MiB more than alone (frames wait longer for the test to read them).
        print("viewport memory (\(encoding)): document \(opened >> 20) MiB, peak \(peak >> 20) MiB")
        #expect(peak - opened < Self.previewGrowth, "the preview added \((peak - opened) >> 20) MiB")
        #expect(peak < Self.budget, "peak \(peak >> 20) MiB")
    }
}
