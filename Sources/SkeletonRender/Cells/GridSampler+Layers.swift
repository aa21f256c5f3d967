/// One layer over a band's sub-samples: coverage, paint, text and borders.

import SkeletonGraphics
import SkeletonText

/// The part of the canvas (pixels) a layer may paint: the intersection of its rectangle, its clips' and the
/// canvas's, with the sub-samples of a band it meets.
struct SampleArea {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    /// Sub-sample columns and rows of the band that meet it (non-empty).
    var columns: Range<Int>
    var rows: Range<Int>
}

extension GridSampler {
    /// Draws `layer` over the sub-samples of `band`.
    mutating func draw(_ layer: Layer, band: Band, scale: Double, canvas: PixelRect) {
        let opacity = clampUnit(layer.opacity)
        guard opacity > 0, let shape = PixelShape(layer.shape, scale: scale) else { return }
        let n = layer.clips.count + 1
        if shapes.count < n { shapes = Array(repeating: shape, count: n) }
        shapes[0] = shape
        for (k, clip) in layer.clips.enumerated() {
            guard let c = PixelShape(clip, scale: scale) else { return }
            shapes[k + 1] = c
        }
        guard let area = area(shapes: n, canvas: canvas, band: band) else { return }
        if let content = layer.content {
            let color = layer.contentColor(opacity: opacity)
            guard color >> 24 > 0 else { return }
            switch content {
            case .stroke(let width):
                drawStroke(layer, width: width, color: color, shapes: n, area: area, scale: scale, band: band)
            case .text(let text):
                drawText(
                    text, in: layer.shape.rect, color: color, shapes: n, area: area, scale: scale, band: band)
            }
            return
        }
        drawFill(layer.fill, opacity: opacity, shapes: n, area: area, width: band.width)
    }

    /// The intersection of `shapes[0..<n]`'s rectangles and the canvas, and the band's sub-samples it meets; nil
    /// when it meets none.
    func area(shapes n: Int, canvas: PixelRect, band: Band) -> SampleArea? {
        var x0 = Double(canvas.minX)
        var y0 = Double(canvas.minY)
        var x1 = Double(canvas.maxX)
        var y1 = Double(canvas.maxY)
        for k in 0..<n {
            x0 = max(x0, shapes[k].x0)
            y0 = max(y0, shapes[k].y0)
            x1 = min(x1, shapes[k].x1)
            y1 = min(y1, shapes[k].y1)
        }
        guard x1 > x0, y1 > y0 else { return nil }
        let columns = Self.meeting(subX0, subX1, count: band.width, x0, x1)
        let rows = Self.meeting(subY0, subY1, count: band.height, y0, y1)
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        return SampleArea(x0: x0, y0: y0, x1: x1, y1: y1, columns: columns, rows: rows)
    }

    /// The sub-samples `0..<count` (edges `lo[i]..<hi[i]`, increasing) that overlap `a..<b`.
    static func meeting(_ lo: [Double], _ hi: [Double], count: Int, _ a: Double, _ b: Double) -> Range<Int> {
        var first = 0
        var end = count
        while first < end {
            let m = (first + end) / 2
            if hi[m] <= a { first = m + 1 } else { end = m }
        }
        var last = first
        end = count
        while last < end {
            let m = (last + end) / 2
            if lo[m] < b { last = m + 1 } else { end = m }
        }
        return first..<max(first, last)
    }

    /// `covX`/`covY`: each sub-sample column's (row's) share inside `area`'s rectangle; `nearX`/`nearY`: whether
    /// it meets the corner band (the radius along an edge) of one of `shapes[0..<n]` (only sub-samples near both
    /// can be in a corner). Returns whether any shape is rounded.
    @discardableResult
    mutating func coverRectangle(_ area: SampleArea, shapes n: Int) -> Bool {
        if covX.count < subX0.count {
            covX = Array(repeating: 0, count: subX0.count)
            nearX = Array(repeating: false, count: subX0.count)
        }
        if covY.count < subY0.count {
            covY = Array(repeating: 0, count: subY0.count)
            nearY = Array(repeating: false, count: subY0.count)
        }
        let round = rounded(n)
        for i in area.columns {
            let a = subX0[i]
            let b = subX1[i]
            covX[i] = clampUnit((min(b, area.x1) - max(a, area.x0)) / (b - a))
            if round {
                nearX[i] = (0..<n).contains { k in
                    let s = shapes[k]
                    return s.r > 0 && (a < s.x0 + s.r || b > s.x1 - s.r)
                }
            }
        }
        for j in area.rows {
            let a = subY0[j]
            let b = subY1[j]
            covY[j] = clampUnit((min(b, area.y1) - max(a, area.y0)) / (b - a))
            if round {
                nearY[j] = (0..<n).contains { k in
                    let s = shapes[k]
                    return s.r > 0 && (a < s.y0 + s.r || b > s.y1 - s.r)
                }
            }
        }
        return round
    }

    /// The coverage of sub-sample (i, j) by `area` with the corners of `shapes[0..<n]` (after `coverRectangle`).
    @inline(__always)
    func coverage(_ i: Int, _ j: Int, round: Bool, shapes n: Int, area: SampleArea) -> Double {
        let c = covX[i] * covY[j]
        guard round, nearX[i], nearY[j], c > 0 else { return c }
        return c * corners(i, j, shapes: n, area: area)
    }

    /// The factor the rounded corners of `shapes[0..<n]` put on sub-sample (i, j)'s coverage of `area` (1 away
    /// from every corner).
    @inline(__always)
    func corners(_ i: Int, _ j: Int, shapes n: Int, area: SampleArea) -> Double {
        let qx0 = max(subX0[i], area.x0)
        let qx1 = min(subX1[i], area.x1)
        let qy0 = max(subY0[j], area.y0)
        let qy1 = min(subY1[j], area.y1)
        let cx = (qx0 + qx1) / 2
        let cy = (qy0 + qy1) / 2
        var f = 1.0
        for k in 0..<n {
            let s = shapes[k]
            guard s.r > 0 else { continue }
            var dx = 0.0
            if cx < s.x0 + s.r { dx = s.x0 + s.r - cx } else if cx > s.x1 - s.r { dx = cx - (s.x1 - s.r) }
            var dy = 0.0
            if cy < s.y0 + s.r { dy = s.y0 + s.r - cy } else if cy > s.y1 - s.r { dy = cy - (s.y1 - s.r) }
            guard dx > 0, dy > 0 else { continue }
            let length = (dx * dx + dy * dy).squareRoot()
            let extent = (dx * (qx1 - qx0) + dy * (qy1 - qy0)) / length
            f = min(f, clampUnit(0.5 - (length - s.r) / max(extent, 1e-9)))
        }
        return f
    }

    /// Whether any of `shapes[0..<n]` has a rounded corner.
    func rounded(_ n: Int) -> Bool {
        (0..<n).contains { shapes[$0].r > 0 }
    }

    /// A fill (solid or gradient) over `area`.
    mutating func drawFill(_ fill: Fill, opacity: Double, shapes n: Int, area: SampleArea, width: Int) {
        enum Source {
            case solid(UInt32)
            case perColumn
            case perRow
            case perSample(LinearGradient, GradientAxis)
        }
        let source: Source
        switch fill {
        case .solid(let c):
            let p = packColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * opacity)
            guard p >> 24 > 0 else { return }
            source = .solid(p)
        case .linearGradient(let g):
            guard !g.colors.isEmpty else { return }
            guard let line = GradientLine(g, rect: shapes[0]) else {
                let p = GradientRamp.color(g, at: -Double.infinity, opacity: opacity)
                guard p >> 24 > 0 else { return }
                source = .solid(p)
                break
            }
            let axis = line.axis
            if colors.count < max(subX0.count, subY0.count) {
                colors = Array(repeating: 0, count: max(subX0.count, subY0.count))
            }
            // The colour at a sub-sample's centre (the axis is defined at pixel centres).
            if line.dy == 0 {
                for i in area.columns {
                    colors[i] = GradientRamp.color(
                        g, at: axis.t0 + ((subX0[i] + subX1[i]) / 2 - 0.5) * axis.tx, opacity: opacity)
                }
                source = .perColumn
            } else if line.dx == 0 {
                for j in area.rows {
                    colors[j] = GradientRamp.color(
                        g, at: axis.t0 + ((subY0[j] + subY1[j]) / 2 - 0.5) * axis.ty, opacity: opacity)
                }
                source = .perRow
            } else {
                source = .perSample(g, axis)
            }
        }
        let round = coverRectangle(area, shapes: n)
        for j in area.rows {
            let row = j * width
            var cursor: StopCursor?
            for i in area.columns {
                let c8 = coverage8(coverage(i, j, round: round, shapes: n, area: area))
                guard c8 > 0 else { continue }
                let src: UInt32
                switch source {
                case .solid(let p): src = p
                case .perColumn: src = colors[i]
                case .perRow: src = colors[j]
                case .perSample(let g, let axis):
                    var stops = cursor ?? StopCursor(g)
                    let t =
                        axis.t0 + ((subX0[i] + subX1[i]) / 2 - 0.5) * axis.tx
                        + ((subY0[j] + subY1[j]) / 2 - 0.5) * axis.ty
                    src = stops.color(at: t, opacity: opacity)
                    cursor = stops
                }
                let a = effectiveAlpha(src >> 24, c8)
                guard a > 0 else { continue }
                samples[row + i] = blend(samples[row + i], src, a)
            }
        }
    }

    /// A border: per sub-sample, the shape's coverage less its hole's (the shape inset by `width` points, its
    /// radius reduced by as much), each cut by the clips and the canvas.
    mutating func drawStroke(
        _ layer: Layer, width: Double, color: UInt32, shapes n: Int, area: SampleArea, scale: Double, band: Band
    ) {
        let inner = layer.strokeHole(width: width, scale: scale)
        let count = area.columns.count * area.rows.count
        if ring.count < count { ring = Array(repeating: 0, count: count) }
        let round = coverRectangle(area, shapes: n)
        var k = 0
        for j in area.rows {
            for i in area.columns {
                ring[k] = coverage(i, j, round: round, shapes: n, area: area)
                k += 1
            }
        }
        if let inner {
            let outer = shapes[0]
            shapes[0] = inner
            if let holeArea = self.area(shapes: n, canvas: canvas(of: area), band: band) {
                let holeRound = coverRectangle(holeArea, shapes: n)
                for j in holeArea.rows {
                    for i in holeArea.columns {
                        let c = coverage(i, j, round: holeRound, shapes: n, area: holeArea)
                        let at = (j - area.rows.lowerBound) * area.columns.count + (i - area.columns.lowerBound)
                        ring[at] = max(0, ring[at] - c)
                    }
                }
            }
            shapes[0] = outer
        }
        k = 0
        let bandWidth = band.width
        for j in area.rows {
            for i in area.columns {
                let c8 = coverage8(ring[k])
                k += 1
                let a = effectiveAlpha(color >> 24, c8)
                guard a > 0 else { continue }
                samples[j * bandWidth + i] = blend(samples[j * bandWidth + i], color, a)
            }
        }
    }

    /// The smallest whole-pixel rectangle around `area`'s rectangle (the canvas a hole inside it is cut to).
    private func canvas(of area: SampleArea) -> PixelRect {
        let x0 = floorInt(area.x0)
        let y0 = floorInt(area.y0)
        return PixelRect(x: x0, y: y0, width: ceilInt(area.x1) - x0, height: ceilInt(area.y1) - y0)
    }

    /// Text: per sub-sample, the mean of the mask's coverage over its area (the mask at `scale`, as the rasterizer
    /// draws it, each pixel weighted by its overlap), times the layer's coverage there.
    mutating func drawText(
        _ text: TextContent, in rect: Rect, color: UInt32, shapes n: Int, area: SampleArea, scale: Double, band: Band
    ) {
        let mask = TextEngine.shared.mask(text, in: rect, scale: scale)
        guard mask.width > 0, mask.height > 0 else { return }
        // The pixels the rasterizer may draw: the area's whole-pixel box (it is already cut to the canvas).
        let px0 = max(mask.x, floorInt(area.x0))
        let px1 = min(mask.x + mask.width, ceilInt(area.x1))
        let py0 = max(mask.y, floorInt(area.y0))
        let py1 = min(mask.y + mask.height, ceilInt(area.y1))
        guard px0 < px1, py0 < py1 else { return }
        let round = coverRectangle(area, shapes: n)
        let alpha = color >> 24
        let bandWidth = band.width
        mask.coverage.withUnsafeBufferPointer { glyphs in
            for j in area.rows {
                // The pixel rows the sub-sample overlaps, each weighted by its overlap (the exact area mean).
                let top = subY0[j]
                let bottom = subY1[j]
                let y0 = max(floorInt(top), py0)
                let y1 = min(ceilInt(bottom), py1)
                guard y0 < y1 else { continue }
                for i in area.columns {
                    let left = subX0[i]
                    let right = subX1[i]
                    let x0 = max(floorInt(left), px0)
                    let x1 = min(ceilInt(right), px1)
                    guard x0 < x1 else { continue }
                    var sum = 0.0
                    for y in y0..<y1 {
                        let wy = min(Double(y + 1), bottom) - max(Double(y), top)
                        let line = (y - mask.y) * mask.width - mask.x
                        var rowSum = 0.0
                        for x in x0..<x1 {
                            let g = glyphs[line + x]
                            guard g > 0 else { continue }
                            rowSum += Double(g) * (min(Double(x + 1), right) - max(Double(x), left))
                        }
                        sum += rowSum * wy
                    }
                    guard sum > 0 else { continue }
                    let mean = sum / (255 * (right - left) * (bottom - top))
                    let c = mean * coverage(i, j, round: round, shapes: n, area: area)
                    let a = effectiveAlpha(alpha, coverage8(min(1, c)))
                    guard a > 0 else { continue }
                    samples[j * bandWidth + i] = blend(samples[j * bandWidth + i], color, a)
                }
            }
        }
    }
}
