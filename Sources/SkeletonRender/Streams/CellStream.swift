/// Per-subscriber state for the `cells` stream encoding.

public import SkeletonGraphics

/// One `cells` frame: applying `runs` to the subscriber's previous grid (or to any grid of this size, for a
/// keyframe, which lists every cell) gives the grid sampled from the display list.
public struct CellUpdate: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var keyframe: Bool
    public var runs: [CellRun]
}

/// What one `cells` subscriber last received. Memory: one frame and two grids.
public struct CellStream: Sendable {
    public let scale: Double
    public let columns: Int
    public let rows: Int
    private var rasterizer = Rasterizer()
    private var lastList: DisplayList?
    private var frame: Frame?
    private var grid: CellGrid?
    private var keyframeRequested = true

    /// Validates the scale and the grid size.
    public init(scale: Double, columns: Int, rows: Int) throws(RenderError) {
        guard scale.isFinite, RenderLimits.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        guard RenderLimits.cellColumns.contains(columns), RenderLimits.cellRows.contains(rows) else {
            throw .invalidCellGrid(columns: columns, rows: rows)
        }
        self.scale = scale
        self.columns = columns
        self.rows = rows
    }

    /// The grid the subscriber has now, if any.
    public var lastSentGrid: CellGrid? { grid }

    /// Makes the next update a keyframe.
    public mutating func requestKeyframe() { keyframeRequested = true }

    /// The update from the last sent grid to `list`'s, or nil when no cell changed. The result counts as sent.
    public mutating func next(_ list: DisplayList) throws(RenderError) -> CellUpdate? {
        let (w, h) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
        if keyframeRequested || frame?.width != w || frame?.height != h || lastList == nil || grid == nil {
            var full = try Frame(width: w, height: h)
            try rasterizer.render(list, scale: scale, into: &full)
            let g = try CellGrid(sampling: full, columns: columns, rows: rows)
            frame = full
            grid = g
            lastList = list
            keyframeRequested = false
            return CellUpdate(columns: columns, rows: rows, keyframe: true, runs: g.changes(since: nil))
        }
        guard var current = frame, let old = grid else { return nil }
        let damage = try LayerDamage.between(lastList, list, scale: scale)
        lastList = list
        guard !damage.isEmpty else { return nil }
        frame = nil
        defer { frame = current }
        try rasterizer.render(list, scale: scale, into: &current, regions: damage)
        var g = old
        g.resample(current, within: damage)
        let runs = g.changes(since: old)
        grid = g
        return runs.isEmpty ? nil : CellUpdate(columns: columns, rows: rows, keyframe: false, runs: runs)
    }
}
