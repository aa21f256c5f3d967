/// The pixel loops: raw pointers, no allocation.

import SkeletonGraphics
import SkeletonText

/// One render pass's pointers and bounds.
struct RasterContext {
    let pixels: UnsafeMutablePointer<UInt32>
    let stride: Int
    let canvas: PixelRect
    let region: PixelRect
    let scale: Double
    /// `GradientRamp.maxEntries` ramp entries.
    let ramp: UnsafeMutablePointer<UInt32>
    /// A row (horizontal gradient) or column (vertical gradient) of colours, `max(width, height)` long.
    let line: UnsafeMutablePointer<UInt32>
    let shapes: UnsafeMutablePointer<PixelShape>
    let rows: UnsafeMutablePointer<PixelShape.Row>
    /// Per layer that may touch the region, in paint order: the pixels it paints opaquely whatever lies beneath
    /// (see `Occlusion`), or an empty rect.
    let occluders: UnsafeMutablePointer<PixelRect>
    /// How many `occluders` there are (0: occlusion is off).
    let layerCount: Int
    /// Scratch: later occluders meeting the current layer (`Occlusion.maxPerLayer`), and a row's spans.
    let occluding: UnsafeMutablePointer<PixelRect>
    let spans: UnsafeMutablePointer<Int>
    /// The rasterizer's: text layout and drawing ask it too.
    let stop: StopSignal

    /// Fills `rect` (inside the frame) with an opaque pixel.
    func fill(_ rect: PixelRect, with pixel: UInt32) {
        for y in rect.minY..<rect.maxY {
            (pixels + y * stride + rect.x).update(repeating: pixel, count: rect.width)
        }
    }

    /// Draws the layer that is number `li` of those touching the region, limited to `region`, skipping pixels that a
    /// later layer repaints opaquely.
    func draw(_ layer: Layer, at li: Int) {
        let opacity = clampUnit(layer.opacity)
        guard opacity > 0, let shape = PixelShape(layer.shape, scale: scale) else { return }
        shapes[0] = shape
        var n = 1
        for clip in layer.clips {
            guard let c = PixelShape(clip, scale: scale) else { return }
            shapes[n] = c
            n += 1
        }
        // The layer's pixel box on the canvas (independent of the region: gradient ramps depend on it).
        var bx0 = Double(canvas.minX)
        var by0 = Double(canvas.minY)
        var bx1 = Double(canvas.maxX)
        var by1 = Double(canvas.maxY)
        for k in 0..<n {
            let o = shapes[k]
            bx0 = max(bx0, Double(o.outerX0))
            by0 = max(by0, Double(o.outerY0))
            bx1 = min(bx1, Double(o.outerX1))
            by1 = min(by1, Double(o.outerY1))
        }
        guard bx1 > bx0, by1 > by0 else { return }
        let bounds = PixelRect(x: Int(bx0), y: Int(by0), width: Int(bx1) - Int(bx0), height: Int(by1) - Int(by0))
        let area = bounds.intersection(region)
        guard !area.isEmpty else { return }
        var nOcc = 0
        if li + 1 < layerCount {
            for m in (li + 1)..<layerCount {
                let o = occluders[m]
                guard o.x < area.maxX, o.maxX > area.x, o.y < area.maxY, o.maxY > area.y else { continue }
                if o.contains(area) { return }
                if nOcc < Occlusion.maxPerLayer {
                    occluding[nOcc] = o
                    nOcc += 1
                }
            }
        }
        if let content = layer.content {
            drawContent(content, of: layer, opacity: opacity, shapes: n, area: area)
            return
        }
        guard let paint = Paint.resolve(layer.fill, opacity: opacity, rect: shape, bounds: bounds, ramp: ramp)
        else { return }

        var index = RampIndex.unit
        // The alpha byte every colour of the gradient's line shares (nil when they differ).
        var lineAlpha: UInt32?
        switch paint {
        case .horizontal(let g, let axis):
            // One exact colour per column, walked in increasing t.
            lineAlpha = fillLine(g, opacity: opacity, count: area.width, reversed: axis.tx < 0) {
                axis.t(area.minX + $0, 0)
            }
        case .vertical(let g, let axis):
            _ = fillLine(g, opacity: opacity, count: area.height, reversed: axis.ty < 0) { axis.t(0, area.minY + $0) }
        case .diagonal(let ix, _):
            index = ix
        case .solid:
            break
        }

        let lo = area.minX
        let hi = area.maxX
        // Rows where every shape is in its steady range share one row description: computed once.
        var steadyY0 = Int.min
        var steadyY1 = Int.max
        for s in 0..<n {
            steadyY0 = max(steadyY0, shapes[s].steadyY0)
            steadyY1 = min(steadyY1, shapes[s].steadyY1)
        }
        var steady: (k: Double, oS: Int, oE: Int, iS: Int, iE: Int)? = nil
        // The occluded spans change only where an occluder starts or ends: rows in between share them.
        var ns = 0
        var spansValidUntil = Int.min
        for j in area.minY..<area.maxY {
            var k: Double
            var oS: Int
            var oE: Int
            var iS: Int
            var iE: Int
            if j >= steadyY0 && j < steadyY1, let st = steady {
                (k, oS, oE, iS, iE) = st
            } else {
                (k, oS, oE, iS, iE) = rowSpans(j, shapes: n, lo: lo, hi: hi)
                if j >= steadyY0 && j < steadyY1 { steady = (k, oS, oE, iS, iE) }
            }
            guard k > 0, oS < oE else { continue }
            if iS < oS { iS = oS }
            if iE > oE { iE = oE }
            if iE <= iS {
                iS = oE
                iE = oE
            }
            let rowPixels = pixels + j * stride
            let base = index.rowStart(j)
            let c8 = coverage8(k)
            // Immutable copies: a local function capturing `var`s would box them on the heap.
            let outerS = oS
            let outerE = oE
            let innerS = iS
            let innerE = iE
            let index = index
            let lineAlpha = lineAlpha
            func piece(_ va: Int, _ vb: Int) {
                edges(
                    rowPixels, from: max(outerS, va), to: min(innerS, vb), j: j, shapes: n, paint: paint, index: index,
                    base: base, area: area)
                edges(
                    rowPixels, from: max(innerE, va), to: min(outerE, vb), j: j, shapes: n, paint: paint, index: index,
                    base: base, area: area)
                let a = max(innerS, va)
                let b = min(innerE, vb)
                if a < b && c8 > 0 {
                    inner(
                        rowPixels, from: a, to: b, j: j, c8: c8, paint: paint, base: base, area: area,
                        lineAlpha: lineAlpha)
                }
            }
            if nOcc == 0 {
                piece(oS, oE)
                continue
            }
            // Spans of this row hidden by later opaque layers, sorted by start (recomputed at band edges only).
            if j >= spansValidUntil {
                ns = 0
                spansValidUntil = Int.max
                for q in 0..<nOcc {
                    let o = occluding[q]
                    guard j >= o.y, j < o.maxY else {
                        if o.y > j { spansValidUntil = min(spansValidUntil, o.y) }
                        continue
                    }
                    spansValidUntil = min(spansValidUntil, o.maxY)
                    var at = ns
                    while at > 0 && spans[2 * (at - 1)] > o.x {
                        spans[2 * at] = spans[2 * (at - 1)]
                        spans[2 * at + 1] = spans[2 * (at - 1) + 1]
                        at -= 1
                    }
                    spans[2 * at] = o.x
                    spans[2 * at + 1] = o.maxX
                    ns += 1
                }
            }
            var x = oS
            for q in 0..<ns where x < oE {
                let a = spans[2 * q]
                let b = spans[2 * q + 1]
                if a > x { piece(x, min(a, oE)) }
                x = max(x, b)
            }
            if x < oE { piece(x, oE) }
        }
    }

    /// The interior pixels `from..<to` of row `j`, all at coverage `c8`.
    @inline(__always)
    private func inner(
        _ rowPixels: UnsafeMutablePointer<UInt32>, from iS: Int, to iE: Int, j: Int, c8: UInt32,
        paint: Paint, base: Int64, area: PixelRect, lineAlpha: UInt32?
    ) {
        let count = iE - iS
        let dst = rowPixels + iS
        switch paint {
        case .solid(let src):
            constantSpan(dst, count: count, src: src, c8: c8)
        case .vertical:
            constantSpan(dst, count: count, src: line[j - area.minY], c8: c8)
        case .horizontal:
            let src = line + (iS - area.minX)
            if let alpha = lineAlpha {
                let a = effectiveAlpha(alpha, c8)
                if a == 255 {
                    dst.update(from: src, count: count)
                } else if a > 0 {
                    SpanBlend.blend(dst, from: src, count: count, alpha: a)
                }
            } else {
                for x in 0..<count {
                    let s = src[x]
                    dst[x] = blend(dst[x], s, effectiveAlpha(s >> 24, c8))
                }
            }
        case .diagonal(let ix, let alpha):
            if let alpha {
                let a = effectiveAlpha(alpha, c8)
                if a == 255 && ix.isFixed {
                    rampSpan(dst, count: count, from: ix.at(base, iS), index: ix)
                } else if a > 0 {
                    let ramp = self.ramp
                    SpanBlend.blend(dst, count: count, alpha: a) { ramp[ix.index(base, iS &+ $0, j)] }
                }
            } else {
                for x in 0..<count {
                    let s = ramp[ix.index(base, iS + x, j)]
                    dst[x] = blend(dst[x], s, effectiveAlpha(s >> 24, c8))
                }
            }
        }
    }

    /// Pixels `from..<to` of row `j`, each with its own coverage (product over the layer shape and its clips).
    @inline(__always)
    private func edges(
        _ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, j: Int, shapes n: Int,
        paint: Paint, index: RampIndex, base: Int64, area: PixelRect
    ) {
        guard from < to else { return }
        for i in from..<to {
            var c = 1.0
            for s in 0..<n { c *= shapes[s].coverage(i, rows[s]) }
            let c8 = coverage8(c)
            guard c8 > 0 else { continue }
            let src: UInt32
            switch paint {
            case .solid(let p): src = p
            case .vertical: src = line[j - area.minY]
            case .horizontal: src = line[i - area.minX]
            case .diagonal: src = ramp[index.index(base, i, j)]
            }
            row[i] = blend(row[i], src, effectiveAlpha(src >> 24, c8))
        }
    }

    /// Fills `line[0..<count]` with the exact colours at `t(k)`, visiting k in increasing t (`reversed` when t
    /// decreases with k). Returns the alpha byte every colour shares (nil when they differ).
    @inline(__always)
    private func fillLine(
        _ g: LinearGradient, opacity: Double, count: Int, reversed: Bool, t: (Int) -> Double
    ) -> UInt32? {
        var cursor = StopCursor(g)
        var alphaAll: UInt32 = 0xFF
        var alphaAny: UInt32 = 0
        g.colors.withUnsafeBufferPointer { colors in
            for n in 0..<count {
                let k = reversed ? count - 1 - n : n
                let p = cursor.fastColor(at: t(k), opacity: opacity, colors: colors)
                line[k] = p
                alphaAll &= p >> 24
                alphaAny |= p >> 24
            }
        }
        return count == 0 || alphaAll == alphaAny ? alphaAll : nil
    }

    /// `count` opaque pixels straight from the ramp, fixed-point f from `f` in steps of `index.step`.
    @inline(__always)
    private func rampSpan(_ dst: UnsafeMutablePointer<UInt32>, count: Int, from start: Int64, index: RampIndex) {
        let step = index.step
        let last = start &+ Int64(count &- 1) &* step
        let fMin = min(start, last)
        let fMax = max(start, last)
        var f = start
        if fMin >= 0 && Int(fMax >> 32) <= index.maxIndex {
            // Every entry is in range: no clamping needed (same entries as `clampIndex`).
            var x = 0
            let step2 = step &* 2
            let step3 = step &* 3
            let step4 = step &* 4
            while x &+ 4 <= count {
                let a = ramp[Int(f >> 32)]
                let b = ramp[Int((f &+ step) >> 32)]
                let c = ramp[Int((f &+ step2) >> 32)]
                let d = ramp[Int((f &+ step3) >> 32)]
                dst[x] = a
                dst[x &+ 1] = b
                dst[x &+ 2] = c
                dst[x &+ 3] = d
                f &+= step4
                x &+= 4
            }
            while x < count {
                dst[x] = ramp[Int(f >> 32)]
                f &+= step
                x &+= 1
            }
        } else {
            for x in 0..<count {
                dst[x] = ramp[index.clampIndex(f)]
                f &+= step
            }
        }
    }

    /// `count` pixels of one source colour at coverage `c8`.
    @inline(__always)
    private func constantSpan(_ dst: UnsafeMutablePointer<UInt32>, count: Int, src: UInt32, c8: UInt32) {
        let a = effectiveAlpha(src >> 24, c8)
        if a == 255 {
            dst.update(repeating: src | 0xFF00_0000, count: count)
        } else if a > 0 {
            SpanBlend.blend(dst, constant: src, count: count, alpha: a)
        }
    }
}
