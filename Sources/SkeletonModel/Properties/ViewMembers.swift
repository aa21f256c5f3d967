/// The members every node has (and the few of one kind of view: `isScrollEnabled`, `alignment`).
package struct ViewMembers: PropertyFamily {
    package let type = DocumentProperty(
        "type", .node, types: NodeTypes.all, value: .keyword(NodeType.allCases.map(\.rawValue)), default: .required,
        meaning: "the UIKit class of the view")
    package let id = DocumentProperty(
        "id", .node, types: NodeTypes.all, value: .string,
        default: .described("none (the index path, such as `0.1`, is the reference)"),
        meaning: "the node's reference for methods and layers, unique in its id scope")
    package let frame = DocumentProperty(
        "frame", .node, types: NodeTypes.all, value: .frame, default: .required, skeletonView: "frame",
        meaning: "`[x, y, width, height]` in the parent's coordinates, after layout")
    package let children = DocumentProperty(
        "children", .node, types: NodeTypes.all, value: .nodes, default: .value([]), skeletonView: "subviews",
        meaning: "subviews in z-order (for cells, the contentView's subviews)")
    package let isSkeletonable = DocumentProperty(
        "isSkeletonable", .node, types: NodeTypes.all, value: .boolean, default: .value(false),
        skeletonView: "isSkeletonable", runtimeAttributes: ["isSkeletonable"], swift: ["isSkeletonable"],
        meaning: "whether the view takes part in skeletons; needed on every view from the root down")
    package let holdsContent = DocumentProperty(
        "holdsContent", .node, types: NodeTypes.all, value: .boolean,
        default: .described("`true` for UILabel, UITextView, UITextField, UIImageView and UIButton, else `false`"),
        meaning:
            "the view shows content a skeleton stands in for: with `skeleton/show`'s `assumeSkeletonable`, such views "
            + "and their ancestors are skeletonable for that show")
    package let isHidden = DocumentProperty(
        "isHidden", .node, types: NodeTypes.all, value: .boolean, default: .value(false), skeletonView: "isHidden",
        swift: ["isHidden"], meaning: "hidden views and their subtrees are not drawn")
    package let isHiddenWhenSkeletonIsActive = DocumentProperty(
        "isHiddenWhenSkeletonIsActive", .node, types: NodeTypes.all, value: .boolean, default: .value(false),
        skeletonView: "isHiddenWhenSkeletonIsActive", runtimeAttributes: ["isHiddenWhenSkeletonIsActive"],
        swift: ["isHiddenWhenSkeletonIsActive"], meaning: "hides the view while its skeleton is active")
    package let isUserInteractionDisabledWhenSkeletonIsActive = DocumentProperty(
        "isUserInteractionDisabledWhenSkeletonIsActive", .node, types: NodeTypes.all, value: .boolean,
        default: .value(true), skeletonView: "isUserInteractionDisabledWhenSkeletonIsActive",
        runtimeAttributes: ["isUserInteractionDisabledWhenSkeletonIsActive"],
        swift: ["isUserInteractionDisabledWhenSkeletonIsActive"],
        meaning: "turns interaction (and scrolling, for tables and collections) off while active")
    package let isUserInteractionEnabled = DocumentProperty(
        "isUserInteractionEnabled", .node, types: NodeTypes.all, value: .boolean,
        default: .described("`false` for UILabel and UIImageView, else `true`"),
        skeletonView: "isUserInteractionEnabled", meaning: "UIKit's interaction flag")
    package let isScrollEnabled = DocumentProperty(
        "isScrollEnabled", .node, types: NodeTypes.scrollViews, value: .boolean, default: .value(true),
        skeletonView: "isScrollEnabled", meaning: "scroll views only (tables, collections, text views)")
    package let skeletonCornerRadius = DocumentProperty(
        "skeletonCornerRadius", .node, types: NodeTypes.all, value: .number(),
        default: .described("the appearance's (0)"), skeletonView: "skeletonCornerRadius",
        runtimeAttributes: ["skeletonCornerRadius"], swift: ["skeletonCornerRadius"],
        meaning: "corner radius of the skeleton block")
    package let cornerRadius = DocumentProperty(
        "cornerRadius", .node, types: NodeTypes.all, value: .number(), default: .value(0),
        skeletonView: "layer.cornerRadius", runtimeAttributes: ["layer.cornerRadius"], swift: ["layer.cornerRadius"],
        meaning: "the layer's corner radius (background, and the clip with `clipsToBounds`)")
    package let clipsToBounds = DocumentProperty(
        "clipsToBounds", .node, types: NodeTypes.all, value: .boolean,
        default: .described("`true` for scroll views, else `false`"), skeletonView: "clipsToBounds",
        runtimeAttributes: ["layer.masksToBounds"], swift: ["clipsToBounds", "layer.masksToBounds"],
        meaning: "clips subviews and the view's own skeleton")
    package let alpha = DocumentProperty(
        "alpha", .node, types: NodeTypes.all, value: .number(minimum: 0, maximum: 1), default: .value(1),
        skeletonView: "alpha", swift: ["alpha", "layer.opacity"],
        meaning:
            "the view's opacity: every layer of its subtree, its skeleton's included, is drawn at it times its "
            + "ancestors'")
    package let backgroundColor = DocumentProperty(
        "backgroundColor", .node, types: NodeTypes.all, value: .color, default: .described("none (clear)"),
        skeletonView: "backgroundColor", meaning: "the view's background (cleared while its skeleton shows)")
    package let constraints = DocumentProperty(
        "constraints", .node, types: NodeTypes.all, value: .constraints, skeletonView: "definedMaxBounds",
        meaning: "constants of the view's own width and height constraints; the skeleton is at least as large")
    package let autoresizingMask = DocumentProperty(
        "autoresizingMask", .node, types: NodeTypes.all, value: .keywordSet(AutoresizingMask.named.map(\.name)),
        default: .value([]), skeletonView: "autoresizingMask",
        meaning:
            "which margins and sides follow the parent's width at another device width (`skeleton/setTraits` "
            + "`width`): `flexibleLeftMargin`, `flexibleWidth`, `flexibleRightMargin` (and the vertical three)")
    package let arranged = DocumentProperty(
        "arranged", .node, types: NodeTypes.all, value: .boolean, default: .value(true),
        skeletonView: "arrangedSubviews",
        meaning: "for a stack view's subviews: whether it is arranged (only arranged ones are skeletoned)")
    package let layoutDirection = DocumentProperty(
        "layoutDirection", .node, types: NodeTypes.all, value: .keyword(LayoutDirection.allCases.map(\.rawValue)),
        default: .described("`\"ltr\"` (inherited)"), skeletonView: "effectiveUserInterfaceLayoutDirection",
        meaning: "`ltr` or `rtl`; a node's value applies to its subtree")
    package let comment = DocumentProperty(
        "comment", .node, types: NodeTypes.all, value: .anything, meaning: "ignored")
    package let alignment = DocumentProperty(
        "alignment", .node, types: [.stackView], value: .keyword(StackAlignment.allCases.map(\.rawValue)),
        default: .value(.string(StackAlignment.fill.rawValue)), skeletonView: "UIStackView.alignment",
        meaning: "a stack view's alignment (`trailing` shifts lines: SkeletonView's quirk)")
}
