/// Linear gradients: the parameter t of a pixel and the 8-bit colour ramp over t.
///
/// In pixels, with the layer rect R, S = R.origin + start × R.size and E = R.origin + end × R.size
/// (Core Animation maps the unit points to the layer's bounds; iso-lines are perpendicular to SE in layer space).
/// For a pixel centre P, t = (P − S)·(E − S) / |E − S|². Stops are at the resolved locations (made non-decreasing);
/// t before the first stop takes the first colour, after the last the last colour (extended), in between
/// channels are interpolated linearly in straight (non-premultiplied) sRGB, then clipped to 0...1,
/// alpha multiplied by the layer opacity, and rounded to 8 bits.
///
/// The ramp is sampled at about one entry per pixel along the gradient axis (at most `GradientRamp.maxEntries`),
/// over the part of the stop range the layer's pixels reach; a pixel takes the nearest entry.

import SkeletonGraphics

enum GradientRamp {
    /// The most entries a ramp has.
    static let maxEntries = 8192

    /// The steepest colour change of the gradient, in 8-bit levels per unit of t (largest channel, alpha
    /// included, after clipping); zero-width steps are ignored (they are sharp edges at any resolution).
    static func maxLevelsPerUnit(_ g: LinearGradient, opacity: Double) -> Double {
        let cursor = StopCursor(g)
        var best = 0.0
        var prev = cursor.rawLocation(0)
        for k in 1..<max(g.colors.count, 1) {
            let loc = max(prev, cursor.rawLocation(k))
            let span = loc - prev
            prev = loc
            guard span > 0 else { continue }
            let a = g.colors[k - 1].clamped
            let b = g.colors[k].clamped
            let delta = max(
                max(abs(a.red - b.red), abs(a.green - b.green)),
                max(abs(a.blue - b.blue), abs(a.alpha - b.alpha) * opacity)
            )
            best = max(best, delta * 255 / span)
        }
        return best
    }

    /// Fills `ramp[0..<entries]` with the colours at `t = lo + step·e` (the last entry at exactly `hi`), walking the
    /// stops once. Returns the AND and the OR of the entries' alpha bytes.
    static func fill(
        _ ramp: UnsafeMutablePointer<UInt32>, entries: Int, lo: Double, step: Double, hi: Double,
        gradient g: LinearGradient, opacity: Double
    ) -> (alphaAll: UInt32, anyVisible: UInt32) {
        var cursor = StopCursor(g)
        var alphaAll: UInt32 = 0xFF
        var any: UInt32 = 0
        g.colors.withUnsafeBufferPointer { colors in
            for e in 0..<entries {
                let t = e == entries - 1 ? hi : lo + step * Double(e)
                let p = cursor.fastColor(at: t, opacity: opacity, colors: colors)
                ramp[e] = p
                alphaAll &= p >> 24
                any |= p >> 24
            }
        }
        return (alphaAll, any)
    }

    /// The colour at `t` (straight alpha, channels unclipped), with `opacity` multiplied into alpha, packed.
    static func color(_ g: LinearGradient, at t: Double, opacity: Double) -> UInt32 {
        var stops = StopCursor(g)
        return stops.color(at: t, opacity: opacity)
    }
}

/// Walks the stops of a gradient in increasing t without allocating.
struct StopCursor {
    let colors: [RGBA]
    let locations: [Double]?
    let count: Int
    var k = 0
    var locK = 0.0
    var locNext = 0.0

    init(_ g: LinearGradient) {
        let locations = g.locations.flatMap { $0.count == g.colors.count ? $0 : nil }
        self.init(colors: g.colors, locations: locations)
    }

    init(colors: [RGBA], locations: [Double]?) {
        self.colors = colors
        self.locations = locations
        count = colors.count
        guard count > 0 else { return }
        locK = rawLocation(0)
        locNext = count > 1 ? max(locK, rawLocation(1)) : locK
    }

    /// The raw location of stop `i` (evenly spaced when none are given); non-finite values count as 0.
    func rawLocation(_ i: Int) -> Double {
        let v: Double
        if let locations { v = locations[i] } else { v = count > 1 ? Double(i) / Double(count - 1) : 0 }
        return v.isFinite ? v : 0
    }

    /// The first stop's location.
    var first: Double { rawLocation(0) }

    /// The last stop's location after making locations non-decreasing.
    var last: Double {
        var m = rawLocation(0)
        for i in 0..<count { m = max(m, rawLocation(i)) }
        return m
    }

    /// The packed colour at `t`; calls must come with non-decreasing `t` for the cursor to stay cheap
    /// (a smaller `t` restarts the walk).
    mutating func color(at t: Double, opacity: Double) -> UInt32 {
        if count == 0 { return 0 }
        if k > 0 && t < locK { self = StopCursor(colors: colors, locations: locations) }
        let c0 = colors[0]
        if count == 1 || t <= rawLocation(0) { return pack(c0, opacity) }
        while k + 1 < count && t >= locNext {
            k += 1
            locK = locNext
            locNext = k + 1 < count ? max(locK, rawLocation(k + 1)) : locK
        }
        if k + 1 >= count { return pack(colors[count - 1], opacity) }
        let a = colors[k]
        let b = colors[k + 1]
        let span = locNext - locK
        let f = span > 0 ? (t - locK) / span : 0
        return packColor(
            red: a.red + (b.red - a.red) * f,
            green: a.green + (b.green - a.green) * f,
            blue: a.blue + (b.blue - a.blue) * f,
            alpha: (a.alpha + (b.alpha - a.alpha) * f) * opacity
        )
    }

    /// `color(at:opacity:)` for non-decreasing `t`, reading colours from `colors` (the same array).
    @inline(__always)
    mutating func fastColor(at t: Double, opacity: Double, colors: UnsafeBufferPointer<RGBA>) -> UInt32 {
        while k + 1 < count && t >= locNext {
            k += 1
            locK = locNext
            locNext = k + 1 < count ? max(locK, rawLocation(k + 1)) : locK
        }
        if k + 1 >= count || t <= locK {
            let c = colors[k]
            return packColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
        }
        let a = colors[k]
        let b = colors[k + 1]
        let f = (t - locK) / (locNext - locK)
        return packColor(
            red: a.red + (b.red - a.red) * f,
            green: a.green + (b.green - a.green) * f,
            blue: a.blue + (b.blue - a.blue) * f,
            alpha: (a.alpha + (b.alpha - a.alpha) * f) * opacity
        )
    }

    @inline(__always)
    private func pack(_ c: RGBA, _ opacity: Double) -> UInt32 {
        packColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
    }
}

/// How a pixel finds its ramp entry. With `f(i, j) = fb + (i − bx)·fx + (j − by)·fy` (ramp units, +0.5 for
/// rounding; (bx, by) the layer's canvas-clipped pixel origin), the entry is `clamp(⌊f⌋, 0, maxIndex)`.
/// f is evaluated in 32.32 fixed point: once per row in Double (`rowStart`), then exactly in integers along the row,
/// so any region gives the same bytes as a full render. Layers whose f would not fit (sub-pixel-sharp gradients far
/// from their ramp) use Double per pixel instead (`isFixed == false`), also position-only.
struct RampIndex {
    var fb: Double
    var fx: Double
    var fy: Double
    var bx: Int
    var by: Int
    var maxIndex: Int
    var step: Int64
    var isFixed: Bool

    static let unit = RampIndex(fb: 0, fx: 0, fy: 0, bx: 0, by: 0, maxIndex: 0, extent: 0)

    init(fb: Double, fx: Double, fy: Double, bx: Int, by: Int, maxIndex: Int, extent: Double) {
        self.fb = fb
        self.fx = fx
        self.fy = fy
        self.bx = bx
        self.by = by
        self.maxIndex = maxIndex
        let bound = abs(fb) + (abs(fx) + abs(fy)) * extent
        isFixed = bound < Double(1 << 29)
        step = isFixed ? Int64(fx * 4_294_967_296.0) : 0
    }

    /// The fixed-point f at (bx, j).
    @inline(__always)
    func rowStart(_ j: Int) -> Int64 {
        isFixed ? Int64((fb + Double(j &- by) * fy) * 4_294_967_296.0) : 0
    }

    /// The fixed-point f at (i, j) from the row's start.
    @inline(__always)
    func at(_ start: Int64, _ i: Int) -> Int64 {
        start &+ Int64(i &- bx) &* step
    }

    /// The ramp entry of a fixed-point f.
    @inline(__always)
    func clampIndex(_ f: Int64) -> Int {
        min(max(Int(f >> 32), 0), maxIndex)
    }

    /// The ramp entry of pixel (i, j); `start` is `rowStart(j)`.
    @inline(__always)
    func index(_ start: Int64, _ i: Int, _ j: Int) -> Int {
        if isFixed { return clampIndex(at(start, i)) }
        let v = fb + Double(i &- bx) * fx + Double(j &- by) * fy
        let m = Double(maxIndex)
        return Int(v > 0 ? (v < m ? v : m) : 0)
    }
}
