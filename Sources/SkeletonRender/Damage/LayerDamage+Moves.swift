/// Damage of one layer that changed: only the strips its moving edges sweep when nothing but its rectangle moved.

import SkeletonGraphics

extension LayerDamage {
    /// Adds to `damage` the pixels where `before` and `after` (one layer, two lists) may paint differently: nothing
    /// when they are equal; when only the rectangles of a plain solid layer and its clips changed (same fill and
    /// opacity, same drawn radii, no text or ring), the strips their moving edges sweep, each widened by its radius
    /// (corners move with their edges) and by a pixel, cut to the layer's bounds; else both layers' bounds.
    ///
    /// Exact because a pixel's coverage by a rounded rectangle depends only on the sides and corners within a pixel
    /// of it (`PixelShape`): away from every moving edge by more than the radius, both shapes cover it alike.
    static func changed(
        _ before: Layer, _ after: Layer, scale: Double, canvas: PixelRect, into damage: inout DamageRegion
    ) {
        if before.isCopy(of: after) || before == after { return }
        let old = pixelBounds(before, scale: scale, canvas: canvas)
        let new = pixelBounds(after, scale: scale, canvas: canvas)
        guard let strips = movedEdges(before, after), let o = old, let n = new else {
            if let old { damage.add(old) }
            if let new { damage.add(new) }
            return
        }
        let bounds = o.union(n)
        // A strip beyond any pixel coordinate damages the bounds whole.
        let boxes = strips.map { pixelBox($0, scale: scale)?.intersection(bounds) ?? bounds }.filter { !$0.isEmpty }
        // A far move sweeps more than the layer covers: then its two bounds are the smaller damage.
        guard boxes.reduce(0, { $0 + $1.area }) < o.area + n.area else {
            damage.add(o)
            damage.add(n)
            return
        }
        for box in boxes { damage.add(box) }
    }

    /// The regions (points) where two versions of one plain solid layer can paint differently, when only its
    /// rectangle or its clips' rectangles changed (a view resized or moved, its own `clipsToBounds` clip with it);
    /// nil when anything else changed or a changed rectangle is not plain (finite, positive).
    static func movedEdges(_ before: Layer, _ after: Layer) -> [Rect]? {
        let (a, b) = (before.fields, after.fields)
        guard case .solid = a.fill, a.content == nil, b.content == nil, a.fill == b.fill, a.opacity == b.opacity,
            a.clips.count == b.clips.count
        else { return nil }
        var strips: [Rect] = []
        // Coverage is the shape's times each clip's: a pixel away from every moving edge of all of them keeps it.
        for (p, q) in zip([a.shape] + a.clips, [b.shape] + b.clips) where p != q {
            guard sweep(from: p, to: q, into: &strips) else { return nil }
        }
        return strips
    }

    /// Adds the strips the moving edges of a rounded rectangle sweep (each widened by its radius, over the height or
    /// width of both rectangles); false when the drawn radius changed or a rectangle is not plain.
    private static func sweep(from a: RoundedRect, to b: RoundedRect, into strips: inout [Rect]) -> Bool {
        let (p, q) = (a.rect, b.rect)
        for r in [p, q] {
            guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else {
                return false
            }
        }
        let radius = a.effectiveRadius
        guard radius == b.effectiveRadius, radius.isFinite else { return false }
        let top = min(p.minY, q.minY)
        let bottom = max(p.maxY, q.maxY)
        let left = min(p.minX, q.minX)
        let right = max(p.maxX, q.maxX)
        func vertical(_ x0: Double, _ x1: Double) {
            strips.append(Rect(x: x0, y: top, width: x1 - x0, height: bottom - top))
        }
        func horizontal(_ y0: Double, _ y1: Double) {
            strips.append(Rect(x: left, y: y0, width: right - left, height: y1 - y0))
        }
        if p.minX != q.minX { vertical(min(p.minX, q.minX), max(p.minX, q.minX) + radius) }
        if p.maxX != q.maxX { vertical(min(p.maxX, q.maxX) - radius, max(p.maxX, q.maxX)) }
        if p.minY != q.minY { horizontal(min(p.minY, q.minY), max(p.minY, q.minY) + radius) }
        if p.maxY != q.maxY { horizontal(min(p.maxY, q.maxY) - radius, max(p.maxY, q.maxY)) }
        return true
    }

    /// The whole pixels a rectangle (points) meets at `scale`, widened by one pixel on every side; nil when that is
    /// beyond 32-bit pixel coordinates.
    static func pixelBox(_ rect: Rect, scale: Double) -> PixelRect? {
        let x0 = (rect.minX * scale).rounded(.down) - 1
        let y0 = (rect.minY * scale).rounded(.down) - 1
        let x1 = (rect.maxX * scale).rounded(.up) + 1
        let y1 = (rect.maxY * scale).rounded(.up) + 1
        let limit = Double(Int32.max)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite, x0 > -limit, y0 > -limit, x1 < limit, y1 < limit
        else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1) - Int(x0), height: Int(y1) - Int(y0))
    }
}
