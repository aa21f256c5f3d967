/// The `layers` stream encoding: display-list operations by layer id.

package import SkeletonGraphics

/// One operation on a client's layer list. Apply in order.
package enum LayerOp: Hashable, Sendable {
    /// Insert `layer` at `index` (0 = bottom, in paint order).
    case add(Layer, index: Int)
    /// Replace the layer with this id (same position).
    case update(Layer)
    /// Remove the layer with this id.
    case remove(id: String)
    /// Move the layer with this id to `index` (after removing it from its place).
    case move(id: String, index: Int)
}

/// What changed between two display lists, as operations.
package struct LayerDiff: Hashable, Sendable {
    /// When true the client clears its list first (a keyframe, or ids were not unique).
    package var reset: Bool
    /// The new canvas size, when it changed (or on reset).
    package var size: Size?
    /// The new background, when it changed (or on reset).
    package var background: RGBA?
    package var ops: [LayerOp]

    /// True when applying it would change nothing.
    package var isEmpty: Bool { !reset && size == nil && background == nil && ops.isEmpty }

    package init(reset: Bool, size: Size?, background: RGBA?, ops: [LayerOp]) {
        self.reset = reset
        self.size = size
        self.background = background
        self.ops = ops
    }

    /// The operations turning `old` into `new` (a reset with every layer added when `old` is nil or when either
    /// list repeats an id). Removes come first, then, in new paint order, adds, moves and updates.
    package static func between(_ old: DisplayList?, _ new: DisplayList) -> LayerDiff {
        guard let old, isUnique(old.layers), isUnique(new.layers) else {
            return LayerDiff(
                reset: true, size: new.size, background: new.background,
                ops: new.layers.enumerated().map { .add($1, index: $0) }
            )
        }
        var ops: [LayerOp] = []
        let newIDs = Set(new.layers.map(\.id))
        var current: [Layer] = []
        for layer in old.layers {
            if newIDs.contains(layer.id) { current.append(layer) } else { ops.append(.remove(id: layer.id)) }
        }
        for (i, layer) in new.layers.enumerated() {
            if i < current.count, current[i].id == layer.id {
                if current[i] != layer {
                    ops.append(.update(layer))
                    current[i] = layer
                }
            } else if let at = current.firstIndex(where: { $0.id == layer.id }) {
                let before = current.remove(at: at)
                current.insert(layer, at: i)
                ops.append(.move(id: layer.id, index: i))
                if before != layer { ops.append(.update(layer)) }
            } else {
                current.insert(layer, at: i)
                ops.append(.add(layer, index: i))
            }
        }
        return LayerDiff(
            reset: false,
            size: old.size == new.size ? nil : new.size,
            background: old.background == new.background ? nil : new.background,
            ops: ops
        )
    }

    /// Applies the diff to `list` (for clients and tests). Ops naming unknown ids or bad indices are ignored.
    package func apply(to list: DisplayList) -> DisplayList {
        var out = list
        if reset { out.layers = [] }
        if let size { out.size = size }
        if let background { out.background = background }
        for op in ops {
            switch op {
            case .add(let layer, let index):
                out.layers.insert(layer, at: min(max(index, 0), out.layers.count))
            case .update(let layer):
                if let i = out.layers.firstIndex(where: { $0.id == layer.id }) { out.layers[i] = layer }
            case .remove(let id):
                if let i = out.layers.firstIndex(where: { $0.id == id }) { out.layers.remove(at: i) }
            case .move(let id, let index):
                if let i = out.layers.firstIndex(where: { $0.id == id }) {
                    let layer = out.layers.remove(at: i)
                    out.layers.insert(layer, at: min(max(index, 0), out.layers.count))
                }
            }
        }
        return out
    }

    private static func isUnique(_ layers: [Layer]) -> Bool {
        Set(layers.map(\.id)).count == layers.count
    }
}
