/// The members of a document's top level.
public struct DocumentMembers: PropertyFamily {
    public let root = DocumentProperty(
        "root", .document, value: .node, default: .required, meaning: "the root view; its frame size is the canvas")
    public let appearance = DocumentProperty(
        "appearance", .document, value: .appearance, default: .value([:]),
        skeletonView: "SkeletonAppearance.default", meaning: "overrides of the shared appearance for this document")
    public let colorScheme = DocumentProperty(
        "colorScheme", .document, value: .keyword(ColorScheme.allCases.map(\.rawValue)),
        default: .value(.string(ColorScheme.light.rawValue)), skeletonView: "traitCollection.userInterfaceStyle",
        meaning: "the trait colours resolve against (`light` or `dark`)")
    public let layoutDirection = DocumentProperty(
        "layoutDirection", .document, value: .keyword(LayoutDirection.allCases.map(\.rawValue)),
        default: .value(.string(LayoutDirection.leftToRight.rawValue)),
        skeletonView: "effectiveUserInterfaceLayoutDirection",
        meaning: "`ltr` or `rtl`: every node's, unless a node sets its own for its subtree")
    public let schema = DocumentProperty(
        "$schema", .document, value: .string, offered: false, meaning: "the JSON Schema the file names; ignored")
    public let version = DocumentProperty(
        "version", .document, value: .anything, offered: false, meaning: "ignored")
}

/// The members of `appearance`: SkeletonAppearance's.
public struct AppearanceMembers: PropertyFamily {
    public let tintColor = DocumentProperty(
        "tintColor", .appearance, value: .color, default: .value(.string(SkeletonColor.defaultName)),
        skeletonView: "SkeletonAppearance.tintColor", swift: ["tintColor"], meaning: "the solid skeleton colour")
    public let gradient = DocumentProperty(
        "gradient", .appearance, value: .gradient,
        default: .value(["baseColor": .string(SkeletonColor.defaultName)]), skeletonView: "SkeletonAppearance.gradient",
        swift: ["gradient"], meaning: "the gradient skeleton's colours")
    public let multilineHeight = DocumentProperty(
        "multilineHeight", .appearance, value: .number(minimum: 0, maximum: ValueParsers.maxLength),
        default: .value(15), skeletonView: "SkeletonAppearance.multilineHeight", swift: ["multilineHeight"],
        meaning: "the height of text lines")
    public let textLineHeight = DocumentProperty(
        "textLineHeight", .appearance, value: .textLineHeight, default: .described("fixed(`multilineHeight`)"),
        skeletonView: "SkeletonAppearance.textLineHeight", swift: ["textLineHeight"],
        meaning: "the text line height rule")
    public let multilineSpacing = DocumentProperty(
        "multilineSpacing", .appearance,
        value: .number(minimum: -ValueParsers.maxLength, maximum: ValueParsers.maxLength),
        default: .value(10), skeletonView: "SkeletonAppearance.multilineSpacing", swift: ["multilineSpacing"],
        meaning: "space between text lines")
    public let multilineLastLineFillPercent = DocumentProperty(
        "multilineLastLineFillPercent", .appearance, value: .integer(), default: .value(70),
        skeletonView: "SkeletonAppearance.multilineLastLineFillPercent", swift: ["multilineLastLineFillPercent"],
        meaning: "the last line's width in percent")
    public let multilineCornerRadius = DocumentProperty(
        "multilineCornerRadius", .appearance,
        value: .integer(minimum: -Int(ValueParsers.maxLength), maximum: Int(ValueParsers.maxLength)),
        default: .value(0),
        skeletonView: "SkeletonAppearance.multilineCornerRadius", swift: ["multilineCornerRadius"],
        meaning: "text lines' corner radius")
    public let renderSingleLineAsView = DocumentProperty(
        "renderSingleLineAsView", .appearance, value: .boolean, default: .value(false),
        skeletonView: "SkeletonAppearance.renderSingleLineAsView", swift: ["renderSingleLineAsView"],
        meaning: "a one-line text skeleton fills the view's height")
    public let skeletonCornerRadius = DocumentProperty(
        "skeletonCornerRadius", .appearance,
        value: .number(minimum: -ValueParsers.maxLength, maximum: ValueParsers.maxLength), default: .value(0),
        skeletonView: "SkeletonAppearance.skeletonCornerRadius", swift: ["skeletonCornerRadius"],
        meaning: "corner radius of skeleton blocks")
}

/// The members of gradient and dynamic colour objects.
public struct ColorMembers: PropertyFamily {
    public let baseColor = DocumentProperty(
        "baseColor", .gradient, value: .color, default: .required, skeletonView: "SkeletonGradient(baseColor:)",
        meaning: "a gradient from this colour (with its complementary in the middle)")
    public let secondaryColor = DocumentProperty(
        "secondaryColor", .gradient, value: .color, default: .described("the base colour's complementary"),
        skeletonView: "SkeletonGradient(baseColor:secondaryColor:)", meaning: "the gradient's second colour")
    public let colors = DocumentProperty(
        "colors", .gradient, value: .colors, skeletonView: "SkeletonGradient(colors:)", meaning: "a gradient's colours")
    public let light = DocumentProperty(
        "light", .dynamicColor, value: .color, default: .required, skeletonView: "UIColor(dynamicProvider:)",
        meaning: "a dynamic colour's value in the light scheme")
    public let dark = DocumentProperty(
        "dark", .dynamicColor, value: .color, default: .required, skeletonView: "UIColor(dynamicProvider:)",
        meaning: "a dynamic colour's value in the dark scheme")
}
