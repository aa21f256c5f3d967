/// SkeletonView's multiline geometry (§3.4–3.6), as pure functions.
package enum TextLayout {
    /// §3.4: the line count `N` fixed when the layer is created from the mask height `H`.
    /// `n > 0` gives `n`; otherwise `round((H - t - b) / (h + s))` (half away from zero), where 0, NaN,
    /// infinity and subnormals give 0 (the whole-block fallback) and negatives give 1. Never more than
    /// `TextLineCount.ceiling`, whatever the numbers (the decoder rejects documents over it; appearances set by
    /// requests are not checked against it).
    package static func lineCount(_ p: TextParameters, maskHeight h: Double) -> Int {
        let n =
            p.estimatedLines > 0
            ? p.estimatedLines
            : TextLineCount.automatic(maskHeight: h, padding: p.padding, lineHeight: p.lineHeight, spacing: p.spacing)
        return min(n, TextLineCount.ceiling)
    }

    /// §3.5: the frames of `count` lines in the mask's coordinates, after the first layout pass (at most
    /// `TextLineCount.ceiling` of them).
    package static func lineFrames(_ p: TextParameters, count: Int, in bounds: Size) -> [Rect] {
        let n = min(count, TextLineCount.ceiling)
        guard n > 0 else { return [] }
        let w = bounds.width
        let hBounds = bounds.height
        let t = p.padding.top
        let b = p.padding.bottom
        let l = p.isRightToLeft ? p.padding.right : p.padding.left
        let r = p.isRightToLeft ? p.padding.left : p.padding.right
        let hh = (n == 1 && p.renderSingleLineAsView) ? hBounds : p.lineHeight
        let s = p.spacing
        var shift = 0.0
        if p.centersVertically {
            // Quirk 5 (kept): the top padding is counted twice, so it does not move label lines.
            let maxY = t + Double(n - 1) * (hh + s) + hh
            shift = (hBounds - (maxY + t + b)) / 2
        }
        var out: [Rect] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let isLast = i == n - 1
            let width = (w - l - r) * (isLast ? p.lastLineFillPercent / 100 : 1)
            var x = l
            if isLast {
                switch p.alignment {
                case .right: x = w - width - r
                case .natural where p.isRightToLeft: x = w - width - r
                case .center: x = (w + l - r - width) / 2
                default: x = l
                }
            }
            out.append(Rect(x: x, y: t + Double(i) * (hh + s) + shift, width: width, height: hh))
        }
        return out
    }

    /// §3.6: the height a UILabel's skeleton constraint is set to on show, or nil when none is installed
    /// (only labels with `n > 1` or `n == 0`, and only when `desired` exceeds the defined height).
    package static func labelHeightFix(_ p: TextParameters, definedHeight: Double) -> Double? {
        TextLineCount.labelHeightFix(
            estimated: p.estimatedLines, lineHeight: p.lineHeight, spacing: p.spacing, padding: p.padding,
            definedHeight: definedHeight)
    }
}

/// §2: `definedMaxBounds`.
package enum DefinedBounds {
    /// `W = max(frame.width, largest width constraint)`, and `H` likewise (inequalities count too).
    package static func size(of node: Node, frameHeight: Double? = nil, extraHeightConstraint: Double? = nil) -> Size {
        let w = node.constraints.width.reduce(node.frame.width, max)
        var h = node.constraints.height.reduce(frameHeight ?? node.frame.height, max)
        if let extra = extraHeightConstraint { h = max(h, extra) }
        return Size(width: w, height: h)
    }
}
