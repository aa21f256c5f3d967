import SkeletonGraphics
import SkeletonText
import Testing

@testable import SkeletonRender

/// What a `cells` subscription counts against the previews' frame budget, `CellStream.budgetBytes`, bounds what its
/// stream really holds after keyframes and diffs of big documents, whatever the grid, the canvas and the viewport.
@Suite("Cells budget")
struct CellBudgetTests {
    /// `count` layers over a `width` × `height`-point canvas: random blocks, gradients and clips, with borders, nested
    /// clips and labels among them.
    static func document(_ rng: inout SeededRandom, width: Double, height: Double, count: Int) -> DisplayList {
        var list = Fixtures.randomList(&rng, width: width, height: height, count: count)
        for i in stride(from: 0, to: list.layers.count, by: 7) {
            var fields = list.layers[i].fields
            switch i % 3 {
            case 0: fields.content = .stroke(width: rng.double(0.5, 6))
            case 1:
                fields.content = .text(TextContent(text: "Skeleton \(i)", font: FontSpec(size: 17), maxLines: 2))
            default:
                let rect = fields.shape.rect
                fields.clips = (0..<12).map { k in
                    let d = Double(k)
                    return RoundedRect(
                        rect: Rect(x: rect.x + d, y: rect.y + d, width: rect.width, height: rect.height),
                        cornerRadius: d)
                }
            }
            list.layers[i].fields = fields
        }
        return list
    }

    /// A keyframe, then diffs of a changing document, then a new viewport and a new grid: after each, the stream
    /// holds at most its grid's budget.
    @Test(arguments: [(80, 24), (1, 1), (7, 500), (1000, 1)])
    func heldBytesStayWithinTheGridsBudget(columns: Int, rows: Int) throws {
        var rng = SeededRandom(seed: UInt64(columns * 1000 + rows))
        var list = Self.document(&rng, width: 400, height: 400, count: 150)
        var stream = try CellStream(scale: 2, columns: columns, rows: rows)
        let budget = CellStream.budgetBytes(columns: columns, rows: rows)
        func check(_ step: String) {
            #expect(stream.heldBytes <= budget, "\(columns)×\(rows) \(step): \(stream.heldBytes) > \(budget)")
        }
        _ = try #require(try stream.next(list))
        check("keyframe")
        for k in 0..<3 {
            list = Fixtures.mutate(list, &rng)
            list.layers[k].shape.rect = list.layers[k].shape.rect.offsetBy(dx: 30, dy: 17)
            _ = try stream.next(list)
            check("diff \(k)")
        }
        try stream.setViewport(Rect(x: 50, y: 100, width: 200, height: 250))
        _ = try stream.next(list)
        check("viewport keyframe")
        // A larger grid's scratch goes with the grid it was sized for: the smaller one's budget holds again.
        try stream.setGrid(columns: 240, rows: 120)
        _ = try stream.next(Self.document(&rng, width: 300, height: 300, count: 30))
        #expect(stream.heldBytes <= CellStream.budgetBytes(columns: 240, rows: 120))
        try stream.setGrid(columns: columns, rows: rows)
        _ = try stream.next(list)
        check("after a larger grid")
    }

    /// The budget is the grid's, not the canvas's: an 80 × 24 grid counts about 300 KiB, the largest grid (its two
    /// grids of 500,000 cells) under 7 MiB, and a grid outside the limits is refused without changing the stream.
    @Test func theBudgetFollowsTheGrid() throws {
        let small = CellStream.budgetBytes(columns: 80, rows: 24)
        #expect(small > 200 << 10 && small < 400 << 10, "\(small)")
        let largest = CellStream.budgetBytes(
            columns: RenderLimits.cellColumns.upperBound, rows: RenderLimits.cellRows.upperBound)
        #expect(largest > small && largest < 7 << 20, "\(largest)")
        print("cells budget: 80×24 \(small) bytes, 1000×500 \(largest) bytes")
        var stream = try CellStream(scale: 2, columns: 80, rows: 24)
        #expect(throws: RenderError.invalidCellGrid(columns: 0, rows: 24)) { try stream.setGrid(columns: 0, rows: 24) }
        #expect(stream.columns == 80 && stream.rows == 24)
        try stream.setGrid(columns: 120, rows: 40)
        let update = try #require(try stream.next(CellViewportTests.list))
        #expect(update.keyframe && update.columns == 120 && update.rows == 40)
        #expect(update.runs.reduce(0) { $0 + $1.cells.count } == 120 * 40)
    }
}
