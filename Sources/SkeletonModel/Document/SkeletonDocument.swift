/// A decoded document: one view tree plus the traits it is shown with.
public struct SkeletonDocument: Sendable, Hashable {
    /// The root view. Its size is the canvas; its own origin is ignored (the canvas starts at the root).
    public var root: Node
    /// Overrides of `SkeletonAppearance.default` for this document.
    public var appearance: AppearanceOverrides
    /// The trait colours resolve against.
    public var colorScheme: ColorScheme
    /// The document-wide `effectiveUserInterfaceLayoutDirection` (a node may override it for its subtree).
    public var layoutDirection: LayoutDirection
    /// Nodes in the tree after template instantiation.
    public var nodeCount: Int

    /// Creates a value with the given members.
    public init(
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
    public var canvasSize: Size { root.frame.size }
}

/// `UIUserInterfaceStyle`, as far as colours care.
public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
