/// What each member of the document format means: the one table hover reads (and completion can), written from
/// `Protocol/document-format.md`.
enum PropertyDocs {
    /// One member.
    struct Entry: Sendable {
        /// What it means.
        var meaning: String
        /// Its default, as the format states it.
        var defaultValue: String
        /// SkeletonView's (or UIKit's) name for it, when it has one.
        var skeletonViewName: String?
    }

    /// The Markdown hover text of member `name`, or nil when the format does not define it.
    static func markdown(_ name: String) -> String? {
        guard let entry = entries[name] else { return nil }
        var text = "**`\(name)`**: \(entry.meaning)\n\nDefault: \(entry.defaultValue)"
        if let swift = entry.skeletonViewName { text += "\n\nSkeletonView: `\(swift)`" }
        return text
    }

    /// The members, by name.
    static let entries: [String: Entry] = [
        // The document.
        "root": Entry(meaning: "the root view; its frame size is the canvas", defaultValue: "required"),
        "appearance": Entry(
            meaning: "overrides of the shared appearance for this document", defaultValue: "`{}`",
            skeletonViewName: "SkeletonAppearance.default"),
        "colorScheme": Entry(
            meaning: "the trait colours resolve against (`light` or `dark`)", defaultValue: "`\"light\"`",
            skeletonViewName: "traitCollection.userInterfaceStyle"),
        "layoutDirection": Entry(
            meaning: "`ltr` or `rtl`; a node's value applies to its subtree", defaultValue: "`\"ltr\"` (inherited)",
            skeletonViewName: "effectiveUserInterfaceLayoutDirection"),
        // Nodes.
        "type": Entry(meaning: "the UIKit class of the view", defaultValue: "required"),
        "id": Entry(
            meaning: "the node's reference for methods and layers, unique in its id scope",
            defaultValue: "none (the index path, such as `0.1`, is the reference)"),
        "frame": Entry(
            meaning: "`[x, y, width, height]` in the parent's coordinates, after layout", defaultValue: "required",
            skeletonViewName: "frame"),
        "children": Entry(
            meaning: "subviews in z-order (for cells, the contentView's subviews)", defaultValue: "`[]`",
            skeletonViewName: "subviews"),
        "isSkeletonable": Entry(
            meaning: "whether the view takes part in skeletons; needed on every view from the root down",
            defaultValue: "`false`", skeletonViewName: "isSkeletonable"),
        "isHidden": Entry(
            meaning: "hidden views and their subtrees are not drawn", defaultValue: "`false`",
            skeletonViewName: "isHidden"),
        "isHiddenWhenSkeletonIsActive": Entry(
            meaning: "hides the view while its skeleton is active", defaultValue: "`false`",
            skeletonViewName: "isHiddenWhenSkeletonIsActive"),
        "isUserInteractionDisabledWhenSkeletonIsActive": Entry(
            meaning: "turns interaction (and scrolling, for tables and collections) off while active",
            defaultValue: "`true`", skeletonViewName: "isUserInteractionDisabledWhenSkeletonIsActive"),
        "isUserInteractionEnabled": Entry(
            meaning: "UIKit's interaction flag", defaultValue: "`false` for UILabel and UIImageView, else `true`",
            skeletonViewName: "isUserInteractionEnabled"),
        "isScrollEnabled": Entry(
            meaning: "scroll views only (tables, collections, text views)", defaultValue: "`true`",
            skeletonViewName: "isScrollEnabled"),
        "skeletonCornerRadius": Entry(
            meaning: "corner radius of the skeleton block", defaultValue: "the appearance's (0)",
            skeletonViewName: "skeletonCornerRadius"),
        "cornerRadius": Entry(
            meaning: "the layer's corner radius (background, and the clip with `clipsToBounds`)",
            defaultValue: "`0`", skeletonViewName: "layer.cornerRadius"),
        "clipsToBounds": Entry(
            meaning: "clips subviews and the view's own skeleton",
            defaultValue: "`true` for scroll views, else `false`",
            skeletonViewName: "clipsToBounds"),
        "backgroundColor": Entry(
            meaning: "the view's background (cleared while its skeleton shows)", defaultValue: "none (clear)",
            skeletonViewName: "backgroundColor"),
        "constraints": Entry(
            meaning: "constants of the view's own width and height constraints; the skeleton is at least as large",
            defaultValue: "none", skeletonViewName: "definedMaxBounds"),
        "autoresizingMask": Entry(
            meaning:
                "which margins and sides follow the parent's width at another device width (`skeleton/setTraits` "
                + "`width`): `flexibleLeftMargin`, `flexibleWidth`, `flexibleRightMargin` (and the vertical three)",
            defaultValue: "none (`[]`)", skeletonViewName: "autoresizingMask"),
        "arranged": Entry(
            meaning: "for a stack view's subviews: whether it is arranged (only arranged ones are skeletoned)",
            defaultValue: "`true`", skeletonViewName: "arrangedSubviews"),
        "comment": Entry(meaning: "ignored", defaultValue: "none"),
        // Text.
        "numberOfLines": Entry(
            meaning: "UILabel's line count (0: as many as fit)", defaultValue: "`1`",
            skeletonViewName: "numberOfLines"),
        "textAlignment": Entry(
            meaning: "where the last line sits (`natural`, `left`, `center`, `right`, `justified`)",
            defaultValue: "`natural`", skeletonViewName: "textAlignment"),
        "font": Entry(
            meaning: "the font's line height (`{\"lineHeight\": n}` or a number)",
            defaultValue: "UILabel 20.287109375 (17-pt system font); UITextView none",
            skeletonViewName: "font.lineHeight"),
        "lastLineFillPercent": Entry(
            meaning: "width of the last line in percent (capped at 100)", defaultValue: "the appearance's (70)",
            skeletonViewName: "lastLineFillPercent"),
        "linesCornerRadius": Entry(
            meaning: "corner radius of each text line", defaultValue: "the appearance's (0)",
            skeletonViewName: "linesCornerRadius"),
        "skeletonLineSpacing": Entry(
            meaning: "space between lines", defaultValue: "the appearance's (10)",
            skeletonViewName: "skeletonLineSpacing"),
        "skeletonPaddingInsets": Entry(
            meaning: "insets of the lines inside the view", defaultValue: "zero",
            skeletonViewName: "skeletonPaddingInsets"),
        "skeletonTextLineHeight": Entry(
            meaning: "line height: `relativeToFont`, `relativeToConstraints` or fixed",
            defaultValue: "the appearance's `textLineHeight` (fixed 15)", skeletonViewName: "skeletonTextLineHeight"),
        "skeletonTextNumberOfLines": Entry(
            meaning: "line count: `inherited` (from `numberOfLines`) or custom", defaultValue: "`inherited`",
            skeletonViewName: "skeletonTextNumberOfLines"),
        "alignment": Entry(
            meaning: "a stack view's alignment (`trailing` shifts lines: SkeletonView's quirk)",
            defaultValue: "`fill`", skeletonViewName: "UIStackView.alignment"),
        // Tables and collections.
        "rowHeight": Entry(
            meaning: "every skeleton row's height, or `automatic`", defaultValue: "`\"automatic\"`",
            skeletonViewName: "rowHeight"),
        "estimatedRowHeight": Entry(
            meaning: "the skeleton row height when `rowHeight` is automatic", defaultValue: "`\"automatic\"`",
            skeletonViewName: "estimatedRowHeight"),
        "cell": Entry(
            meaning: "the template of the cells (a name in `templates`, here or in an enclosing table)",
            defaultValue: "none", skeletonViewName: "cellIdentifierForRowAt"),
        "header": Entry(
            meaning: "the template of a section's header", defaultValue: "none",
            skeletonViewName: "identifierForHeaderInSection"),
        "footer": Entry(
            meaning: "the template of a section's footer", defaultValue: "none",
            skeletonViewName: "identifierForFooterInSection"),
        "sections": Entry(
            meaning: "the data source's sections (rows or items, and their templates); at most 1,000",
            defaultValue: "one automatic section with `cell`", skeletonViewName: "numSections"),
        "rows": Entry(
            meaning: "rows in a table section: a number or `automatic` (as many as fill the table)",
            defaultValue: "`\"automatic\"`", skeletonViewName: "numberOfRowsInSection"),
        "items": Entry(
            meaning: "items in a collection section: a number or `automatic`", defaultValue: "`\"automatic\"`",
            skeletonViewName: "numberOfItemsInSection"),
        "supplementary": Entry(
            meaning: "a collection section's supplementary views: `{kind: template}`", defaultValue: "none",
            skeletonViewName: "supplementaryViewIdentifierOfKind"),
        "templates": Entry(
            meaning: "`{name: node}`: cell, header, footer and supplementary subtrees", defaultValue: "`{}`",
            skeletonViewName: "reuse identifiers"),
        "layout": Entry(
            meaning: "`flow`, or any other layout (automatic counts give no items)", defaultValue: "`\"flow\"`",
            skeletonViewName: "collectionViewLayout"),
        "scrollDirection": Entry(
            meaning: "the flow layout's scroll direction", defaultValue: "`\"vertical\"`",
            skeletonViewName: "UICollectionViewFlowLayout.scrollDirection"),
        "itemSize": Entry(
            meaning: "the flow layout's item size", defaultValue: "`[50, 50]`",
            skeletonViewName: "UICollectionViewFlowLayout.itemSize"),
        "minimumInteritemSpacing": Entry(
            meaning: "least space between items of a line", defaultValue: "`10`",
            skeletonViewName: "UICollectionViewFlowLayout.minimumInteritemSpacing"),
        "minimumLineSpacing": Entry(
            meaning: "space between lines of items", defaultValue: "`10`",
            skeletonViewName: "UICollectionViewFlowLayout.minimumLineSpacing"),
        "sectionInset": Entry(
            meaning: "insets of each section's items", defaultValue: "zero",
            skeletonViewName: "UICollectionViewFlowLayout.sectionInset"),
        // The appearance.
        "tintColor": Entry(
            meaning: "the solid skeleton colour", defaultValue: "`skeletonDefault`",
            skeletonViewName: "SkeletonAppearance.tintColor"),
        "gradient": Entry(
            meaning: "the gradient skeleton's colours", defaultValue: "`{\"baseColor\": \"skeletonDefault\"}`",
            skeletonViewName: "SkeletonAppearance.gradient"),
        "multilineHeight": Entry(
            meaning: "the height of text lines", defaultValue: "`15`",
            skeletonViewName: "SkeletonAppearance.multilineHeight"),
        "textLineHeight": Entry(
            meaning: "the text line height rule", defaultValue: "fixed(`multilineHeight`)",
            skeletonViewName: "SkeletonAppearance.textLineHeight"),
        "multilineSpacing": Entry(
            meaning: "space between text lines", defaultValue: "`10`",
            skeletonViewName: "SkeletonAppearance.multilineSpacing"),
        "multilineLastLineFillPercent": Entry(
            meaning: "the last line's width in percent", defaultValue: "`70`",
            skeletonViewName: "SkeletonAppearance.multilineLastLineFillPercent"),
        "multilineCornerRadius": Entry(
            meaning: "text lines' corner radius", defaultValue: "`0`",
            skeletonViewName: "SkeletonAppearance.multilineCornerRadius"),
        "renderSingleLineAsView": Entry(
            meaning: "a one-line text skeleton fills the view's height", defaultValue: "`false`",
            skeletonViewName: "SkeletonAppearance.renderSingleLineAsView"),
        // Colours.
        "baseColor": Entry(
            meaning: "a gradient from this colour (with its complementary in the middle)", defaultValue: "required",
            skeletonViewName: "SkeletonGradient(baseColor:)"),
        "secondaryColor": Entry(
            meaning: "the gradient's second colour", defaultValue: "the base colour's complementary",
            skeletonViewName: "SkeletonGradient(baseColor:secondaryColor:)"),
        "colors": Entry(
            meaning: "a gradient's colours", defaultValue: "none", skeletonViewName: "SkeletonGradient(colors:)"),
        "light": Entry(
            meaning: "a dynamic colour's value in the light scheme", defaultValue: "required",
            skeletonViewName: "UIColor(dynamicProvider:)"),
        "dark": Entry(
            meaning: "a dynamic colour's value in the dark scheme", defaultValue: "required",
            skeletonViewName: "UIColor(dynamicProvider:)"),
    ]
}
