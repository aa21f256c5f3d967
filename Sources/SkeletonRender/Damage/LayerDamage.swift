/// Damage from display-list differences: which pixels may have changed between two lists.

package import SkeletonGraphics

/// Damage computed from display lists (before any pixel is looked at).
package enum LayerDamage {
    /// The pixel rectangles (at `scale`, clipped to the new canvas) that may differ between the frames of `old` and
    /// `new`: the bounds of every layer added, removed or changed (compared by id and value), and of the layers whose
    /// relative paint order changed. The whole canvas when there is no `old`, or the size, background or id
    /// uniqueness differs. Empty when nothing can have changed.
    ///
    /// Invariant: every pixel outside the result has the same bytes in both renders.
    package static func between(_ old: DisplayList?, _ new: DisplayList, scale: Double) throws(RenderError)
        -> [PixelRect]
    {
        let (w, h) = try CanvasGeometry.pixelSize(of: new.size, scale: scale)
        let canvas = PixelRect(x: 0, y: 0, width: w, height: h)
        guard let old, old.size == new.size, old.background == new.background else { return [canvas] }
        if old.identity == new.identity { return [] }
        if let spliced = splice(old, new, scale: scale, canvas: canvas) { return spliced }
        if let aligned = aligned(old, new, scale: scale, canvas: canvas) { return aligned }
        // The layers joined from their segments once (each read of `layers` joins them).
        let (oldLayers, newLayers) = (old.layers, new.layers)
        guard let oldIndex = uniqueIndex(oldLayers), let newIndex = uniqueIndex(newLayers) else {
            return positional(oldLayers, newLayers, scale: scale, canvas: canvas)
        }
        var damage = DamageRegion()
        func add(_ layer: Layer) {
            if let r = pixelBounds(layer, scale: scale, canvas: canvas) { damage.add(r) }
        }
        for layer in oldLayers where newIndex[layer.id] == nil { add(layer) }
        for layer in newLayers {
            if let i = oldIndex[layer.id] {
                changed(oldLayers[i], layer, scale: scale, canvas: canvas, into: &damage)
            } else {
                add(layer)
            }
        }
        // Paint order of the layers present in both: damage the window where the orders differ.
        let commonOld = oldLayers.filter { newIndex[$0.id] != nil }
        let commonNew = newLayers.filter { oldIndex[$0.id] != nil }
        var first = 0
        while first < commonOld.count && commonOld[first].id == commonNew[first].id { first += 1 }
        if first < commonOld.count {
            var last = commonOld.count - 1
            while last > first && commonOld[last].id == commonNew[last].id { last -= 1 }
            for i in first...last {
                add(commonOld[i])
                add(commonNew[i])
            }
        }
        return damage.rects
    }

    /// The pixels a layer can touch, exactly as the rasterizer bounds it: the intersection of the whole-pixel boxes
    /// of its shape and of each clip, cut to the canvas (anti-aliasing can reach a pixel that two shapes share
    /// even when the shapes themselves do not overlap). Nil when it touches none.
    package static func pixelBounds(_ layer: Layer, scale: Double, canvas: PixelRect) -> PixelRect? {
        guard let shape = PixelShape(layer.shape, scale: scale) else { return nil }
        var x0 = max(canvas.minX, shape.outerX0)
        var y0 = max(canvas.minY, shape.outerY0)
        var x1 = min(canvas.maxX, shape.outerX1)
        var y1 = min(canvas.maxY, shape.outerY1)
        for clip in layer.clips {
            guard let c = PixelShape(clip, scale: scale) else { return nil }
            x0 = max(x0, c.outerX0)
            y0 = max(y0, c.outerY0)
            x1 = min(x1, c.outerX1)
            y1 = min(y1, c.outerY1)
        }
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A list spliced from `old` (an edit's frame while nothing moves): only the replaced runs can differ, so their
    /// bounds, old and new, are the damage; the kept layers are not looked at. Nil when `new` was not spliced from
    /// `old` itself.
    private static func splice(_ old: DisplayList, _ new: DisplayList, scale: Double, canvas: PixelRect)
        -> [PixelRect]?
    {
        guard let d = new.derivation, d.parent == old.identity, d.replacedOld.upperBound <= old.layerCount,
            d.replacedNew.upperBound <= new.layerCount,
            old.layerCount - d.replacedOld.count == new.layerCount - d.replacedNew.count
        else { return nil }
        var damage = DamageRegion()
        var before: [Layer] = []
        var after: [Layer] = []
        old.forEachLayer(in: d.replacedOld) { before.append($0) }
        new.forEachLayer(in: d.replacedNew) { after.append($0) }
        // The run rebuilt with the same layers (an edit of values): each layer against its old self.
        if before.count == after.count, zip(before, after).allSatisfy({ $0.id == $1.id }) {
            for (x, y) in zip(before, after) { changed(x, y, scale: scale, canvas: canvas, into: &damage) }
            return damage.rects
        }
        for layer in before + after {
            if let r = pixelBounds(layer, scale: scale, canvas: canvas) { damage.add(r) }
        }
        return damage.rects
    }

    /// The common case of a frame after an edit or a step of an animation: the same layer ids in the same order.
    /// Then the damage is the bounds of the layers that differ, old and new (paint order did not change); nil when
    /// the ids do not line up. Segments the two lists share are skipped whole; copies of one layer compare equal
    /// without their fields being read (`Layer.==`). A list spliced from the last one never gets here (`splice`).
    private static func aligned(_ a: DisplayList, _ b: DisplayList, scale: Double, canvas: PixelRect) -> [PixelRect]? {
        guard a.layerCount == b.layerCount else { return nil }
        var damage = DamageRegion()
        var pairs = LayerPairs(a.segments, b.segments)
        while let (x, y) = pairs.next() {
            if x.isCopy(of: y) { continue }
            guard x.id == y.id else { return nil }
            changed(x, y, scale: scale, canvas: canvas, into: &damage)
        }
        return damage.rects
    }

    /// Id → index, or nil when an id repeats.
    private static func uniqueIndex(_ layers: [Layer]) -> [String: Int]? {
        var index: [String: Int] = [:]
        index.reserveCapacity(layers.count)
        for (i, layer) in layers.enumerated() {
            if index.updateValue(i, forKey: layer.id) != nil { return nil }
        }
        return index
    }

    /// Without unique ids: compare position by position.
    private static func positional(_ a: [Layer], _ b: [Layer], scale: Double, canvas: PixelRect) -> [PixelRect] {
        var damage: [PixelRect] = []
        for i in 0..<max(a.count, b.count) {
            let x = i < a.count ? a[i] : nil
            let y = i < b.count ? b[i] : nil
            guard x != y else { continue }
            for layer in [x, y].compactMap({ $0 }) {
                if let r = pixelBounds(layer, scale: scale, canvas: canvas) { damage.append(r) }
            }
        }
        return DamageRegion(damage).rects
    }
}

/// A union of pixel rectangles, kept small: rectangles contained in others are dropped, and past
/// `DamageRegion.maxRects` everything collapses into the bounding box. Accumulate damage here until a frame is sent.
package struct DamageRegion: Hashable, Sendable {
    /// The most rectangles kept before collapsing to the bounding box.
    package static let maxRects = 32

    /// Non-empty rectangles whose union is the damaged area (they may overlap).
    package private(set) var rects: [PixelRect] = []

    package init() {}

    /// The union of `rects`.
    package init(_ rects: [PixelRect]) {
        for r in rects { add(r) }
    }

    /// True when nothing is damaged.
    package var isEmpty: Bool { rects.isEmpty }

    /// The bounding box of the damage (empty when none).
    package var bounds: PixelRect {
        rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
    }

    /// Adds one rectangle.
    package mutating func add(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        if rects.contains(where: { $0.contains(rect) }) { return }
        rects.removeAll { rect.contains($0) }
        rects.append(rect)
        if rects.count > Self.maxRects { rects = [bounds] }
    }

    /// Adds every rectangle of `other`.
    package mutating func formUnion(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    /// Forgets all damage (after a frame was sent).
    package mutating func removeAll() { rects.removeAll() }
}

/// The layers of two lists of equal length, pair by pair, skipping the stretches where both lists hold the same
/// segment at the same place.
private struct LayerPairs {
    private let a: [LayerSegment]
    private let b: [LayerSegment]
    private var ia = 0, ja = 0, ib = 0, jb = 0

    init(_ a: [LayerSegment], _ b: [LayerSegment]) {
        self.a = a
        self.b = b
    }

    mutating func next() -> (Layer, Layer)? {
        while true {
            guard ia < a.count, ib < b.count else { return nil }
            // A segment both lists share, both at its start: nothing in it differs.
            if ja == 0, jb == 0, a[ia] === b[ib] {
                ia += 1
                ib += 1
                continue
            }
            let pair = (a[ia].layers[ja], b[ib].layers[jb])
            ja += 1
            if ja == a[ia].layers.count { (ia, ja) = (ia + 1, 0) }
            jb += 1
            if jb == b[ib].layers.count { (ib, jb) = (ib + 1, 0) }
            return pair
        }
    }
}
