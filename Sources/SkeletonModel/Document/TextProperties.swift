/// `NSTextAlignment`.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    case natural, left, center, right, justified
}

/// `SkeletonTextLineHeight`.
public enum TextLineHeight: Sendable, Hashable {
    /// The font's `lineHeight`.
    case relativeToFont
    /// UILabel: the first height constraint divided by the line count.
    case relativeToConstraints
    /// A fixed height in points.
    case fixed(Double)
}

/// `SkeletonTextNumberOfLines`.
public enum TextNumberOfLines: Sendable, Hashable {
    /// UILabel: `numberOfLines`; UITextView: -1 (fill the height).
    case inherited
    case custom(Int)
}

/// Parameters of SkeletonView's text nodes (UILabel, UITextView). nil means "the appearance's default".
public struct TextProperties: Sendable, Hashable {
    /// UILabel's `numberOfLines` (default 1; 0 means as many as fit).
    public var numberOfLines: Int = 1
    /// `textAlignment` (default natural).
    public var textAlignment: TextAlignment = .natural
    /// The font's `lineHeight` in points; nil for UITextView means "no font". UILabel's default is the
    /// 17-pt system font (20.287109375).
    public var fontLineHeight: Double?
    /// `lastLineFillPercent`; nil: the appearance's.
    public var lastLineFillPercent: Int?
    /// `linesCornerRadius`; nil: the appearance's.
    public var linesCornerRadius: Int?
    /// `skeletonLineSpacing`; nil: the appearance's.
    public var skeletonLineSpacing: Double?
    /// `skeletonPaddingInsets` (default zero).
    public var skeletonPaddingInsets: EdgeInsets = .zero
    /// `skeletonTextLineHeight`; nil: the appearance's.
    public var skeletonTextLineHeight: TextLineHeight?
    /// `skeletonTextNumberOfLines` (default inherited).
    public var skeletonTextNumberOfLines: TextNumberOfLines = .inherited

    /// The system font's line height at 17 pt, UILabel's default font.
    public static let systemFontLineHeight = 20.287109375

    /// Creates a value with the given members.
    public init(for type: NodeType) {
        fontLineHeight = type == .label ? Self.systemFontLineHeight : nil
    }
}
