/// Per-subscriber state for the `cells` stream encoding.

package import SkeletonGraphics

/// One `cells` frame: applying `runs` to the subscriber's previous grid (or to any grid of this size, for a
/// keyframe, which lists every cell) gives the grid sampled from the display list.
package struct CellUpdate: Hashable, Sendable {
    package var columns: Int
    package var rows: Int
    package var keyframe: Bool
    package var runs: [CellRun]
}

/// What one `cells` subscriber last received. The grid is sampled from the display list at the grid's own
/// resolution (`GridSampler`), never from a frame of the canvas: memory is the grid and the sampler's scratch (a
/// band of at most `GridSampler.maxBandSamples` sub-samples), whatever the canvas's size.
package struct CellStream: Sendable {
    package let scale: Double
    package private(set) var columns: Int
    package private(set) var rows: Int
    /// The region of the canvas (points) the grid shows; nil: the whole canvas.
    package private(set) var viewport: Rect?
    private var sampler = GridSampler()
    private var lastList: DisplayList?
    private var geometry: CellGeometry?
    private var grid: CellGrid?
    private var keyframeRequested = true

    /// Validates the scale, the grid size and the viewport (`CellGeometry.pixelBox(of:scale:)`).
    package init(scale: Double, columns: Int, rows: Int, viewport: Rect? = nil) throws(RenderError) {
        guard scale.isFinite, RenderLimits.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        guard RenderLimits.cellColumns.contains(columns), RenderLimits.cellRows.contains(rows) else {
            throw .invalidCellGrid(columns: columns, rows: rows)
        }
        if let viewport { _ = try CellGeometry.pixelBox(of: viewport, scale: scale) }
        self.scale = scale
        self.columns = columns
        self.rows = rows
        self.viewport = viewport
    }

    /// Shows `rect` (points; nil: the whole canvas) from the next update on, which is a keyframe. Throws
    /// `.invalidViewport` naming what is wrong (then nothing changes).
    package mutating func setViewport(_ rect: Rect?) throws(RenderError) {
        if let rect { _ = try CellGeometry.pixelBox(of: rect, scale: scale) }
        viewport = rect
        keyframeRequested = true
    }

    /// Samples a `columns` × `rows` grid from the next update on, which is a keyframe. Throws `.invalidCellGrid` for
    /// a grid outside `RenderLimits` (then nothing changes).
    package mutating func setGrid(columns: Int, rows: Int) throws(RenderError) {
        guard RenderLimits.cellColumns.contains(columns), RenderLimits.cellRows.contains(rows) else {
            throw .invalidCellGrid(columns: columns, rows: rows)
        }
        self.columns = columns
        self.rows = rows
        // The old grid and the scratch sized for it go now: what stays is the new grid's (`budgetBytes`).
        grid = nil
        geometry = nil
        sampler = GridSampler()
        keyframeRequested = true
    }

    /// The most bytes a stream of a `columns` × `rows` grid holds, whatever the canvas and the document: two grids
    /// (the last sent and the one an update builds), two sets of spans (a keyframe's new geometry beside the old),
    /// and the sampler's scratch (`GridSampler.maxScratchBytes`), each buffer with the allocator's slack. This is
    /// what a `cells` subscription counts against the previews' frame budget.
    ///
    /// - Important: `columns` and `rows` within `RenderLimits.cellColumns` and `RenderLimits.cellRows`.
    package static func budgetBytes(columns: Int, rows: Int) -> Int {
        let slack = GridSampler.allocatorSlack
        let grid = columns * rows * MemoryLayout<Cell>.stride + slack
        let spans = (columns + 2 * rows) * MemoryLayout<CellGeometry.Span>.stride + 2 * slack
        return 2 * grid + 2 * spans + GridSampler.maxScratchBytes(columns: columns, rows: rows)
    }

    /// The bytes it holds: the grid, its geometry and the sampler's scratch (no frame of the canvas), at most
    /// `budgetBytes(columns:rows:)`.
    package var heldBytes: Int {
        let cells = (grid?.cells.capacity ?? 0) * MemoryLayout<Cell>.stride
        let spans =
            ((geometry?.xs.capacity ?? 0) + (geometry?.ys.capacity ?? 0)) * MemoryLayout<CellGeometry.Span>.stride
        return cells + spans + sampler.scratchBytes
    }

    /// How many sub-samples the last update sampled (a keyframe: every half-cell's; else the damaged ones').
    package var sampledCount: Int { sampler.sampledCount }

    /// The grid the subscriber has now, if any.
    package var lastSentGrid: CellGrid? { grid }

    /// Makes the next update a keyframe.
    package mutating func requestKeyframe() { keyframeRequested = true }

    /// The update from the last sent grid to `list`'s, or nil when no cell changed. The result counts as sent.
    package mutating func next(_ list: DisplayList) throws(RenderError) -> CellUpdate? {
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
        let canvas = PixelRect(x: 0, y: 0, width: w, height: h)
        let box = try CellGeometry.box(canvas: list.size, scale: scale, viewport: viewport)
        let sameCanvas = lastList.map { $0.size == list.size } ?? false
        guard !keyframeRequested, sameCanvas, let old = grid, let geometry, geometry.box == box else {
            let geometry = CellGeometry(box: box, columns: columns, rows: rows)
            var g = try CellGrid(columns: columns, rows: rows)
            sampler.sample(list, scale: scale, canvas: canvas, geometry: geometry, into: &g, damage: nil)
            self.geometry = geometry
            grid = g
            lastList = list
            keyframeRequested = false
            return CellUpdate(columns: columns, rows: rows, keyframe: true, runs: g.changes(since: nil))
        }
        // A new background shows past the canvas too, where no damage reaches: every half-cell is sampled again.
        let recolored = lastList?.background != list.background
        let damage = try LayerDamage.between(lastList, list, scale: scale)
        lastList = list
        guard !damage.isEmpty else { return nil }
        var g = old
        sampler.sample(
            list, scale: scale, canvas: canvas, geometry: geometry, into: &g, damage: recolored ? nil : damage)
        let runs = g.changes(since: old)
        grid = g
        return runs.isEmpty ? nil : CellUpdate(columns: columns, rows: rows, keyframe: false, runs: runs)
    }
}
