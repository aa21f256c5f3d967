/// The multiline parameters of one text node, with the appearance's defaults filled in (§3.1–3.3).
public struct TextParameters: Sendable, Hashable {
    /// Estimated line count `n` (-1: fill the height; 0: as many as fit).
    public var estimatedLines: Int
    /// Line height `h`.
    public var lineHeight: Double
    /// Spacing `s`.
    public var spacing: Double
    /// Last-line fill `f`, in percent.
    public var lastLineFillPercent: Double
    /// `linesCornerRadius`.
    public var linesCornerRadius: Double
    /// `skeletonPaddingInsets` (top, left, bottom, right).
    public var padding: EdgeInsets
    /// The text alignment of the last line.
    public var alignment: TextAlignment
    /// The holder's effective layout direction is right to left.
    public var isRightToLeft: Bool
    /// UILabel centres its lines vertically; UITextView does not.
    public var centersVertically: Bool
    /// `SkeletonAppearance.renderSingleLineAsView`.
    public var renderSingleLineAsView: Bool

    /// Creates a value with the given members.
    public init(
        estimatedLines: Int, lineHeight: Double = 15, spacing: Double = 10, lastLineFillPercent: Double = 70,
        linesCornerRadius: Double = 0, padding: EdgeInsets = .zero, alignment: TextAlignment = .natural,
        isRightToLeft: Bool = false, centersVertically: Bool = true, renderSingleLineAsView: Bool = false
    ) {
        self.estimatedLines = estimatedLines
        self.lineHeight = lineHeight
        self.spacing = spacing
        self.lastLineFillPercent = lastLineFillPercent
        self.linesCornerRadius = linesCornerRadius
        self.padding = padding
        self.alignment = alignment
        self.isRightToLeft = isRightToLeft
        self.centersVertically = centersVertically
        self.renderSingleLineAsView = renderSingleLineAsView
    }

    /// The parameters of `node` (a UILabel or UITextView) under `appearance`.
    public init(node: Node, appearance a: SkeletonAppearance, isRightToLeft: Bool) {
        let t = node.text ?? TextProperties(for: node.type)
        let n = TextLineCount.estimated(type: node.type, text: t)
        let h = TextLineCount.lineHeight(
            type: node.type, text: t, heightConstraints: node.constraints.height, estimated: n, appearance: a)
        self.init(
            estimatedLines: n, lineHeight: h, spacing: t.skeletonLineSpacing ?? a.multilineSpacing,
            lastLineFillPercent: Double(t.lastLineFillPercent ?? a.multilineLastLineFillPercent),
            linesCornerRadius: Double(t.linesCornerRadius ?? a.multilineCornerRadius),
            padding: t.skeletonPaddingInsets, alignment: t.textAlignment, isRightToLeft: isRightToLeft,
            centersVertically: node.type == .label, renderSingleLineAsView: a.renderSingleLineAsView)
    }

    /// §2: whether the holder gets line layers (else the mask is one block).
    public var drawsLines: Bool {
        TextLineCount.drawsLines(estimated: estimatedLines, renderSingleLineAsView: renderSingleLineAsView)
    }
}
