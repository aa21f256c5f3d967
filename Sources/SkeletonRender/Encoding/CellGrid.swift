/// Terminal previews: a grid of half-block cells.

/// One terminal cell: the character `▀` (U+2580) with `top` as its 24-bit foreground and `bottom` as its background.
package struct Cell: Hashable, Sendable {
    package var top: RGB8
    package var bottom: RGB8
    package init(top: RGB8, bottom: RGB8) {
        self.top = top
        self.bottom = bottom
    }
}

/// A run of changed cells on one row: `cells[k]` is at column `column + k`.
package struct CellRun: Hashable, Sendable {
    package var row: Int
    package var column: Int
    package var cells: [Cell]
    package init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }
}

/// A `columns` × `rows` grid of cells (where each half-cell lies on the canvas: `CellGeometry`; how its colour is
/// sampled: `GridSampler`).
package struct CellGrid: Hashable, Sendable {
    package let columns: Int
    package let rows: Int
    /// Row-major cells, `columns × rows`.
    package private(set) var cells: [Cell]

    /// A grid of black cells. Throws for a grid outside `RenderLimits.cellColumns` × `RenderLimits.cellRows`.
    package init(columns: Int, rows: Int) throws(RenderError) {
        guard RenderLimits.cellColumns.contains(columns), RenderLimits.cellRows.contains(rows) else {
            throw .invalidCellGrid(columns: columns, rows: rows)
        }
        self.columns = columns
        self.rows = rows
        let black = Cell(top: RGB8(r: 0, g: 0, b: 0), bottom: RGB8(r: 0, g: 0, b: 0))
        cells = Array(repeating: black, count: columns * rows)
    }

    /// The cell at (`column`, `row`); nil outside the grid.
    package subscript(column: Int, row: Int) -> Cell? {
        guard column >= 0, row >= 0, column < columns, row < rows else { return nil }
        return cells[row * columns + column]
    }

    /// Sets the top (even `halfRow`) or bottom (odd) half of the cell at `column`, row `halfRow / 2`.
    /// - Important: `column` in `0..<columns`, `halfRow` in `0..<2·rows`.
    package mutating func set(column: Int, halfRow: Int, to color: RGB8) {
        let i = (halfRow >> 1) * columns + column
        if halfRow & 1 == 0 { cells[i].top = color } else { cells[i].bottom = color }
    }

    /// The runs of cells that differ from `old` (every cell when `old` is nil or has another size).
    package func changes(since old: CellGrid?) -> [CellRun] {
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
    package mutating func apply(_ runs: [CellRun]) {
        for run in runs {
            for (k, cell) in run.cells.enumerated() {
                let c = run.column + k
                guard run.row >= 0, run.row < rows, c >= 0, c < columns else { continue }
                cells[run.row * columns + c] = cell
            }
        }
    }
}
