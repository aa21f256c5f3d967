/// The members of SkeletonView's text nodes (UILabel, UITextView), and the text members fields and buttons share.
package struct TextMembers: PropertyFamily {
    package let numberOfLines = DocumentProperty(
        "numberOfLines", .node, types: NodeTypes.text, value: .integer(minimum: 0, maximum: TextLineCount.ceiling),
        default: .value(1), skeletonView: "numberOfLines", swift: ["numberOfLines"],
        meaning: "UILabel's line count (0: as many as fit)")
    package let textAlignment = DocumentProperty(
        "textAlignment", .node, types: NodeTypes.text.union([.textField]),
        value: .keyword(TextAlignment.allCases.map(\.rawValue)),
        default: .value(.string(TextAlignment.natural.rawValue)), skeletonView: "textAlignment",
        meaning: "where the last line sits (`natural`, `left`, `center`, `right`, `justified`)")
    package let font = DocumentProperty(
        "font", .node, types: NodeTypes.text.union([.textField, .button]), value: .font,
        default: .described("UILabel 20.287109375 (17-pt system font); UITextView none"),
        skeletonView: "font.lineHeight", meaning: "the font's line height (`{\"lineHeight\": n}` or a number)")
    package let lastLineFillPercent = DocumentProperty(
        "lastLineFillPercent", .node, types: NodeTypes.text, value: .integer(),
        default: .described("the appearance's (70)"), skeletonView: "lastLineFillPercent",
        runtimeAttributes: ["lastLineFillPercent"], swift: ["lastLineFillPercent"],
        meaning: "width of the last line in percent (capped at 100)")
    package let linesCornerRadius = DocumentProperty(
        "linesCornerRadius", .node, types: NodeTypes.text, value: .integer(),
        default: .described("the appearance's (0)"), skeletonView: "linesCornerRadius",
        runtimeAttributes: ["linesCornerRadius"], swift: ["linesCornerRadius"],
        meaning: "corner radius of each text line")
    package let skeletonLineSpacing = DocumentProperty(
        "skeletonLineSpacing", .node, types: NodeTypes.text, value: .number(),
        default: .described("the appearance's (10)"), skeletonView: "skeletonLineSpacing",
        runtimeAttributes: ["skeletonLineSpacing"], swift: ["skeletonLineSpacing"], meaning: "space between lines")
    package let skeletonPaddingInsets = DocumentProperty(
        "skeletonPaddingInsets", .node, types: NodeTypes.text, value: .insets, default: .described("zero"),
        skeletonView: "skeletonPaddingInsets", runtimeAttributes: ["skeletonPaddingInsets"],
        swift: ["skeletonPaddingInsets"], meaning: "insets of the lines inside the view")
    package let skeletonTextLineHeight = DocumentProperty(
        "skeletonTextLineHeight", .node, types: NodeTypes.text, value: .textLineHeight,
        default: .described("the appearance's `textLineHeight` (fixed 15)"), skeletonView: "skeletonTextLineHeight",
        runtimeAttributes: ["skeletonTextLineHeight"], swift: ["skeletonTextLineHeight"],
        meaning: "line height: `relativeToFont`, `relativeToConstraints` or fixed")
    package let skeletonTextNumberOfLines = DocumentProperty(
        "skeletonTextNumberOfLines", .node, types: NodeTypes.text,
        value: .textNumberOfLines(maximum: TextLineCount.ceiling), default: .value(.string(PropertyValue.inherited)),
        skeletonView: "skeletonTextNumberOfLines", runtimeAttributes: ["skeletonTextNumberOfLines"],
        swift: ["skeletonTextNumberOfLines"], meaning: "line count: `inherited` (from `numberOfLines`) or custom")
}

/// What a view shows under its skeleton (`Protocol/content.md`), drawn by previews.
package struct ContentMembers: PropertyFamily {
    package let text = DocumentProperty(
        "text", .node, types: NodeTypes.text.union([.textField]), value: .string, skeletonView: "text",
        meaning: "the text shown under the skeleton (`\\n` starts a paragraph)")
    package let placeholder = DocumentProperty(
        "placeholder", .node, types: [.textField], value: .string, skeletonView: "placeholder",
        meaning: "the text field's placeholder, shown under the skeleton while it has no text")
    package let title = DocumentProperty(
        "title", .node, types: [.button], value: .string, skeletonView: "title(for: .normal)",
        meaning: "the button's title for the normal state")
    package let textColor = DocumentProperty(
        "textColor", .node, types: NodeTypes.text.union([.textField, .button]), value: .color,
        default: .described(
            "`UIColor.label` (#000000, #FFFFFF dark); buttons `UIColor.systemBlue` (#007AFF, #0A84FF dark)"),
        skeletonView: "textColor",
        meaning: "the colour of the text (a button's normal title colour)")
    package let image = DocumentProperty(
        "image", .node, types: [.imageView], value: .string, skeletonView: "image",
        meaning: "an image name, drawn as a placeholder (the daemon reads no image files)")
    package let borderWidth = DocumentProperty(
        "borderWidth", .node, types: NodeTypes.all, value: .number(minimum: 0), default: .value(0),
        skeletonView: "layer.borderWidth", meaning: "the layer's border width")
    package let borderColor = DocumentProperty(
        "borderColor", .node, types: NodeTypes.all, value: .color, default: .described("opaque black"),
        skeletonView: "layer.borderColor", meaning: "the layer's border colour")
}
