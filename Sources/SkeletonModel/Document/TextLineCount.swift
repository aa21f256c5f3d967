/// SkeletonView's text line counts (§3.1, §3.2, §3.4 and §3.6 of the behaviour reference) as pure functions on
/// numbers: the decoder checks them against `DocumentLimits`, the engine lays the lines out from them.
/// None of them traps or loops, whatever the numbers (NaN, infinities, denormals, huge values).
package enum TextLineCount {
    /// The most skeleton lines one text node gets. The engine caps every count here, whatever the document or
    /// a `skeleton/setAppearance` says; it is also `DocumentLimits.maxLinesPerText`'s default.
    package static let ceiling = 1_000

    /// §3.1: the estimated count `n`. UILabel: `numberOfLines`, or `custom(k)` → k >= 0 ? k : 1.
    /// UITextView: -1 (fill the height), or `custom(k)` → k >= -1 ? k : 1.
    package static func estimated(type: NodeType, text t: TextProperties) -> Int {
        switch (type, t.skeletonTextNumberOfLines) {
        case (.textView, .inherited): return -1
        case (.textView, .custom(let k)): return k >= -1 ? k : 1
        case (_, .inherited): return t.numberOfLines
        case (_, .custom(let k)): return k >= 0 ? k : 1
        }
    }

    /// §2: whether a holder with estimated count `n` gets line layers (else its mask is one block).
    package static func drawsLines(estimated n: Int, renderSingleLineAsView: Bool) -> Bool {
        n == -1 || n == 0 || n > 1 || (n == 1 && !renderSingleLineAsView)
    }

    /// §3.2: the line height `h` of a text node of `type` whose estimated count is `n`.
    package static func lineHeight(
        type: NodeType, text t: TextProperties, heightConstraints: [Double], estimated n: Int,
        appearance a: SkeletonAppearance
    ) -> Double {
        switch t.skeletonTextLineHeight ?? a.effectiveTextLineHeight {
        case .fixed(let x): return x
        case .relativeToFont: return t.fontLineHeight ?? a.multilineHeight
        case .relativeToConstraints:
            if type == .label, n != 0, let c = heightConstraints.first { return c / Double(n) }
            return a.multilineHeight
        }
    }

    /// §3.4 `calc()`: `round((maskHeight - top - bottom) / (lineHeight + spacing))`, half away from zero; 0, NaN,
    /// infinity and subnormals give 0 (one block), negatives give 1. Saturates far above any limit.
    package static func automatic(maskHeight: Double, padding: EdgeInsets, lineHeight: Double, spacing: Double) -> Int {
        let q = ((maskHeight - padding.top - padding.bottom) / (lineHeight + spacing)).rounded()
        if q == 0 || q.isNaN || q.isInfinite || q.isSubnormal { return 0 }
        if q < 0 { return 1 }
        return Int(min(q, AutomaticCount.saturation))
    }

    /// §3.6: the height a UILabel's skeleton constraint is set to on show, or nil when none is installed (only
    /// labels with `n > 1` or `n == 0`, and only when the desired height exceeds `definedHeight`).
    package static func labelHeightFix(
        estimated n: Int, lineHeight h: Double, spacing s: Double, padding: EdgeInsets, definedHeight: Double
    ) -> Double? {
        guard n > 1 || n == 0 else { return nil }
        let desired = h * Double(n) + s * (Double(n) - 1) + padding.top + padding.bottom
        return desired > definedHeight ? desired : nil
    }
}

extension Node {
    /// The skeleton lines this node draws when its skeleton is shown under `appearance`, as the engine counts them
    /// (0: one block, and for nodes without text), before the engine's cap (`TextLineCount.ceiling`); saturates
    /// at 2³¹ - 1, so sums over a document's nodes cannot overflow.
    package func skeletonLineCount(appearance a: SkeletonAppearance) -> Int {
        guard type.isText else { return 0 }
        let t = text ?? TextProperties(for: type)
        let n = TextLineCount.estimated(type: type, text: t)
        guard TextLineCount.drawsLines(estimated: n, renderSingleLineAsView: a.renderSingleLineAsView) else {
            return 0
        }
        if n > 0 { return min(n, Int(AutomaticCount.saturation)) }
        let h = TextLineCount.lineHeight(
            type: type, text: t, heightConstraints: constraints.height, estimated: n, appearance: a)
        let s = t.skeletonLineSpacing ?? a.multilineSpacing
        let defined = constraints.height.reduce(frame.height, max)
        let fix =
            type == .label
            ? TextLineCount.labelHeightFix(
                estimated: n, lineHeight: h, spacing: s, padding: t.skeletonPaddingInsets, definedHeight: defined)
            : nil
        return TextLineCount.automatic(
            maskHeight: fix ?? defined, padding: t.skeletonPaddingInsets, lineHeight: h, spacing: s)
    }
}
