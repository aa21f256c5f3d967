#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cells grid that fits a canvas in the terminal: each cell is one column and two pixel rows (half blocks),
/// and terminal cells are about twice as tall as wide, so a canvas W×H points keeps its proportions at
/// `rows = columns × H / W / 2`.
enum TerminalGrid {
    /// The terminal's size, or nil when stdout is not a terminal and `$COLUMNS`/`$LINES` do not say.
    static func terminalSize() -> (columns: Int, rows: Int)? {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return nil
    }

    /// The grid for a `width`×`height` canvas. Explicit `columns`/`rows` win; a missing one follows the
    /// proportions; with neither, the largest grid that fits the terminal (less one row, so the cursor's line
    /// never scrolls the picture) on both axes, or 100 columns when the size is unknown.
    static func fit(
        width: Double, height: Double, columns: Int?, rows: Int?, terminal: (columns: Int, rows: Int)?
    ) -> (columns: Int, rows: Int) {
        let aspect = height.isFinite && width.isFinite && width > 0 && height > 0 ? height / width : 1
        func rowsFollowing(_ columns: Int) -> Int { clamp((Double(columns) * aspect / 2).rounded(), 1, 500) }
        func columnsFollowing(_ rows: Int) -> Int { clamp((Double(rows) * 2 / aspect).rounded(), 1, 1000) }
        switch (columns, rows) {
        case (let c?, let r?): return (c, r)
        case (let c?, nil): return (c, rowsFollowing(c))
        case (nil, let r?): return (columnsFollowing(r), r)
        case (nil, nil):
            guard let terminal else { return (100, rowsFollowing(100)) }
            let maxColumns = max(1, min(1000, terminal.columns))
            let maxRows = max(1, min(500, terminal.rows - 1))
            let c = min(maxColumns, columnsFollowing(maxRows))
            return (c, min(maxRows, rowsFollowing(c)))
        }
    }

    private static func clamp(_ value: Double, _ low: Int, _ high: Int) -> Int {
        guard value.isFinite else { return low }
        return Int(min(Double(high), max(Double(low), value)))
    }
}
