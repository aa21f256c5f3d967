public import SkeletonGraphics
public import SkeletonModel

/// What the skeleton of one node is, or would be: the node's own layer when a skeleton is active on it, else what
/// `showSkeleton()` on the root would give it now (computed on a copy of the session; the session is unchanged).
public struct NodeSkeleton: Sendable, Hashable {
    /// Why a node draws no skeleton of its own.
    public enum Absence: Sendable, Hashable {
        /// `isSkeletonable` is false on the node itself.
        case notSkeletonable
        /// An ancestor (this reference) is not skeletonable, so the recursion never reaches the node.
        case ancestorNotSkeletonable(String)
        /// The node is a subview of a stack view (this reference) but not one of its arranged subviews.
        case notArranged(stack: String)
        /// `isHidden` on the node.
        case hidden
        /// `isHidden` on an ancestor (this reference).
        case ancestorHidden(String)
        /// `isHiddenWhenSkeletonIsActive` on the node.
        case hiddenWhenSkeletonIsActive
        /// `isHiddenWhenSkeletonIsActive` on an ancestor (this reference).
        case ancestorHiddenWhenSkeletonIsActive(String)
        /// The node has skeletonable children: they are drawn instead (SkeletonView's recursion).
        case container(children: Int)
        /// A table or collection: its cells are drawn, not the view.
        case collection
    }

    /// The shape of a drawn skeleton.
    public enum Shape: Sendable, Hashable {
        /// One block (absolute canvas rect).
        case block(Rect, cornerRadius: Double)
        /// Text lines (absolute canvas rects, the last one shorter).
        case lines([Rect], cornerRadius: Double)
    }

    /// The node's reference.
    public var reference: String
    /// Whether a skeleton is active on the node now (`isSkeletonActive`).
    public var isActive: Bool
    /// The skeleton drawn, or nil when the node draws none (see `absence`).
    public var shape: Shape?
    /// Why the node draws nothing (nil when `shape` is set).
    public var absence: Absence?
    /// Solid or gradient.
    public var type: SkeletonType
    /// The colours the layer is filled with, resolved for the document's colour scheme (one for solid, the stops
    /// of a gradient otherwise).
    public var colors: [RGBA]
}

extension SkeletonSession {
    /// The skeleton of `reference`: its live layer when the skeleton is active, else what a `showSkeleton()` on the
    /// root with the current appearance would draw for it.
    public func skeleton(of reference: String) throws(EngineError) -> NodeSkeleton {
        let v = try resolve(reference)
        var copy = self
        let active = copy.isActive(v)
        if !active || copy.states[v].layer == nil {
            // A show from the root on a copy: the shared caches only ever gain correct entries.
            _ = try? copy.show(ShowOptions(transition: .none), node: nil, at: now)
        }
        let node = copy.tree.nodes[v]
        var result = NodeSkeleton(
            reference: node.reference, isActive: active, shape: nil, absence: nil, type: .solid, colors: [])
        if let absence = copy.absence(of: v) {
            result.absence = absence
            return result
        }
        guard let layer = copy.states[v].layer else {
            result.absence = .notSkeletonable
            return result
        }
        result.type = layer.type
        result.colors = layer.colors.map { $0.resolved(document.colorScheme) }
        let layers = copy.skeletonLayers(v, layer, at: now, animate: false, clips: [])
        if layers.count == 1, layers.first?.kind == .block, let first = layers.first {
            result.shape = .block(first.shape.rect, cornerRadius: first.shape.cornerRadius)
        } else {
            result.shape = .lines(layers.map(\.shape.rect), cornerRadius: layers.first?.shape.cornerRadius ?? 0)
        }
        return result
    }

    /// Why `v` draws nothing after a show from the root, or nil when it has a layer that is visible.
    private func absence(of v: Int) -> NodeSkeleton.Absence? {
        let node = tree.nodes[v]
        if node.isHidden { return .hidden }
        if node.isHiddenWhenSkeletonIsActive { return .hiddenWhenSkeletonIsActive }
        // Ancestors from the root down: the first one that stops the recursion or hides the node names it.
        var chain: [Int] = []
        var a = tree.parent[v]
        while a >= 0 {
            chain.append(a)
            a = tree.parent[a]
        }
        for a in chain.reversed() {
            let ancestor = tree.nodes[a]
            if ancestor.isHidden { return .ancestorHidden(ancestor.reference) }
            if ancestor.isHiddenWhenSkeletonIsActive { return .ancestorHiddenWhenSkeletonIsActive(ancestor.reference) }
            if !ancestor.isSkeletonable { return .ancestorNotSkeletonable(ancestor.reference) }
        }
        for a in chain.reversed() where tree.nodes[a].type == .stackView {
            // The child of the stack on the way to v must be arranged.
            let child = a == tree.parent[v] ? v : chain.first { tree.parent[$0] == a } ?? v
            if !tree.nodes[child].isArranged { return .notArranged(stack: tree.nodes[a].reference) }
        }
        if !node.isSkeletonable { return .notSkeletonable }
        let children = tree.skeletonChildren(of: v).count
        if children > 0 { return .container(children: children) }
        if node.type.isCollection, states[v].layer == nil { return .collection }
        return nil
    }
}
