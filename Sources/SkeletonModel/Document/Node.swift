/// One view of the tree, with SkeletonView's defaults for everything the document leaves out.
public struct Node: Sendable, Hashable {
    /// The UIKit class the node stands for.
    public var type: NodeType
    /// The document's `id` (unique in the document), if any.
    public var id: String?
    /// The stable reference: `id`, else the index path (`0`, `0.2`, `0.2.1`); inside a template instance,
    /// `<instance>/<local reference>` (see `Protocol/document-format.md`).
    public var reference: String
    /// Position and size in the parent's coordinates.
    public var frame: Rect
    /// Subviews in z-order (for cells: the contentView's subviews; for stacks: all subviews, see `isArranged`).
    /// Tables and collections list their own children first, then the instantiated headers, cells and footers.
    public var children: [Node]
    /// Whether the view takes part in skeletons (`isSkeletonable`).
    public var isSkeletonable: Bool = false
    /// Whether the view shows content a skeleton stands in for (labels, text views and fields, images, buttons
    /// and controls): such views and their ancestors are skeletonable in a show that assumes it
    /// (`ShowOptions.assumeSkeletonable`). Defaults to `NodeType.holdsContent`.
    public var holdsContent: Bool
    /// `isHidden`.
    public var isHidden: Bool = false
    /// Hidden while the skeleton shows.
    public var isHiddenWhenSkeletonIsActive: Bool = false
    /// Interaction (and scrolling) off while the skeleton shows.
    public var isUserInteractionDisabledWhenSkeletonIsActive: Bool = true
    /// UIKit's default depends on the type (false for UILabel and UIImageView).
    public var isUserInteractionEnabled: Bool
    /// Scroll views only (tables, collections, text views); true by default.
    public var isScrollEnabled: Bool
    /// nil: `SkeletonAppearance.skeletonCornerRadius`.
    public var skeletonCornerRadius: Double?
    /// `layer.cornerRadius`.
    public var cornerRadius: Double = 0
    /// `clipsToBounds`/`masksToBounds`; true by default for scroll views.
    public var clipsToBounds: Bool
    /// `alpha` (0 to 1): the view's layer and every sublayer, SkeletonView's skeleton layer included, are drawn at
    /// this opacity (times its ancestors').
    public var alpha: Double = 1
    /// nil: no background (clear).
    public var backgroundColor: SkeletonColor?
    /// Constants of the node's own width and height constraints (for `definedMaxBounds`).
    public var constraints: SizeConstraints = SizeConstraints()
    /// Which margins and sides follow the parent's width when a device width is set (`Node.resize(toWidth:)`);
    /// none by default, as for a view made in code.
    public var autoresizingMask: AutoresizingMask = []
    /// For children of a UIStackView: whether it is an arranged subview (default true).
    public var isArranged: Bool = true
    /// Overrides the layout direction for this subtree.
    public var layoutDirection: LayoutDirection?
    /// Text parameters (UILabel and UITextView).
    public var text: TextProperties?
    /// UIStackView parameters.
    public var stack: StackProperties?
    /// UITableView parameters (as decoded; the instances are already in `children`).
    public var table: TableProperties?
    /// UICollectionView parameters (as decoded; the instances are already in `children`).
    public var collection: CollectionProperties?
    /// Set on the root of a template instance.
    public var instance: InstanceInfo?
    /// What the view shows under its skeleton: text, title, placeholder, image, text colour, font, border.
    public var content = NodeContent()

    /// Creates a value with the given members.
    public init(type: NodeType, id: String? = nil, reference: String = "0", frame: Rect, children: [Node] = []) {
        self.type = type
        self.id = id
        self.reference = reference
        self.frame = frame
        self.children = children
        self.isUserInteractionEnabled = type.defaultUserInteractionEnabled
        self.holdsContent = type.holdsContent
        self.isScrollEnabled = true
        self.clipsToBounds = type.isScrollView
        if type.isText { text = TextProperties(for: type) }
        if type == .stackView { stack = StackProperties() }
    }

    /// This node and all its descendants.
    public var subtreeCount: Int { children.reduce(1) { $0 + $1.subtreeCount } }
}

/// Constants of a view's own width and height constraints (`=`, `<=` and `>=` alike; intrinsic-size
/// constraints excluded). SkeletonView's `definedMaxBounds` widens the skeleton to the largest one.
public struct SizeConstraints: Sendable, Hashable {
    /// Width constraint constants.
    public var width: [Double] = []
    /// Height constraint constants.
    public var height: [Double] = []
    /// Creates a value with the given members.
    public init(width: [Double] = [], height: [Double] = []) {
        self.width = width
        self.height = height
    }
}

/// `UIStackView.Alignment`.
public enum StackAlignment: String, Sendable, Hashable, CaseIterable {
    case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline
}

/// UIStackView parameters that matter for skeletons.
public struct StackProperties: Sendable, Hashable {
    /// `.trailing` moves line sublayers of arranged labels left by the skeleton width (a SkeletonView quirk).
    public var alignment: StackAlignment = .fill
    /// Creates a value with the given members.
    public init(alignment: StackAlignment = .fill) { self.alignment = alignment }
}

/// Where a template instance came from.
public struct InstanceInfo: Sendable, Hashable {
    /// Which part of the table or collection the instance is.
    public enum Role: Sendable, Hashable {
        case cell(section: Int, row: Int)
        case header(section: Int)
        case footer(section: Int)
        case supplementary(section: Int, kind: String)
    }
    /// The template's name.
    public var template: String
    /// What the instance is.
    public var role: Role
    /// Creates a value with the given members.
    public init(template: String, role: Role) {
        self.template = template
        self.role = role
    }
}
