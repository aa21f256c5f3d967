package import SkeletonGraphics
package import SkeletonModel

/// What the skeleton of one node is, or would be: the node's own layer when a skeleton is active on it, else what
/// `showSkeleton()` on the root would give it now (the session is unchanged).
package struct NodeSkeleton: Sendable, Hashable {
    /// Why a node draws no skeleton of its own.
    package enum Absence: Sendable, Hashable {
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
    package enum Shape: Sendable, Hashable {
        /// One block (absolute canvas rect).
        case block(Rect, cornerRadius: Double)
        /// Text lines (absolute canvas rects, the last one shorter).
        case lines([Rect], cornerRadius: Double)
    }

    /// The node's reference.
    package var reference: String
    /// Whether a skeleton is active on the node now (`isSkeletonActive`).
    package var isActive: Bool
    /// The skeleton drawn, or nil when the node draws none (see `absence`).
    package var shape: Shape?
    /// Why the node draws nothing (nil when `shape` is set).
    package var absence: Absence?
    /// Solid or gradient.
    package var type: SkeletonType
    /// The colours the layer is filled with, resolved for the document's colour scheme (one for solid, the stops
    /// of a gradient otherwise).
    package var colors: [RGBA]
}

extension SkeletonSession {
    /// The skeleton of `reference`: its live layer when the skeleton is active, else what a `showSkeleton()` on the
    /// root with the current appearance would draw for it.
    ///
    /// While the session is idle since it was last reset (no call since: nothing shown, pending or fading), that
    /// show is worked out for the node alone, from its chain of ancestors (`idleSkeleton`: a hover on a big document
    /// costs its depth, not its size); otherwise it is made on a copy of the session.
    package func skeleton(of reference: String) throws(EngineError) -> NodeSkeleton {
        let v = try resolve(reference)
        return history.operations.isEmpty ? idleSkeleton(v) : skeletonByShowingCopy(v)
    }

    /// What a show from the root on an idle session gives node `v`: SkeletonView's recursion reaches `v` as a leaf
    /// exactly when nothing above or on it stops it (`absence`), and then gives it the layer `showLeaf` makes (the
    /// label height fix included); nothing else in the session changes what `v` draws. Reads the session only.
    func idleSkeleton(_ v: Int) -> NodeSkeleton {
        var shown = self
        // A show on an idle session drops a stale assumption (see `performShow`); the tree's arrays stay shared.
        shown.tree.assumesSkeletonable = false
        let node = tree.nodes[v]
        var result = NodeSkeleton(
            reference: node.reference, isActive: false, shape: nil, absence: nil, type: .solid, colors: [])
        // A reached leaf gets a layer, except a table or collection: the show turns its status on first, so it never
        // gets one (its cells draw).
        if let absence = shown.absence(of: v, hasLayer: !node.type.isCollection) {
            result.absence = absence
            return result
        }
        let config = SkeletonConfig(ShowOptions(transition: .none), appearance: appearance)
        var heightFix = states[v].heightFix
        if node.type == .label {
            let p = TextParameters(node: node, appearance: appearance, isRightToLeft: tree.rtl[v])
            heightFix = TextLayout.labelHeightFix(p, definedHeight: DefinedBounds.size(of: node).height)
        }
        let size = shown.maskSize(v, heightFix: heightFix)
        let layer = shown.newLayer(v, config: config, maskHeight: size.height, at: now, fadeIn: 0)
        return Self.describe(
            layer, into: result,
            layers: shown.skeletonLayers(v, layer, at: now, animate: false, clips: [], size: size),
            scheme: document.colorScheme)
    }

    /// The skeleton of `v` from a show from the root made on a copy of the session (whatever its state).
    func skeletonByShowingCopy(_ v: Int) -> NodeSkeleton {
        var copy = self
        let active = copy.isActive(v)
        if !active || copy.states[v].layer == nil {
            // A show from the root on a copy: the shared caches only ever gain correct entries.
            _ = try? copy.show(ShowOptions(transition: .none), node: nil, at: now)
        }
        let node = copy.tree.nodes[v]
        let result = NodeSkeleton(
            reference: node.reference, isActive: active, shape: nil, absence: nil, type: .solid, colors: [])
        guard let layer = copy.states[v].layer else {
            var absent = result
            absent.absence = copy.absence(of: v, hasLayer: false) ?? .notSkeletonable
            return absent
        }
        if let absence = copy.absence(of: v, hasLayer: true) {
            var absent = result
            absent.absence = absence
            return absent
        }
        return Self.describe(
            layer, into: result, layers: copy.skeletonLayers(v, layer, at: now, animate: false, clips: []),
            scheme: document.colorScheme)
    }

    /// `result` with the type, resolved colours and shape of a layer drawn as `layers`.
    private static func describe(
        _ layer: SkeletonLayerState, into result: NodeSkeleton, layers: [Layer], scheme: ColorScheme
    ) -> NodeSkeleton {
        var result = result
        result.type = layer.type
        result.colors = layer.colors.map { $0.resolved(scheme) }
        if layers.count == 1, layers.first?.kind == .block, let first = layers.first {
            result.shape = .block(first.shape.rect, cornerRadius: first.shape.cornerRadius)
        } else {
            result.shape = .lines(layers.map(\.shape.rect), cornerRadius: layers.first?.shape.cornerRadius ?? 0)
        }
        return result
    }

    /// Why `v` draws nothing after a show from the root, or nil when it has a layer that is visible.
    /// `hasLayer`: whether `v` has a layer (a collection without one draws nothing: its cells do).
    private func absence(of v: Int, hasLayer: Bool) -> NodeSkeleton.Absence? {
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
        if node.type.isCollection, !hasLayer { return .collection }
        return nil
    }
}
