/// What a layer paints with, resolved once per layer into 8-bit pixels.

import SkeletonGraphics

/// A layer's fill, ready for the pixel loops.
enum Paint {
    /// One packed colour (alpha byte = 8-bit source alpha).
    case solid(UInt32)
    /// Colour depends on the column only: `row[i - rowOrigin]`.
    case horizontal(opaque: Bool)
    /// Colour depends on the row only: `column[j - columnOrigin]`.
    case vertical
    /// Colour from the ramp per pixel.
    case diagonal(RampIndex, opaque: Bool)
}

extension Paint {
    /// Resolves `fill` for a layer whose gradient box is `rect` (pixels) and whose painted pixels lie in
    /// `bounds` (the layer's canvas-clipped pixel box, independent of any render region).
    /// Fills `ramp` (capacity `GradientRamp.maxEntries`) for gradients. Returns nil when nothing would show.
    static func resolve(
        _ fill: Fill, opacity: Double, rect: PixelShape, bounds: PixelRect, ramp: UnsafeMutablePointer<UInt32>
    ) -> (paint: Paint, ramp: RampIndex)? {
        let unit = RampIndex.unit
        switch fill {
        case .solid(let c):
            let p = packColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
            return p >> 24 == 0 ? nil : (.solid(p), unit)
        case .linearGradient(let g):
            guard !g.colors.isEmpty else { return nil }
            let w = rect.x1 - rect.x0, h = rect.y1 - rect.y0
            let sx = rect.x0 + g.start.x * w, sy = rect.y0 + g.start.y * h
            let dx = (rect.x0 + g.end.x * w) - sx, dy = (rect.y0 + g.end.y * h) - sy
            let len2 = dx * dx + dy * dy
            var cursor = StopCursor(g)
            guard g.colors.count > 1, len2 > 0, len2.isFinite, sx.isFinite, sy.isFinite else {
                let p = cursor.color(at: -Double.infinity, opacity: opacity)
                return p >> 24 == 0 ? nil : (.solid(p), unit)
            }
            // t at integer pixel (i, j), using the pixel centre.
            let tx = dx / len2, ty = dy / len2
            let t0 = ((0.5 - sx) * dx + (0.5 - sy) * dy) / len2
            func t(_ i: Int, _ j: Int) -> Double { t0 + Double(i) * tx + Double(j) * ty }
            let c0 = t(bounds.minX, bounds.minY), c1 = t(bounds.maxX - 1, bounds.minY)
            let c2 = t(bounds.minX, bounds.maxY - 1), c3 = t(bounds.maxX - 1, bounds.maxY - 1)
            let tMin = min(min(c0, c1), min(c2, c3)), tMax = max(max(c0, c1), max(c2, c3))
            let lo = max(tMin, cursor.first), hi = min(tMax, cursor.last)
            guard lo < hi, tx.isFinite, ty.isFinite, t0.isFinite else {
                // Every pixel is beyond one end (or the layer is a single pixel column/row of t).
                let p = cursor.color(at: tMax, opacity: opacity)
                return p >> 24 == 0 ? nil : (.solid(p), unit)
            }
            let pixelsAlong = (hi - lo) * len2.squareRoot()
            let entries = Int(min(max(pixelsAlong.rounded(.up) + 1, 2), Double(GradientRamp.maxEntries)))
            let step = (hi - lo) / Double(entries - 1)
            let (alphaAll, anyVisible) = GradientRamp.fill(
                ramp, entries: entries, lo: lo, step: step, hi: hi, gradient: g, opacity: opacity
            )
            guard anyVisible != 0 else { return nil }
            let k = Double(entries - 1) / (hi - lo)
            let index = RampIndex(
                fb: (c0 - lo) * k + 0.5, fx: tx * k, fy: ty * k, bx: bounds.minX, by: bounds.minY,
                maxIndex: entries - 1, extent: Double(max(bounds.width, bounds.height))
            )
            let opaque = alphaAll == 0xFF
            if dy == 0 { return (.horizontal(opaque: opaque), index) }
            if dx == 0 { return (.vertical, index) }
            return (.diagonal(index, opaque: opaque), index)
        }
    }
}
