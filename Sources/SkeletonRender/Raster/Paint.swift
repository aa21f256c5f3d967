/// What a layer paints with, resolved once per layer into 8-bit pixels.

import SkeletonGraphics

/// A gradient's parameter along the canvas: `t(i, j) = t0 + i·tx + j·ty` at the centre of pixel (i, j).
struct GradientAxis {
    var t0: Double
    var tx: Double
    var ty: Double

    @inline(__always)
    func t(_ i: Int, _ j: Int) -> Double { t0 + Double(i) * tx + Double(j) * ty }
}

/// A gradient of more than one colour laid over a layer's gradient box: its direction `(dx, dy)` in pixels (from
/// the start point to the end point), `length2` = dx² + dy², and the axis.
struct GradientLine {
    var dx: Double
    var dy: Double
    var length2: Double
    var axis: GradientAxis

    /// Nil when the gradient shows its first colour everywhere: one colour, start and end at one point, or values
    /// that are not finite.
    init?(_ g: LinearGradient, rect: PixelShape) {
        let w = rect.x1 - rect.x0
        let h = rect.y1 - rect.y0
        let sx = rect.x0 + g.start.x * w
        let sy = rect.y0 + g.start.y * h
        dx = (rect.x0 + g.end.x * w) - sx
        dy = (rect.y0 + g.end.y * h) - sy
        length2 = dx * dx + dy * dy
        guard g.colors.count > 1, length2 > 0, length2.isFinite, sx.isFinite, sy.isFinite else { return nil }
        axis = GradientAxis(
            t0: ((0.5 - sx) * dx + (0.5 - sy) * dy) / length2, tx: dx / length2, ty: dy / length2)
        guard axis.t0.isFinite, axis.tx.isFinite, axis.ty.isFinite else { return nil }
    }
}

/// A layer's fill, ready for the pixel loops.
enum Paint {
    /// One packed colour (alpha byte = 8-bit source alpha).
    case solid(UInt32)
    /// Colour depends on the column only (the axis is horizontal): evaluated exactly once per column.
    case horizontal(LinearGradient, GradientAxis)
    /// Colour depends on the row only (the axis is vertical): evaluated exactly once per row.
    case vertical(LinearGradient, GradientAxis)
    /// Any other axis: colour from the ramp per pixel; `alpha` is the alpha byte every entry shares (nil when they
    /// differ; 255: opaque).
    case diagonal(RampIndex, alpha: UInt32?)
}

extension Paint {
    /// Resolves `fill` for a layer whose gradient box is `rect` (pixels) and whose painted pixels lie in
    /// `bounds` (the layer's canvas-clipped pixel box, independent of any render region).
    /// Fills `ramp` (capacity `GradientRamp.maxEntries`) for diagonal gradients. Returns nil when nothing would show.
    static func resolve(
        _ fill: Fill, opacity: Double, rect: PixelShape, bounds: PixelRect, ramp: UnsafeMutablePointer<UInt32>
    ) -> Paint? {
        switch fill {
        case .solid(let c):
            let p = packColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
            return p >> 24 == 0 ? nil : .solid(p)
        case .linearGradient(let g):
            guard !g.colors.isEmpty else { return nil }
            guard let line = GradientLine(g, rect: rect) else {
                let p = GradientRamp.color(g, at: -Double.infinity, opacity: opacity)
                return p >> 24 == 0 ? nil : .solid(p)
            }
            let axis = line.axis
            if line.dy == 0 { return .horizontal(g, axis) }
            if line.dx == 0 { return .vertical(g, axis) }
            return diagonal(
                g, axis: axis, opacity: opacity, length: line.length2.squareRoot(), bounds: bounds, ramp: ramp)
        }
    }

    /// Builds the ramp of a diagonal gradient over the part of the stop range the layer's pixels reach.
    ///
    /// Entries: at least one per pixel along the axis, more where the colours change fast (so that neighbouring
    /// entries differ by about one 8-bit level), at most four per pixel and `GradientRamp.maxEntries`.
    private static func diagonal(
        _ g: LinearGradient, axis: GradientAxis, opacity: Double, length: Double, bounds: PixelRect,
        ramp: UnsafeMutablePointer<UInt32>
    ) -> Paint? {
        var cursor = StopCursor(g)
        let c0 = axis.t(bounds.minX, bounds.minY)
        let c1 = axis.t(bounds.maxX - 1, bounds.minY)
        let c2 = axis.t(bounds.minX, bounds.maxY - 1)
        let c3 = axis.t(bounds.maxX - 1, bounds.maxY - 1)
        let tMin = min(min(c0, c1), min(c2, c3))
        let tMax = max(max(c0, c1), max(c2, c3))
        let lo = max(tMin, cursor.first)
        let hi = min(tMax, cursor.last)
        guard lo < hi else {
            // Every pixel is beyond one end.
            let p = cursor.color(at: tMax, opacity: opacity)
            return p >> 24 == 0 ? nil : .solid(p)
        }
        let pixelsAlong = (hi - lo) * length
        let levels = (hi - lo) * GradientRamp.maxLevelsPerUnit(g, opacity: opacity)
        let wanted = min(max(levels, pixelsAlong), 4 * pixelsAlong)
        let entries = Int(min(max(wanted.rounded(.up) + 1, 2), Double(GradientRamp.maxEntries)))
        let step = (hi - lo) / Double(entries - 1)
        let (alphaAll, anyVisible) = GradientRamp.fill(
            ramp, entries: entries, lo: lo, step: step, hi: hi, gradient: g, opacity: opacity
        )
        guard anyVisible != 0 else { return nil }
        let k = Double(entries - 1) / (hi - lo)
        let index = RampIndex(
            fb: (c0 - lo) * k + 0.5, fx: axis.tx * k, fy: axis.ty * k, bx: bounds.minX, by: bounds.minY,
            maxIndex: entries - 1, extent: Double(max(bounds.width, bounds.height))
        )
        return .diagonal(index, alpha: alphaAll == anyVisible ? alphaAll : nil)
    }
}
