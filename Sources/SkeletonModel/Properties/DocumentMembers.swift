/// The members of a document's top level.
package struct DocumentMembers: PropertyFamily {
    package let root = DocumentProperty(
        "root", .document, value: .node, default: .required, meaning: "the root view; its frame size is the canvas")
    package let appearance = DocumentProperty(
        "appearance", .document, value: .appearance, default: .value([:]),
        skeletonView: "SkeletonAppearance.default", meaning: "overrides of the shared appearance for this document")
    package let colorScheme = DocumentProperty(
        "colorScheme", .document, value: .keyword(ColorScheme.allCases.map(\.rawValue)),
        default: .value(.string(ColorScheme.light.rawValue)), skeletonView: "traitCollection.userInterfaceStyle",
        meaning: "the trait colours resolve against (`light` or `dark`)")
    package let layoutDirection = DocumentProperty(
        "layoutDirection", .document, value: .keyword(LayoutDirection.allCases.map(\.rawValue)),
        default: .value(.string(LayoutDirection.leftToRight.rawValue)),
        skeletonView: "effectiveUserInterfaceLayoutDirection",
        meaning: "`ltr` or `rtl`: every node's, unless a node sets its own for its subtree")
    package let schema = DocumentProperty(
        "$schema", .document, value: .string, offered: false, meaning: "the JSON Schema the file names; ignored")
    package let version = DocumentProperty(
        "version", .document, value: .anything, offered: false, meaning: "ignored")
}

/// The members of `appearance`: SkeletonAppearance's.
package struct AppearanceMembers: PropertyFamily {
    package let tintColor = DocumentProperty(
        "tintColor", .appearance, value: .color, default: .value(.string(SkeletonColor.defaultName)),
        skeletonView: "SkeletonAppearance.tintColor", swift: ["tintColor"], meaning: "the solid skeleton colour")
    package let gradient = DocumentProperty(
        "gradient", .appearance, value: .gradient,
        default: .value(["baseColor": .string(SkeletonColor.defaultName)]), skeletonView: "SkeletonAppearance.gradient",
        swift: ["gradient"], meaning: "the gradient skeleton's colours")
    package let multilineHeight = DocumentProperty(
        "multilineHeight", .appearance, value: .number(minimum: 0, maximum: ValueParsers.maxLength),
        default: .value(15), skeletonView: "SkeletonAppearance.multilineHeight", swift: ["multilineHeight"],
        meaning: "the height of text lines")
    package let textLineHeight = DocumentProperty(
        "textLineHeight", .appearance, value: .textLineHeight, default: .described("fixed(`multilineHeight`)"),
        skeletonView: "SkeletonAppearance.textLineHeight", swift: ["textLineHeight"],
        meaning: "the text line height rule")
    package let multilineSpacing = DocumentProperty(
        "multilineSpacing", .appearance,
        value: .number(minimum: -ValueParsers.maxLength, maximum: ValueParsers.maxLength),
        default: .value(10), skeletonView: "SkeletonAppearance.multilineSpacing", swift: ["multilineSpacing"],
        meaning: "space between text lines")
    package let multilineLastLineFillPercent = DocumentProperty(
        "multilineLastLineFillPercent", .appearance, value: .integer(), default: .value(70),
        skeletonView: "SkeletonAppearance.multilineLastLineFillPercent", swift: ["multilineLastLineFillPercent"],
        meaning: "the last line's width in percent")
    package let multilineCornerRadius = DocumentProperty(
        "multilineCornerRadius", .appearance,
        value: .integer(minimum: -Int(ValueParsers.maxLength), maximum: Int(ValueParsers.maxLength)),
        default: .value(0),
        skeletonView: "SkeletonAppearance.multilineCornerRadius", swift: ["multilineCornerRadius"],
        meaning: "text lines' corner radius")
    package let renderSingleLineAsView = DocumentProperty(
        "renderSingleLineAsView", .appearance, value: .boolean, default: .value(false),
        skeletonView: "SkeletonAppearance.renderSingleLineAsView", swift: ["renderSingleLineAsView"],
        meaning: "a one-line text skeleton fills the view's height")
    package let skeletonCornerRadius = DocumentProperty(
        "skeletonCornerRadius", .appearance,
        value: .number(minimum: -ValueParsers.maxLength, maximum: ValueParsers.maxLength), default: .value(0),
        skeletonView: "SkeletonAppearance.skeletonCornerRadius", swift: ["skeletonCornerRadius"],
        meaning: "corner radius of skeleton blocks")
}

/// The members of gradient and dynamic colour objects.
package struct ColorMembers: PropertyFamily {
    package let baseColor = DocumentProperty(
        "baseColor", .gradient, value: .color, default: .required, skeletonView: "SkeletonGradient(baseColor:)",
        meaning: "a gradient from this colour (with its complementary in the middle)")
    package let secondaryColor = DocumentProperty(
        "secondaryColor", .gradient, value: .color, default: .described("the base colour's complementary"),
        skeletonView: "SkeletonGradient(baseColor:secondaryColor:)", meaning: "the gradient's second colour")
    package let colors = DocumentProperty(
        "colors", .gradient, value: .colors, skeletonView: "SkeletonGradient(colors:)", meaning: "a gradient's colours")
    package let light = DocumentProperty(
        "light", .dynamicColor, value: .color, default: .required, skeletonView: "UIColor(dynamicProvider:)",
        meaning: "a dynamic colour's value in the light scheme")
    package let dark = DocumentProperty(
        "dark", .dynamicColor, value: .color, default: .required, skeletonView: "UIColor(dynamicProvider:)",
        meaning: "a dynamic colour's value in the dark scheme")
}
