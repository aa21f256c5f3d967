/// One view of the tree, with SkeletonView's defaults for everything the document leaves out.
package struct Node: Sendable, Hashable {
    /// The UIKit class the node stands for.
    package var type: NodeType
    /// The document's `id` (unique in the document), if any.
    package var id: String?
    /// The stable reference: `id`, else the index path (`0`, `0.2`, `0.2.1`); inside a template instance,
    /// `<instance>/<local reference>` (see `Protocol/document-format.md`).
    package var reference: String
    /// Position and size in the parent's coordinates.
    package var frame: Rect
    /// Subviews in z-order (for cells: the contentView's subviews; for stacks: all subviews, see `isArranged`).
    /// Tables and collections list their own children first, then the instantiated headers, cells and footers.
    package var children: [Node]
    /// Whether the view takes part in skeletons (`isSkeletonable`).
    package var isSkeletonable: Bool = false
    /// Whether the view shows content a skeleton stands in for (labels, text views and fields, images, buttons
    /// and controls): such views and their ancestors are skeletonable in a show that assumes it
    /// (`ShowOptions.assumeSkeletonable`). Defaults to `NodeType.holdsContent`.
    package var holdsContent: Bool
    /// `isHidden`.
    package var isHidden: Bool = false
    /// Hidden while the skeleton shows.
    package var isHiddenWhenSkeletonIsActive: Bool = false
    /// Interaction (and scrolling) off while the skeleton shows.
    package var isUserInteractionDisabledWhenSkeletonIsActive: Bool = true
    /// UIKit's default depends on the type (false for UILabel and UIImageView).
    package var isUserInteractionEnabled: Bool
    /// Scroll views only (tables, collections, text views); true by default.
    package var isScrollEnabled: Bool
    /// nil: `SkeletonAppearance.skeletonCornerRadius`.
    package var skeletonCornerRadius: Double?
    /// `layer.cornerRadius`.
    package var cornerRadius: Double = 0
    /// `clipsToBounds`/`masksToBounds`; true by default for scroll views.
    package var clipsToBounds: Bool
    /// `alpha` (0 to 1): the view's layer and every sublayer, SkeletonView's skeleton layer included, are drawn at
    /// this opacity (times its ancestors').
    package var alpha: Double = 1
    /// nil: no background (clear).
    package var backgroundColor: SkeletonColor?
    /// Constants of the node's own width and height constraints (for `definedMaxBounds`).
    package var constraints: SizeConstraints = SizeConstraints()
    /// Which margins and sides follow the parent's width when a device width is set (`Node.resize(toWidth:)`);
    /// none by default, as for a view made in code.
    package var autoresizingMask: AutoresizingMask = []
    /// For children of a UIStackView: whether it is an arranged subview (default true).
    package var isArranged: Bool = true
    /// Overrides the layout direction for this subtree.
    package var layoutDirection: LayoutDirection?
    /// Text parameters (UILabel and UITextView).
    package var text: TextProperties?
    /// UIStackView parameters.
    package var stack: StackProperties?
    /// UITableView parameters (as decoded; the instances are already in `children`).
    package var table: TableProperties?
    /// UICollectionView parameters (as decoded; the instances are already in `children`).
    package var collection: CollectionProperties?
    /// Set on the root of a template instance.
    package var instance: InstanceInfo?
    /// What the view shows under its skeleton: text, title, placeholder, image, text colour, font, border.
    package var content = NodeContent()

    package init(type: NodeType, id: String? = nil, reference: String = "0", frame: Rect, children: [Node] = []) {
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
    package var subtreeCount: Int { children.reduce(1) { $0 + $1.subtreeCount } }
}

/// Constants of a view's own width and height constraints (`=`, `<=` and `>=` alike; intrinsic-size
/// constraints excluded). SkeletonView's `definedMaxBounds` widens the skeleton to the largest one.
package struct SizeConstraints: Sendable, Hashable {
    /// Width constraint constants.
    package var width: [Double] = []
    /// Height constraint constants.
    package var height: [Double] = []
    package init(width: [Double] = [], height: [Double] = []) {
        self.width = width
        self.height = height
    }
}

/// `UIStackView.Alignment`.
package enum StackAlignment: String, Sendable, Hashable, CaseIterable {
    case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline
}

/// UIStackView parameters that matter for skeletons.
package struct StackProperties: Sendable, Hashable {
    /// `.trailing` moves line sublayers of arranged labels left by the skeleton width (a SkeletonView quirk).
    package var alignment: StackAlignment = .fill
    package init(alignment: StackAlignment = .fill) { self.alignment = alignment }
}

/// Where a template instance came from.
package struct InstanceInfo: Sendable, Hashable {
    /// Which part of the table or collection the instance is.
    package enum Role: Sendable, Hashable {
        case cell(section: Int, row: Int)
        case header(section: Int)
        case footer(section: Int)
        case supplementary(section: Int, kind: String)
    }
    /// The template's name.
    package var template: String
    /// What the instance is.
    package var role: Role
    package init(template: String, role: Role) {
        self.template = template
        self.role = role
    }
}
