/// `NSTextAlignment`.
package enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case natural, left, center, right, justified
}

/// `SkeletonTextLineHeight`.
package enum TextLineHeight: Sendable, Hashable {
    /// The font's `lineHeight`.
    case relativeToFont
    /// UILabel: the first height constraint divided by the line count.
    case relativeToConstraints
    /// A fixed height in points.
    case fixed(Double)
}

/// `SkeletonTextNumberOfLines`.
package enum TextNumberOfLines: Sendable, Hashable {
    /// UILabel: `numberOfLines`; UITextView: -1 (fill the height).
    case inherited
    case custom(Int)
}

/// Parameters of SkeletonView's text nodes (UILabel, UITextView). nil means "the appearance's default".
package struct TextProperties: Sendable, Hashable {
    /// UILabel's `numberOfLines` (default 1; 0 means as many as fit).
    package var numberOfLines: Int = 1
    /// `textAlignment` (default natural).
    package var textAlignment: TextAlignment = .natural
    /// The font's `lineHeight` in points; nil for UITextView means "no font". UILabel's default is the
    /// 17-pt system font (20.287109375).
    package var fontLineHeight: Double?
    /// `lastLineFillPercent`; nil: the appearance's.
    package var lastLineFillPercent: Int?
    /// `linesCornerRadius`; nil: the appearance's.
    package var linesCornerRadius: Int?
    /// `skeletonLineSpacing`; nil: the appearance's.
    package var skeletonLineSpacing: Double?
    /// `skeletonPaddingInsets` (default zero).
    package var skeletonPaddingInsets: EdgeInsets = .zero
    /// `skeletonTextLineHeight`; nil: the appearance's.
    package var skeletonTextLineHeight: TextLineHeight?
    /// `skeletonTextNumberOfLines` (default inherited).
    package var skeletonTextNumberOfLines: TextNumberOfLines = .inherited

    /// The system font's line height at 17 pt, UILabel's default font.
    package static let systemFontLineHeight = 20.287109375

    package init(for type: NodeType) {
        fontLineHeight = type == .label ? Self.systemFontLineHeight : nil
    }
}
