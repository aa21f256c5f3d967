/// Cell grids sampled straight from display lists, at the grid's resolution.

package import SkeletonGraphics

/// Samples display lists into cell grids without drawing the canvas: the cost is the grid's sub-samples and the
/// layers over them, whatever the canvas's size (see `Protocol/rendering.md`, `cells`).
///
/// Each half-cell (its pixels: `CellGeometry`) is cut into kx × ky equal sub-samples, kx = min(`maxFactor`,
/// ⌊W/columns⌋) and ky = min(`maxFactor`, ⌊H/(2·rows)⌋) (at least 1: a sub-sample is never narrower than a pixel).
/// A sub-sample takes what the layers paint over it, in order, with 8-bit source-over as the rasterizer:
/// - coverage: the exact share of its area inside the intersection of the layer's rectangle, its clips' and the
///   canvas's; a rounded corner scales it by `clamp(0.5 − d/p)`, d the distance from the covered part's centre
///   to the corner's circle, p that part's extent across the circle (the rasterizer's estimate, per sub-sample);
/// - colour: a gradient's at the sub-sample's centre; text: the mean of the text engine's mask (at the stream's
///   scale, as drawn) over the sub-sample's area, times the coverage; a border: the shape's coverage less its
///   hole's.
///
/// A half-cell's colour is the rounded per-channel mean of its sub-samples. Half-cells are sampled in bands of at
/// most `maxBandSamples` sub-samples, so the scratch memory is bounded whatever the grid.
package struct GridSampler: Sendable {
    /// The most sub-samples per half-cell side.
    package static let maxFactor = 4
    /// The most sub-samples sampled at once (the scratch buffers' size).
    package static let maxBandSamples = 1 << 14

    /// Scratch kept between calls (none of it outlives a call's meaning), bounded by the grid
    /// (`maxScratchBytes(columns:rows:)`); what depends on the document (the layers over a band, a layer's clips) is
    /// given back at the end of each call.
    var samples: [UInt32] = []
    var subX0: [Double] = []
    var subX1: [Double] = []
    var subY0: [Double] = []
    var subY1: [Double] = []
    var covX: [Double] = []
    var covY: [Double] = []
    var nearX: [Bool] = []
    var nearY: [Bool] = []
    var colors: [UInt32] = []
    var ring: [Double] = []
    var shapes: [PixelShape] = []
    var touching: [Layer] = []
    /// Per half-row, the columns to sample (`lo >= hi`: none).
    var wanted: [(lo: Int, hi: Int)] = []
    /// How many sub-samples the last call drew, for tests (work counts, not time).
    package private(set) var sampledCount = 0

    package init() {}

    /// The bytes of scratch it holds (its arrays' capacities).
    package var scratchBytes: Int {
        let doubles =
            subX0.capacity + subX1.capacity + subY0.capacity + subY1.capacity + covX.capacity
            + covY.capacity + ring.capacity
        return (samples.capacity + colors.capacity) * 4 + doubles * 8
            + shapes.capacity * MemoryLayout<PixelShape>.stride + touching.capacity * MemoryLayout<Layer>.stride
            + wanted.capacity * MemoryLayout<(lo: Int, hi: Int)>.stride + nearX.capacity + nearY.capacity
    }

    /// The most bytes of scratch a sampler holds between calls for a `columns` × `rows` grid, whatever the document
    /// and the canvas: a band's sub-samples and rings (at most `maxBandSamples`), the sub-sample edges, coverages and
    /// colours of a row and a column of the grid (at most `maxFactor` a half-cell), the wanted columns of each
    /// half-row, and for each of those buffers `allocatorSlack` (the allocator may give more than asked).
    ///
    /// - Important: `columns` and `rows` within `RenderLimits.cellColumns` and `RenderLimits.cellRows`.
    package static func maxScratchBytes(columns: Int, rows: Int) -> Int {
        let across = columns * maxFactor
        let down = 2 * rows * maxFactor
        let band = min(maxBandSamples, across * down)
        // samples (UInt32) and ring (Double); subX0, subX1, covX (Double) and nearX (Bool), the same down; colors.
        let bands = band * (4 + 8)
        let edges = (across + down) * (3 * 8 + 1) + max(across, down) * 4
        let wanted = 2 * rows * MemoryLayout<(lo: Int, hi: Int)>.stride
        return bands + edges + wanted + 12 * allocatorSlack
    }

    /// What a buffer may hold past what was asked for: the allocator's rounding (at most a page, for a buffer it maps).
    package static let allocatorSlack = 4096

    /// The sub-samples per half-cell side for `geometry`.
    static func factors(_ geometry: CellGeometry) -> (kx: Int, ky: Int) {
        let kx = min(maxFactor, max(1, geometry.box.width / geometry.columns))
        let ky = min(maxFactor, max(1, geometry.box.height / (2 * geometry.rows)))
        return (kx, ky)
    }

    /// Samples `list` at `scale` (a canvas of `canvas` pixels) into `grid`: every half-cell, or those whose pixels
    /// meet `damage` (pixel rectangles of the canvas).
    /// - Important: `grid` has `geometry`'s columns and rows; `canvas` is the list's size at `scale`.
    package mutating func sample(
        _ list: DisplayList, scale: Double, canvas: PixelRect, geometry: CellGeometry, into grid: inout CellGrid,
        damage: [PixelRect]?
    ) {
        let halfRows = 2 * geometry.rows
        wanted = Array(repeating: (lo: 0, hi: damage == nil ? geometry.columns : 0), count: halfRows)
        for rect in damage ?? [] {
            let columns = geometry.columns(meeting: rect.minX, rect.maxX)
            guard !columns.isEmpty else { continue }
            for h in geometry.halfRows(meeting: rect.minY, rect.maxY) {
                let w = wanted[h]
                wanted[h] =
                    w.lo < w.hi
                    ? (min(w.lo, columns.lowerBound), max(w.hi, columns.upperBound))
                    : (columns.lowerBound, columns.upperBound)
            }
        }
        let (kx, ky) = Self.factors(geometry)
        sampledCount = 0
        var h = 0
        while h < halfRows {
            var (lo, hi) = wanted[h]
            guard lo < hi else {
                h += 1
                continue
            }
            // A band: the following half-rows that want columns too, while the union fits the scratch.
            var end = h + 1
            while end < halfRows {
                let next = wanted[end]
                guard next.lo < next.hi else { break }
                let l = min(lo, next.lo)
                let r = max(hi, next.hi)
                guard (r - l) * kx * (end + 1 - h) * ky <= Self.maxBandSamples else { break }
                (lo, hi) = (l, r)
                end += 1
            }
            // One half-row wider than the scratch is cut into runs of columns.
            let step = max(1, Self.maxBandSamples / (kx * ky * (end - h)))
            var c = lo
            while c < hi {
                let band = Band(columns: c..<min(hi, c + step), halfRows: h..<end, kx: kx, ky: ky)
                sampleBand(band, list: list, scale: scale, canvas: canvas, geometry: geometry, into: &grid)
                c += step
            }
            h = end
        }
        // The document's share of the scratch goes: what stays is bounded by the grid.
        touching = []
        shapes = []
    }

    /// A rectangle of half-cells sampled at once.
    struct Band {
        let columns: Range<Int>
        let halfRows: Range<Int>
        let kx: Int
        let ky: Int
        var width: Int { columns.count * kx }
        var height: Int { halfRows.count * ky }
    }

    /// Samples the half-cells of `band` into `grid`.
    private mutating func sampleBand(
        _ band: Band, list: DisplayList, scale: Double, canvas: PixelRect, geometry: CellGeometry,
        into grid: inout CellGrid
    ) {
        let n = band.width * band.height
        sampledCount += n
        if samples.count < n { samples = Array(repeating: 0, count: n) }
        layOut(band, geometry: geometry)
        let box = PixelRect(
            x: geometry.xs[band.columns.lowerBound].start, y: geometry.ys[band.halfRows.lowerBound].start,
            width: geometry.xs[band.columns.upperBound - 1].end - geometry.xs[band.columns.lowerBound].start,
            height: geometry.ys[band.halfRows.upperBound - 1].end - geometry.ys[band.halfRows.lowerBound].start)
        let background = backgroundPixel(list.background)
        for i in 0..<n { samples[i] = background }
        for segment in list.segments
        where segment.extent.map({ Rasterizer.mayTouch($0, box, scale: scale) }) ?? true {
            for layer in segment.layers where Rasterizer.mayTouch(layer.shape.rect, box, scale: scale) {
                touching.append(layer)
            }
        }
        for layer in touching { draw(layer, band: band, scale: scale, canvas: canvas) }
        touching.removeAll(keepingCapacity: true)
        average(band, into: &grid)
    }

    /// The sub-samples' edges (pixels) of `band`: each half-cell's span cut in kx (ky) equal parts.
    private mutating func layOut(_ band: Band, geometry: CellGeometry) {
        func cut(_ spans: ArraySlice<CellGeometry.Span>, k: Int, _ lo: inout [Double], _ hi: inout [Double]) {
            let need = spans.count * k
            if lo.count < need {
                lo = Array(repeating: 0, count: need)
                hi = Array(repeating: 0, count: need)
            }
            var s = 0
            for span in spans {
                let a = Double(span.start)
                let length = Double(span.end - span.start)
                for i in 0..<k {
                    lo[s] = a + length * Double(i) / Double(k)
                    hi[s] = i == k - 1 ? Double(span.end) : a + length * Double(i + 1) / Double(k)
                    s += 1
                }
            }
        }
        cut(geometry.xs[band.columns], k: band.kx, &subX0, &subX1)
        cut(geometry.ys[band.halfRows], k: band.ky, &subY0, &subY1)
    }

    /// Each half-cell of `band`: the rounded mean of its sub-samples.
    private func average(_ band: Band, into grid: inout CellGrid) {
        let count = UInt32(band.kx * band.ky)
        let width = band.width
        for (hr, h) in band.halfRows.enumerated() {
            for (cc, c) in band.columns.enumerated() {
                var r: UInt32 = 0
                var g: UInt32 = 0
                var b: UInt32 = 0
                for j in (hr * band.ky)..<((hr + 1) * band.ky) {
                    for i in (cc * band.kx)..<((cc + 1) * band.kx) {
                        let p = samples[j * width + i]
                        r &+= p & 0xFF
                        g &+= (p >> 8) & 0xFF
                        b &+= (p >> 16) & 0xFF
                    }
                }
                let half = count / 2
                grid.set(
                    column: c, halfRow: h,
                    to: RGB8(
                        r: UInt8(truncatingIfNeeded: (r + half) / count),
                        g: UInt8(truncatingIfNeeded: (g + half) / count),
                        b: UInt8(truncatingIfNeeded: (b + half) / count)))
            }
        }
    }
}
