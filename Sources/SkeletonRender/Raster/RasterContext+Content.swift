/// Layers with content (`LayerContent`): rings (borders, glyph boxes) and text (`SkeletonText`'s coverage masks).

import SkeletonGraphics
import SkeletonText

extension RasterContext {
    /// Draws a layer with content in one colour: its solid fill (a gradient's first colour) at `opacity`.
    func drawContent(_ content: LayerContent, of layer: Layer, opacity: Double, shapes n: Int, area: PixelRect) {
        let color = layer.contentColor(opacity: opacity)
        guard color >> 24 > 0 else { return }
        switch content {
        case .stroke(let width): drawStroke(layer, width: width, color: color, shapes: n, area: area)
        case .text(let text): drawText(layer, text, color: color, shapes: n, area: area)
        }
    }

    /// Draws a ring `width` points wide inside `layer.shape` with the layer's solid colour: per pixel, the shape's
    /// coverage times its clips' times one minus the coverage of the hole (the shape inset by `width`, its radius
    /// reduced by as much). Only the ring's pixels are visited: the hole's fully covered span is skipped per row.
    func drawStroke(_ layer: Layer, width: Double, color: UInt32, shapes n: Int, area: PixelRect) {
        let inner = layer.strokeHole(width: width, scale: scale)
        for j in area.minY..<area.maxY {
            let (k, oS, oE, _, _) = rowSpans(j, shapes: n, lo: area.minX, hi: area.maxX)
            guard k > 0, oS < oE else { continue }
            let holeRow = inner?.row(j, lo: oS, hi: oE)
            let row = pixels + j * stride
            func ring(_ from: Int, _ to: Int) {
                guard from < to else { return }
                for i in from..<to {
                    var c = 1.0
                    for s in 0..<n { c *= shapes[s].coverage(i, rows[s]) }
                    if let inner, let holeRow { c *= 1 - inner.coverage(i, holeRow) }
                    let c8 = coverage8(c)
                    guard c8 > 0 else { continue }
                    row[i] = blend(row[i], color, effectiveAlpha(color >> 24, c8))
                }
            }
            if let holeRow, holeRow.cy >= 1, holeRow.innerStart < holeRow.innerEnd {
                ring(oS, holeRow.innerStart)
                ring(holeRow.innerEnd, oE)
            } else {
                ring(oS, oE)
            }
        }
    }

    /// Draws `text` laid out in `layer.shape.rect` with the layer's solid colour: the text engine's coverage mask,
    /// cut to the rectangle, the layer's clips and `area`. Inside every shape's steady span a row's coverage is one
    /// number; only the pixels near an edge or a corner compute theirs.
    func drawText(_ layer: Layer, _ text: TextContent, color: UInt32, shapes n: Int, area: PixelRect) {
        guard let mask = TextEngine.shared.mask(text, in: layer.shape.rect, scale: scale, stop: stop),
            mask.width > 0, mask.height > 0
        else { return }
        // `area` is already cut to the layer's shape and clips: the mask's margins are never visited.
        let box = PixelRect(x: mask.x, y: mask.y, width: mask.width, height: mask.height).intersection(area)
        guard !box.isEmpty else { return }
        let alpha = color >> 24
        mask.coverage.withUnsafeBufferPointer { cov in
            guard let coverage = cov.baseAddress else { return }
            for j in box.minY..<box.maxY {
                let (k, oS, oE, iS, iE) = rowSpans(j, shapes: n, lo: box.minX, hi: box.maxX)
                guard k > 0, oS < oE else { continue }
                let steady = coverage8(k)
                let row = pixels + j * stride
                let source = coverage + (j - mask.y) * mask.width - mask.x
                var i = oS
                while i < oE {
                    // Glyphs cover a small part of their box: eight empty coverage bytes are skipped at once.
                    if i &+ 8 <= oE, UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self) == 0 {
                        i &+= 8
                        continue
                    }
                    let g = UInt32(source[i])
                    defer { i &+= 1 }
                    guard g > 0 else { continue }
                    var c8 = steady
                    if i < iS || i >= iE {
                        var c = 1.0
                        for s in 0..<n { c *= shapes[s].coverage(i, rows[s]) }
                        c8 = coverage8(c)
                    }
                    let a = effectiveAlpha(alpha, div255(g &* c8))
                    guard a > 0 else { continue }
                    row[i] = blend(row[i], color, a)
                }
            }
        }
    }

    /// Row `j` of the layer's shapes (`shapes[0..<n]`; each row is kept in `rows` for per-pixel coverage), cut to
    /// `lo..<hi`: the product `k` of their row coverages, the columns any of them may cover (`oS..<oE`) and those
    /// where every one covers exactly its row coverage (`iS..<iE`, so a pixel there has coverage `k`).
    @inline(__always)
    func rowSpans(_ j: Int, shapes n: Int, lo: Int, hi: Int) -> (k: Double, oS: Int, oE: Int, iS: Int, iE: Int) {
        var k = 1.0
        var oS = lo
        var oE = hi
        var iS = lo
        var iE = hi
        for s in 0..<n {
            let r = shapes[s].row(j, lo: lo, hi: hi)
            rows[s] = r
            k *= r.cy
            oS = max(oS, r.outerStart)
            oE = min(oE, r.outerEnd)
            iS = max(iS, r.innerStart)
            iE = min(iE, r.innerEnd)
        }
        return (k, oS, oE, iS, iE)
    }
}

extension Layer {
    /// The one colour a layer with content draws in: its solid fill (a gradient's first colour) at `opacity`,
    /// packed with its 8-bit alpha.
    func contentColor(opacity: Double) -> UInt32 {
        let c: RGBA
        switch fill {
        case .solid(let solid): c = solid
        case .linearGradient(let g): c = g.colors.first ?? .clear
        }
        return packColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
    }

    /// The hole of a border `width` points wide at `scale`: the shape inset by `width`, its radius reduced by as
    /// much; nil when there is none.
    func strokeHole(width: Double, scale: Double) -> PixelShape? {
        let rect = shape.rect
        let hole = RoundedRect(
            rect: Rect(
                x: rect.x + width, y: rect.y + width, width: rect.width - 2 * width, height: rect.height - 2 * width),
            cornerRadius: max(0, shape.effectiveRadius - width))
        return width.isFinite && hole.rect.width > 0 && hole.rect.height > 0 ? PixelShape(hole, scale: scale) : nil
    }
}
