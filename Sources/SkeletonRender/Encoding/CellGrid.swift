/// Terminal previews: a grid of half-block cells sampled from a frame.

/// One terminal cell: the character `▀` (U+2580) with `top` as its 24-bit foreground and `bottom` as its background.
public struct Cell: Hashable, Sendable {
    public var top: RGB8
    public var bottom: RGB8
    public init(top: RGB8, bottom: RGB8) {
        self.top = top
        self.bottom = bottom
    }
}

/// A run of changed cells on one row: `cells[k]` is at column `column + k`.
public struct CellRun: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var cells: [Cell]
    public init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }
}

/// A `columns` × `rows` grid of cells. Column c covers frame pixels `x ∈ [⌊c·W/columns⌋, ⌊(c+1)·W/columns⌋)`,
/// and half-row h (0 ..< 2·rows; top half of row r is h = 2r, bottom h = 2r+1) covers
/// `y ∈ [⌊h·H/(2·rows)⌋, ⌊(h+1)·H/(2·rows)⌋)`; an empty span takes the single pixel at its start (clamped to the
/// frame). A half-cell's colour is the rounded mean of its pixels, per channel.
public struct CellGrid: Hashable, Sendable {
    public let columns: Int
    public let rows: Int
    /// Row-major cells, `columns × rows`.
    public private(set) var cells: [Cell]

    /// Samples `frame`. Throws for a grid outside `RenderLimits.cellColumns` × `RenderLimits.cellRows`.
    public init(sampling frame: Frame, columns: Int, rows: Int) throws(RenderError) {
        guard RenderLimits.cellColumns.contains(columns), RenderLimits.cellRows.contains(rows) else {
            throw .invalidCellGrid(columns: columns, rows: rows)
        }
        self.columns = columns
        self.rows = rows
        let black = Cell(top: RGB8(r: 0, g: 0, b: 0), bottom: RGB8(r: 0, g: 0, b: 0))
        cells = Array(repeating: black, count: columns * rows)
        resample(frame, within: nil)
    }

    /// The cell at (`column`, `row`); nil outside the grid.
    public subscript(column: Int, row: Int) -> Cell? {
        guard column >= 0, row >= 0, column < columns, row < rows else { return nil }
        return cells[row * columns + column]
    }

    /// Re-samples the cells whose pixels meet any of `rects` (all cells when nil) from `frame`.
    public mutating func resample(_ frame: Frame, within rects: [PixelRect]?) {
        let xs = Self.spans(count: columns, length: frame.width)
        let ys = Self.spans(count: rows * 2, length: frame.height)
        for row in 0..<rows {
            let top = ys[row * 2]
            let bottom = ys[row * 2 + 1]
            for col in 0..<columns {
                let x = xs[col]
                if let rects {
                    let box = PixelRect(
                        x: x.start, y: top.start, width: x.end - x.start, height: bottom.end - top.start)
                    guard rects.contains(where: { !$0.intersection(box).isEmpty }) else { continue }
                }
                cells[row * columns + col] = Cell(
                    top: Self.mean(frame, x0: x.start, x1: x.end, y0: top.start, y1: top.end),
                    bottom: Self.mean(frame, x0: x.start, x1: x.end, y0: bottom.start, y1: bottom.end)
                )
            }
        }
    }

    /// The runs of cells that differ from `old` (every cell when `old` is nil or has another size).
    public func changes(since old: CellGrid?) -> [CellRun] {
        let same = old.map { $0.columns == columns && $0.rows == rows } ?? false
        var runs: [CellRun] = []
        for row in 0..<rows {
            var col = 0
            while col < columns {
                let i = row * columns + col
                if same, let old, old.cells[i] == cells[i] {
                    col += 1
                    continue
                }
                var run = CellRun(row: row, column: col, cells: [])
                while col < columns {
                    let k = row * columns + col
                    if same, let old, old.cells[k] == cells[k] { break }
                    run.cells.append(cells[k])
                    col += 1
                }
                runs.append(run)
            }
        }
        return runs
    }

    /// Applies runs (for clients and tests). Runs outside the grid are ignored.
    public mutating func apply(_ runs: [CellRun]) {
        for run in runs {
            for (k, cell) in run.cells.enumerated() {
                let c = run.column + k
                guard run.row >= 0, run.row < rows, c >= 0, c < columns else { continue }
                cells[run.row * columns + c] = cell
            }
        }
    }

    /// The pixel span of each of `count` equal divisions of `length` pixels (never empty).
    static func spans(count: Int, length: Int) -> [(start: Int, end: Int)] {
        (0..<count).map { i in
            let a = i * length / count
            let b = (i + 1) * length / count
            let start = min(a, length - 1)
            return (start, max(b, start + 1))
        }
    }

    /// The rounded per-channel mean of a pixel box.
    static func mean(_ frame: Frame, x0: Int, x1: Int, y0: Int, y1: Int) -> RGB8 {
        var r = 0
        var g = 0
        var b = 0
        let w = frame.width
        frame.pixels.withUnsafeBufferPointer { px in
            for y in y0..<y1 {
                let row = y * w
                for x in x0..<x1 {
                    let p = px[row + x]
                    r &+= Int(p & 0xFF)
                    g &+= Int((p >> 8) & 0xFF)
                    b &+= Int((p >> 16) & 0xFF)
                }
            }
        }
        let n = (x1 - x0) * (y1 - y0)
        return RGB8(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n))
    }
}
