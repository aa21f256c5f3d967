/// Analytic coverage of an anti-aliased rounded rectangle, row by row.
///
/// Coverage of pixel (i, j) (the unit square [i, i+1) × [j, j+1)) by a rounded rectangle
/// (x0, y0, x1, y1, radius r, all in pixels):
/// - `cx × cy`, the exact area of the pixel inside the (unrounded) rectangle, where `cx`, `cy` are the
///   overlaps of the pixel's column and row with the rectangle's sides;
/// - when r > 0 and the pixel centre lies in a corner square (within r of two sides), at most
///   `clamp(0.5 − d, 0, 1)`, where d is the signed distance from the pixel centre to the corner's circle
///   (the usual analytic anti-aliasing estimate).
///
/// `row(_:lo:hi:)` splits a row into an inner span, whose pixels all have coverage exactly `cy` (checked with the
/// same arithmetic as `coverage`, so the fast span and the per-pixel path give identical bytes), and edge pixels.

import SkeletonGraphics

/// A rounded rectangle in pixels with its effective radius.
struct PixelShape {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    var r: Double
    /// Whole-pixel bounds: columns `outerX0..<outerX1` may be touched; `innerX0..<innerX1` have `cx == 1`.
    var outerX0: Int
    var outerX1: Int
    var innerX0: Int
    var innerX1: Int
    /// Rows `innerY0..<innerY1` have `cy == 1`.
    var innerY0: Int
    var innerY1: Int
    var outerY0: Int
    var outerY1: Int
    /// Rows `steadyY0..<steadyY1` all have `cy == 1`, no corner band, and so the same `Row`.
    var steadyY0: Int
    var steadyY1: Int

    /// The shape at `scale`, or nil when it covers nothing or is not finite.
    init?(_ shape: RoundedRect, scale: Double) {
        let rect = shape.rect
        let radius = shape.effectiveRadius * scale
        self.init(
            x0: rect.minX * scale, y0: rect.minY * scale, x1: rect.maxX * scale, y1: rect.maxY * scale,
            r: radius.isFinite ? radius : 0
        )
    }

    init?(x0: Double, y0: Double, x1: Double, y1: Double, r: Double) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x1 > x0, y1 > y0 else { return nil }
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.r = max(0, r)
        outerX0 = floorInt(x0)
        outerX1 = ceilInt(x1)
        innerX0 = ceilInt(x0)
        innerX1 = floorInt(x1)
        outerY0 = floorInt(y0)
        outerY1 = ceilInt(y1)
        innerY0 = ceilInt(y0)
        innerY1 = floorInt(y1)
        steadyY0 = innerY0
        steadyY1 = innerY1
        if self.r > 0 {
            // First row whose centre is not above y0 + r, and first row whose centre is below y1 - r,
            // found with `row`'s own comparisons.
            let top = y0 + self.r
            let bottom = y1 - self.r
            var a = ceilInt(top - 0.5)
            while a > outerY0 && !(Double(a - 1) + 0.5 < top) { a -= 1 }
            while a < outerY1 && Double(a) + 0.5 < top { a += 1 }
            var b = floorInt(bottom - 0.5) + 1
            while b > outerY0 && Double(b - 1) + 0.5 > bottom { b -= 1 }
            while b < outerY1 && !(Double(b) + 0.5 > bottom) { b += 1 }
            steadyY0 = max(steadyY0, a)
            steadyY1 = min(steadyY1, b)
        }
    }

    /// The per-row facts the per-pixel coverage needs.
    struct Row {
        /// Vertical overlap of the pixel row with the rectangle, 0...1.
        var cy: Double
        /// Vertical distance of the row's centre into a corner band (0 when not in one).
        var dy: Double
        /// Pixels that may have coverage: `outerStart..<outerEnd`.
        var outerStart: Int
        var outerEnd: Int
        /// Pixels whose coverage is exactly `cy`: `innerStart..<innerEnd` (may be empty).
        var innerStart: Int
        var innerEnd: Int
    }

    /// The row `j`, with spans clamped to `lo...hi`.
    @inline(__always)
    func row(_ j: Int, lo: Int, hi: Int) -> Row {
        let fj = Double(j)
        let cy = (j >= innerY0 && j < innerY1) ? 1.0 : clampUnit(min(fj + 1, y1) - max(fj, y0))
        var dy = 0.0
        if r > 0 {
            let py = fj + 0.5
            if py < y0 + r { dy = y0 + r - py } else if py > y1 - r { dy = py - (y1 - r) }
        }
        var oS = outerX0
        var oE = outerX1
        var iS = innerX0
        var iE = innerX1
        if dy > 0 { bandSpans(dy, &oS, &oE, &iS, &iE) }
        oS = min(max(oS, lo), hi)
        oE = min(max(oE, lo), hi)
        iS = min(max(iS, lo), hi)
        iE = min(max(iE, lo), hi)
        return Row(cy: cy, dy: dy, outerStart: oS, outerEnd: oE, innerStart: iS, innerEnd: max(iS, iE))
    }

    /// Narrows the spans of a row in a corner band (`dy > 0`).
    @inline(__always)
    private func bandSpans(_ dy: Double, _ oS: inout Int, _ oE: inout Int, _ iS: inout Int, _ iE: inout Int) {
        // Outside the circle grown by half a pixel nothing is covered (one pixel of slack on each side).
        let reach2 = (r + 0.5) * (r + 0.5) - dy * dy
        let reach = reach2 > 0 ? reach2.squareRoot() : 0
        oS = max(oS, floorInt(x0 + r - 0.5 - reach) - 1)
        oE = min(oE, ceilInt(x1 - r + 0.5 + reach) + 1)
        // Inside the circle shrunk by half a pixel the corner term is 1: coverage is exactly cy there.
        let inner2 = (r - 0.5) * (r - 0.5) - dy * dy
        let e = (r > 0.5 && inner2 > 0) ? inner2.squareRoot() : 0
        var s = max(iS, ceilInt(x0 + r - 0.5 - e))
        while s < iE && !cornerIsFull(s, dy) { s += 1 }
        var t = min(iE, floorInt(x1 - r + e - 0.5) + 1)
        while t > s && !cornerIsFull(t - 1, dy) { t -= 1 }
        iS = s
        iE = max(s, t)
    }

    /// True when the corner term of pixel `i` at `dy` is 1 (or absent), with `coverage`'s arithmetic.
    @inline(__always)
    private func cornerIsFull(_ i: Int, _ dy: Double) -> Bool {
        let px = Double(i) + 0.5
        var dx = 0.0
        if px < x0 + r { dx = x0 + r - px } else if px > x1 - r { dx = px - (x1 - r) }
        guard dx > 0 else { return true }
        let d = (dx * dx + dy * dy).squareRoot() - r
        return clampUnit(0.5 - d) >= 1
    }

    /// Coverage of pixel `i` in a row described by `row`, 0...1.
    @inline(__always)
    func coverage(_ i: Int, _ row: Row) -> Double {
        let fi = Double(i)
        var c = clampUnit(min(fi + 1, x1) - max(fi, x0)) * row.cy
        if row.dy > 0 {
            let px = fi + 0.5
            var dx = 0.0
            if px < x0 + r { dx = x0 + r - px } else if px > x1 - r { dx = px - (x1 - r) }
            if dx > 0 {
                let d = (dx * dx + row.dy * row.dy).squareRoot() - r
                c = min(c, clampUnit(0.5 - d))
            }
        }
        return c
    }
}

/// Coordinates are clamped to this magnitude before conversion to Int (far outside any canvas).
let coordinateLimit = 1 << 40

@inline(__always)
func clampUnit(_ v: Double) -> Double {
    v > 0 ? (v < 1 ? v : 1) : 0
}

/// `floor(v)` as Int, clamped to ±`coordinateLimit` (NaN gives the lower limit).
@inline(__always)
func floorInt(_ v: Double) -> Int {
    guard v > -Double(coordinateLimit) else { return -coordinateLimit }
    guard v < Double(coordinateLimit) else { return coordinateLimit }
    let t = Int(v)
    return Double(t) > v ? t - 1 : t
}

/// `ceil(v)` as Int, clamped to ±`coordinateLimit` (NaN gives the lower limit).
@inline(__always)
func ceilInt(_ v: Double) -> Int {
    guard v > -Double(coordinateLimit) else { return -coordinateLimit }
    guard v < Double(coordinateLimit) else { return coordinateLimit }
    let t = Int(v)
    return Double(t) < v ? t + 1 : t
}

/// The 8-bit coverage of a coverage value in 0...1: `round(c × 255)`.
@inline(__always)
func coverage8(_ c: Double) -> UInt32 {
    UInt32(c * 255 + 0.5)
}
