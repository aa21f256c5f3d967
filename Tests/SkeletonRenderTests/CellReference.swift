import SkeletonGraphics

@testable import SkeletonRender

/// The `cells` path before `GridSampler`, kept as the reference it is held to: the whole canvas rendered at the
/// scale, each half-cell (`CellGeometry`) the rounded per-channel mean of its pixels, pixels past the canvas the
/// background's.
enum CellReference {
    static func grid(_ list: DisplayList, scale: Double, columns: Int, rows: Int, viewport: Rect? = nil) throws
        -> CellGrid
    {
        try grid(
            Fixtures.render(list, scale: scale), list, scale: scale, columns: columns, rows: rows, viewport: viewport)
    }

    /// The grid of `frame` (the render of `list` at `scale`).
    static func grid(
        _ frame: Frame, _ list: DisplayList, scale: Double, columns: Int, rows: Int, viewport: Rect? = nil
    ) throws -> CellGrid {
        let box = try CellGeometry.box(canvas: list.size, scale: scale, viewport: viewport)
        let geometry = CellGeometry(box: box, columns: columns, rows: rows)
        let background = backgroundPixel(list.background)
        var grid = try CellGrid(columns: columns, rows: rows)
        frame.pixels.withUnsafeBufferPointer { px in
            for (h, ys) in geometry.ys.enumerated() {
                for (c, xs) in geometry.xs.enumerated() {
                    var r = 0
                    var g = 0
                    var b = 0
                    for y in ys.start..<ys.end {
                        for x in xs.start..<xs.end {
                            let inside = x < frame.width && y < frame.height
                            let p = inside ? px[y * frame.width + x] : background
                            r += Int(p & 0xFF)
                            g += Int((p >> 8) & 0xFF)
                            b += Int((p >> 16) & 0xFF)
                        }
                    }
                    let n = (xs.end - xs.start) * (ys.end - ys.start)
                    grid.set(
                        column: c, halfRow: h,
                        to: RGB8(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n)))
                }
            }
        }
        return grid
    }
}

/// How far a sampled grid is from the reference's: the largest difference of any channel of any half-cell, and
/// how many half-cells differ by more than `CellTolerance.rounding` levels in some channel.
struct CellDifference: CustomStringConvertible {
    var largest = 0
    var differing = 0
    var halfCells = 0

    init(_ a: CellGrid, _ b: CellGrid) {
        for (x, y) in zip(a.cells, b.cells) {
            for (p, q) in [(x.top, y.top), (x.bottom, y.bottom)] {
                let d = max(
                    abs(Int(p.r) - Int(q.r)), max(abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))))
                largest = max(largest, d)
                if d > CellTolerance.rounding { differing += 1 }
                halfCells += 1
            }
        }
    }

    /// The share of half-cells that differ by more than rounding.
    var share: Double { halfCells == 0 ? 0 : Double(differing) / Double(halfCells) }

    var description: String { "largest \(largest) levels, \(differing) of \(halfCells) half-cells past rounding" }

    /// Whether it is within the documented tolerance (`Protocol/rendering.md`).
    var isWithinTolerance: Bool { largest <= CellTolerance.largest && share <= CellTolerance.share }
}

/// The documented tolerance of sampled grids against the reference (`Protocol/rendering.md`, `cells`).
enum CellTolerance {
    /// Levels a half-cell may be off by rounding alone (8-bit blends of sub-samples instead of pixels).
    static let rounding = 2
    /// The largest difference of any channel of any half-cell.
    static let largest = 48
    /// The share of half-cells allowed to differ by more than `rounding`.
    static let share = 0.08
}
