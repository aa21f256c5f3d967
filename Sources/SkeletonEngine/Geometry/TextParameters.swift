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
        let isLabel = node.type == .label
        let n = Self.estimatedLineCount(type: node.type, text: t)
        let h: Double
        switch t.skeletonTextLineHeight ?? a.effectiveTextLineHeight {
        case .fixed(let x): h = x
        case .relativeToFont: h = t.fontLineHeight ?? a.multilineHeight
        case .relativeToConstraints:
            if isLabel, n != 0, let c = node.constraints.height.first {
                h = c / Double(n)
            } else {
                h = a.multilineHeight
            }
        }
        self.init(
            estimatedLines: n, lineHeight: h, spacing: t.skeletonLineSpacing ?? a.multilineSpacing,
            lastLineFillPercent: Double(t.lastLineFillPercent ?? a.multilineLastLineFillPercent),
            linesCornerRadius: Double(t.linesCornerRadius ?? a.multilineCornerRadius),
            padding: t.skeletonPaddingInsets, alignment: t.textAlignment, isRightToLeft: isRightToLeft,
            centersVertically: isLabel, renderSingleLineAsView: a.renderSingleLineAsView)
    }

    /// §3.1: UILabel: `numberOfLines`, or `custom(k)` → k >= 0 ? k : 1. UITextView: -1, or k >= -1 ? k : 1.
    public static func estimatedLineCount(type: NodeType, text t: TextProperties) -> Int {
        switch (type, t.skeletonTextNumberOfLines) {
        case (.textView, .inherited): return -1
        case (.textView, .custom(let k)): return k >= -1 ? k : 1
        case (_, .inherited): return t.numberOfLines
        case (_, .custom(let k)): return k >= 0 ? k : 1
        }
    }

    /// §2: whether the holder gets line layers (else the mask is one block).
    public var drawsLines: Bool {
        let n = estimatedLines
        return n == -1 || n == 0 || n > 1 || (n == 1 && !renderSingleLineAsView)
    }
}
