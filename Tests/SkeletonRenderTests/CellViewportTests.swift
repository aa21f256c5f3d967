import SkeletonGraphics
import SkeletonText
import Testing

@testable import SkeletonRender

/// `cells` viewports (a region of the canvas in points), and what a `cells` stream costs: its grid and a bounded
/// scratch, never a frame of the canvas.
@Suite("Cells viewports and memory")
struct CellViewportTests {
    /// Blocks, a rounded card, a gradient and a label over a 200 × 120-point canvas.
    static let list = Fixtures.list(
        200, 120,
        [
            Fixtures.layer("card", 10, 10, 180, 100, radius: 12, fill: .solid(RGBA(red: 0.9, green: 0.92, blue: 0.95))),
            Fixtures.layer("avatar", 20, 20, 40, 40, radius: 20, fill: .solid(RGBA(red: 0.3, green: 0.4, blue: 0.8))),
            Fixtures.layer(
                "shimmer", 70, 24, 110, 14, radius: 4,
                fill: .linearGradient(
                    LinearGradient(
                        colors: [RGBA(red: 0.8, green: 0.8, blue: 0.8), .white, RGBA(red: 0.8, green: 0.8, blue: 0.8)],
                        locations: nil, start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5)))),
            Layer(
                id: "label", node: "label", kind: .text,
                shape: RoundedRect(rect: Rect(x: 20, y: 70, width: 160, height: 24), cornerRadius: 0),
                fill: .solid(.black), opacity: 1, clips: [],
                content: .text(TextContent(text: "Skeleton cells", font: FontSpec(size: 17), maxLines: 1))),
        ])

    @Test func aViewportShowsThatRegionOfTheReference() throws {
        let viewports = [
            Rect(x: 0, y: 0, width: 100, height: 60), Rect(x: 15, y: 18, width: 60, height: 50),
            Rect(x: 50.5, y: 60.25, width: 149.5, height: 59.75), Rect(x: 0, y: 0, width: 200, height: 120),
        ]
        for viewport in viewports {
            for scale in [1.0, 2.0, 3.0] {
                for (columns, rows) in [(40, 12), (80, 24), (7, 3)] {
                    let (_, difference) = try CellSamplingTests.compare(
                        Self.list, scale: scale, columns: columns, rows: rows, viewport: viewport)
                    #expect(difference.isWithinTolerance, "\(viewport) @\(scale) \(columns)×\(rows): \(difference)")
                }
            }
        }
    }

    @Test func theWholeCanvasAsViewportIsNoViewport() throws {
        var whole = try CellStream(scale: 3, columns: 50, rows: 20, viewport: Rect(x: 0, y: 0, width: 200, height: 120))
        var plain = try CellStream(scale: 3, columns: 50, rows: 20)
        #expect(try whole.next(Self.list) == plain.next(Self.list))
    }

    @Test func aViewportPastTheCanvasShowsTheBackground() throws {
        let viewport = Rect(x: 150, y: 100, width: 100, height: 50)
        var stream = try CellStream(scale: 2, columns: 20, rows: 5, viewport: viewport)
        _ = try stream.next(Self.list)
        let grid = try #require(stream.lastSentGrid)
        let background = RGB8(pixel: backgroundPixel(Self.list.background))
        // Columns 10… and the bottom half-rows from y = 120 on lie past the canvas.
        #expect(grid[19, 4] == Cell(top: background, bottom: background))
        #expect(grid[12, 0] == Cell(top: background, bottom: background))
        // The canvas's own pixels come from the reference's (the card's corner is there).
        let reference = try CellReference.grid(Self.list, scale: 2, columns: 20, rows: 5, viewport: viewport)
        #expect(CellDifference(grid, reference).isWithinTolerance)
    }

    @Test func changingTheViewportMakesAKeyframe() throws {
        var stream = try CellStream(scale: 2, columns: 30, rows: 10)
        #expect(try stream.next(Self.list)?.keyframe == true)
        #expect(try stream.next(Self.list) == nil)
        let region = Rect(x: 10, y: 10, width: 90, height: 60)
        try stream.setViewport(region)
        #expect(stream.viewport == region)
        let update = try #require(try stream.next(Self.list))
        #expect(update.keyframe && update.runs.count == 10)
        var fresh = try CellStream(scale: 2, columns: 30, rows: 10, viewport: region)
        #expect(try fresh.next(Self.list) == update)
        // Damage inside the viewport re-samples it; damage outside changes nothing.
        var moved = Self.list
        moved.layers[1].shape.rect.x += 4
        #expect(try stream.next(moved)?.keyframe == false)
        var outside = moved
        outside.layers.append(Fixtures.layer("far", 150, 90, 30, 20))
        #expect(try stream.next(outside) == nil)
        try stream.setViewport(nil)
        #expect(try stream.next(outside)?.keyframe == true)
    }

    @Test func badViewportsAreRefusedNamingTheProblem() throws {
        let cases: [(Rect, ViewportProblem)] = [
            (Rect(x: .nan, y: 0, width: 10, height: 10), .notFinite),
            (Rect(x: 0, y: 0, width: .infinity, height: 10), .notFinite),
            (Rect(x: 0, y: 0, width: 0, height: 10), .empty),
            (Rect(x: 0, y: 0, width: 10, height: -1), .empty),
            (Rect(x: -1, y: 0, width: 10, height: 10), .negativeOrigin),
            (Rect(x: 0, y: 0, width: 5000, height: 10), .tooLarge(scale: 4)),
            (Rect(x: 4000, y: 0, width: 100, height: 10), .tooLarge(scale: 4)),
            (Rect(x: 0, y: 0, width: 3000, height: 3000), .tooLarge(scale: 4)),
        ]
        /// The problem a thrown error names (a rectangle with NaN is never equal to itself).
        func problem(_ body: () throws -> Void) -> ViewportProblem? {
            do {
                try body()
                return nil
            } catch {
                guard case .invalidViewport(_, let problem) = error as? RenderError else { return nil }
                return problem
            }
        }
        for (rect, expected) in cases {
            #expect(problem { _ = try CellStream(scale: 4, columns: 80, rows: 24, viewport: rect) } == expected)
            var stream = try CellStream(scale: 4, columns: 80, rows: 24)
            #expect(problem { try stream.setViewport(rect) } == expected)
            #expect(stream.viewport == nil)
        }
        let error = RenderError.invalidViewport(Rect(x: 0, y: 0, width: 0, height: 3), .empty)
        #expect(error.field == "viewport")
        #expect(error.description == "viewport 0.0,0.0 0.0×3.0 points is empty (width and height must be positive)")
    }

    /// A canvas of 2^25 pixels at scale 4 through an 80 × 24 grid: the stream holds its grid and a scratch of at
    /// most `GridSampler.maxBandSamples` sub-samples, and samples 16 per half-cell, never the canvas's pixels.
    @Test func aHugeCanvasCostsTheGridNotTheCanvas() throws {
        let side = 1448.0  // 5,792 pixels a side at scale 4: 33,547,264 ≤ 2^25
        var layers: [Layer] = []
        for i in 0..<200 {
            let x = Double(i % 20) * 70
            let y = Double(i / 20) * 140
            layers.append(Fixtures.layer("b\(i)", x + 4, y + 4, 60, 120, radius: 8, fill: .solid(.black)))
        }
        let list = Fixtures.list(side, side, layers)
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: 4)
        #expect(w * h > RenderLimits.maxPixels / 2 && w * h <= RenderLimits.maxPixels)
        var stream = try CellStream(scale: 4, columns: 80, rows: 24)
        _ = try #require(try stream.next(list))
        #expect(stream.sampledCount == 80 * 48 * 16)
        // The grid (1,920 cells), its spans and the scratch: far below one canvas (128 MiB) or even 1 MiB.
        #expect(stream.heldBytes < 1 << 20, "\(stream.heldBytes) bytes")
        var moved = list
        moved.layers[0].shape.rect.x += 10
        _ = try stream.next(moved)
        // Only the half-cells the moved block touches are sampled again.
        #expect(stream.sampledCount > 0 && stream.sampledCount <= 6 * 6 * 16, "\(stream.sampledCount)")
        #expect(stream.heldBytes < 1 << 20)
    }
}

extension CellViewportTests {
    @Test func aNewBackgroundRecoloursThePartPastTheCanvas() throws {
        var stream = try CellStream(
            scale: 1, columns: 10, rows: 5, viewport: Rect(x: 100, y: 60, width: 200, height: 120))
        _ = try stream.next(Self.list)
        var dark = Self.list
        dark.background = .black
        let update = try #require(try stream.next(dark))
        #expect(!update.keyframe)
        let grid = try #require(stream.lastSentGrid)
        let black = RGB8(r: 0, g: 0, b: 0)
        #expect(grid[9, 4] == Cell(top: black, bottom: black))
    }
}
