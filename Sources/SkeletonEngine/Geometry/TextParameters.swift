/// The multiline parameters of one text node, with the appearance's defaults filled in (§3.1–3.3).
package struct TextParameters: Sendable, Hashable {
    /// Estimated line count `n` (-1: fill the height; 0: as many as fit).
    package var estimatedLines: Int
    /// Line height `h`.
    package var lineHeight: Double
    /// Spacing `s`.
    package var spacing: Double
    /// Last-line fill `f`, in percent.
    package var lastLineFillPercent: Double
    /// `linesCornerRadius`.
    package var linesCornerRadius: Double
    /// `skeletonPaddingInsets` (top, left, bottom, right).
    package var padding: EdgeInsets
    /// The text alignment of the last line.
    package var alignment: TextAlignment
    /// The holder's effective layout direction is right to left.
    package var isRightToLeft: Bool
    /// UILabel centres its lines vertically; UITextView does not.
    package var centersVertically: Bool
    /// `SkeletonAppearance.renderSingleLineAsView`.
    package var renderSingleLineAsView: Bool

    package init(
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
    package init(node: Node, appearance a: SkeletonAppearance, isRightToLeft: Bool) {
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
    package var drawsLines: Bool {
        TextLineCount.drawsLines(estimated: estimatedLines, renderSingleLineAsView: renderSingleLineAsView)
    }
}
