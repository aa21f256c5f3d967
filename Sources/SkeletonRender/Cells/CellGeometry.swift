/// Where the half-cells of a terminal grid lie on a canvas's pixels.

package import SkeletonGraphics

/// The pixels (of the canvas at a scale) each half-cell of a `columns` × `rows` grid covers. The grid shows `box`:
/// column c covers `x ∈ box.x + [⌊c·W/columns⌋, ⌊(c+1)·W/columns⌋)` and half-row h (0 ..< 2·rows; the top half of
/// row r is h = 2r, its bottom half h = 2r+1) covers `y ∈ box.y + [⌊h·H/(2·rows)⌋, ⌊(h+1)·H/(2·rows)⌋)`, W × H
/// the box's size; an empty span takes the single pixel at its start. The box may reach past the canvas: its
/// pixels there show the background.
package struct CellGeometry: Hashable, Sendable {
    /// A half-open run of pixels `start..<end` (never empty).
    package struct Span: Hashable, Sendable {
        package var start: Int
        package var end: Int
    }

    package let box: PixelRect
    package let columns: Int
    package let rows: Int
    /// Each column's pixels, absolute.
    package let xs: [Span]
    /// Each half-row's pixels, absolute.
    package let ys: [Span]

    /// - Important: `box` is non-empty and the grid within `RenderLimits` (checked by the callers).
    package init(box: PixelRect, columns: Int, rows: Int) {
        self.box = box
        self.columns = columns
        self.rows = rows
        xs = Self.spans(count: columns, length: box.width, at: box.x)
        ys = Self.spans(count: 2 * rows, length: box.height, at: box.y)
    }

    /// The pixels of a canvas of `size` points at `scale` that a grid shows: the viewport's (`pixelBox`), or the
    /// whole canvas when there is none.
    package static func box(canvas size: Size, scale: Double, viewport: Rect?) throws(RenderError) -> PixelRect {
        if let viewport { return try pixelBox(of: viewport, scale: scale) }
        let (w, h) = try CanvasGeometry.pixelSize(of: size, scale: scale)
        return PixelRect(x: 0, y: 0, width: w, height: h)
    }

    /// The pixels a viewport of the canvas covers at `scale`: `⌊x·scale⌋ ..< ⌈(x + width)·scale⌉`, and so for y.
    /// Throws `.invalidViewport` when a value is not finite, a side not positive, the origin negative, or the box
    /// reaches past `RenderLimits.maxDimension` on a side or covers more than `RenderLimits.maxPixels`.
    package static func pixelBox(of viewport: Rect, scale: Double) throws(RenderError) -> PixelRect {
        guard scale.isFinite, RenderLimits.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        let v = viewport
        guard v.x.isFinite, v.y.isFinite, v.width.isFinite, v.height.isFinite else {
            throw .invalidViewport(v, .notFinite)
        }
        guard v.width > 0, v.height > 0 else { throw .invalidViewport(v, .empty) }
        guard v.x >= 0, v.y >= 0 else { throw .invalidViewport(v, .negativeOrigin) }
        let limit = Double(RenderLimits.maxDimension)
        let x0 = (v.x * scale).rounded(.down)
        let y0 = (v.y * scale).rounded(.down)
        let x1 = (v.maxX * scale).rounded(.up)
        let y1 = (v.maxY * scale).rounded(.up)
        guard x1 <= limit, y1 <= limit else { throw .invalidViewport(v, .tooLarge(scale: scale)) }
        let box = PixelRect(x: Int(x0), y: Int(y0), width: max(1, Int(x1) - Int(x0)), height: max(1, Int(y1) - Int(y0)))
        guard box.width * box.height <= RenderLimits.maxPixels else {
            throw .invalidViewport(v, .tooLarge(scale: scale))
        }
        return box
    }

    /// The columns whose pixels meet `minX..<maxX` (a possibly empty range).
    func columns(meeting minX: Int, _ maxX: Int) -> Range<Int> {
        Self.indices(xs, meeting: minX, maxX)
    }

    /// The half-rows whose pixels meet `minY..<maxY`.
    func halfRows(meeting minY: Int, _ maxY: Int) -> Range<Int> {
        Self.indices(ys, meeting: minY, maxY)
    }

    /// The spans (ordered: starts and ends never decrease) that meet `lo..<hi`, found by bisection.
    private static func indices(_ spans: [Span], meeting lo: Int, _ hi: Int) -> Range<Int> {
        guard lo < hi else { return 0..<0 }
        var a = 0
        var b = spans.count
        while a < b {
            let m = (a + b) / 2
            if spans[m].end <= lo { a = m + 1 } else { b = m }
        }
        var c = a
        var d = spans.count
        while c < d {
            let m = (c + d) / 2
            if spans[m].start < hi { c = m + 1 } else { d = m }
        }
        return a..<max(a, c)
    }

    /// The pixel span of each of `count` equal divisions of `length` pixels starting at `origin` (never empty).
    static func spans(count: Int, length: Int, at origin: Int) -> [Span] {
        (0..<count).map { i in
            let a = i * length / count
            let b = (i + 1) * length / count
            let start = min(a, length - 1)
            return Span(start: origin + start, end: origin + max(b, start + 1))
        }
    }
}
