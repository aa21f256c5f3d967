/// A decoded document: one view tree plus the traits it is shown with.
package struct SkeletonDocument: Sendable, Hashable {
    /// The root view. Its size is the canvas; its own origin is ignored (the canvas starts at the root).
    package var root: Node
    /// Overrides of `SkeletonAppearance.default` for this document.
    package var appearance: AppearanceOverrides
    /// The trait colours resolve against.
    package var colorScheme: ColorScheme
    /// The document-wide `effectiveUserInterfaceLayoutDirection` (a node may override it for its subtree).
    package var layoutDirection: LayoutDirection
    /// Nodes in the tree after template instantiation.
    package var nodeCount: Int

    package init(
        root: Node, appearance: AppearanceOverrides = AppearanceOverrides(),
        colorScheme: ColorScheme = .light, layoutDirection: LayoutDirection = .leftToRight, nodeCount: Int? = nil
    ) {
        self.root = root
        self.appearance = appearance
        self.colorScheme = colorScheme
        self.layoutDirection = layoutDirection
        self.nodeCount = nodeCount ?? root.subtreeCount
    }

    /// The canvas size in points: the root's frame size.
    package var canvasSize: Size { root.frame.size }
}

/// `UIUserInterfaceStyle`, as far as colours care.
package enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// `UIUserInterfaceLayoutDirection`.
package enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
