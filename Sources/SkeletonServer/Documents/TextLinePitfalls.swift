import SkeletonModel

/// `lines-do-not-fit`: a skeletonable label or text view whose skeleton lines and frame disagree, the traps behind
/// SkeletonView's most reported bug ("a multiline label shows one big block"; behaviour reference §3.4, §3.6, §13):
/// - **one block**: with `numberOfLines` 0 (a text view: always, unless it sets a count) SkeletonView counts the lines
///   from the height, `round((H - top - bottom) / (lineHeight + spacing))`; a frame lower than half a line and its
///   spacing holds 0 lines, and the whole view becomes one block;
/// - **stretched**: a label with `n > 1` lines whose frame is lower than `n · lineHeight + (n - 1) · spacing` plus
///   its padding gets a height constraint of that size while the skeleton shows, so the skeleton overflows the
///   frame (over what lies below it); warned about when it overflows by more than a spacing (or half a line);
/// - **overflowing**: a text view with a custom count `n > 1` whose lines need more than its height draws the last
///   ones below its frame (text views are neither stretched nor centred).
///
/// Its quick fix sets `skeletonTextNumberOfLines` to the count that fits (`DocumentCodeActions`); found with the other
/// node pitfalls (`NodePitfalls`).
enum TextLinePitfalls {
    /// What is wrong with `node`'s lines under `a`, or nil (not a skeletonable, visible text node; drawn as a block
    /// by design; or its lines fit).
    static func finding(_ node: Node, appearance a: SkeletonAppearance) -> NodePitfalls.Finding? {
        guard node.type.isText, node.isSkeletonable, !node.isHidden else { return nil }
        let t = node.text ?? TextProperties(for: node.type)
        let n = TextLineCount.estimated(type: node.type, text: t)
        guard TextLineCount.drawsLines(estimated: n, renderSingleLineAsView: a.renderSingleLineAsView) else {
            return nil
        }
        let h = TextLineCount.lineHeight(
            type: node.type, text: t, heightConstraints: node.constraints.height, estimated: n, appearance: a)
        let s = t.skeletonLineSpacing ?? a.multilineSpacing
        let padding = t.skeletonPaddingInsets
        let height = node.constraints.height.reduce(node.frame.height, max)
        let inner = height - padding.top - padding.bottom
        guard h.isFinite, s.isFinite, inner.isFinite, h > 0, h + s > 0 else { return nil }
        let lineText = "lines of \(h.pointsText) pt, \(s.pointsText) pt apart,"
        let kind = node.type == .label ? "label" : "text view"
        let custom: Bool
        if case .custom = t.skeletonTextNumberOfLines { custom = true } else { custom = false }
        let countMember = (custom ? DocumentProperty.text.skeletonTextNumberOfLines : .text.numberOfLines).name
        if n <= 0 {
            let q = TextLineCount.automatic(maskHeight: height, padding: padding, lineHeight: h, spacing: s)
            guard q == 0 else { return nil }
            let why =
                n == 0
                ? "with \(countMember) 0 SkeletonView counts the lines from the height"
                : "a text view's skeleton fills its height with lines"
            return NodePitfalls.Finding(
                code: .linesDoNotFit,
                message:
                    "this \(kind)'s skeleton is one block, not lines: \(why), and \(inner.pointsText) pt holds "
                    + "round(\(inner.pointsText) / (\(h.pointsText) + \(s.pointsText))) = 0 \(lineText) so SkeletonView "
                    + "paints the whole view (its most reported trap); set skeletonTextNumberOfLines, or make the "
                    + "frame taller",
                member: "frame", fix: .lineCount(1))
        }
        // One line is centred (a label) or barely taller than a low frame: not worth a warning.
        guard n > 1 else { return nil }
        let needed = h * Double(n) + s * Double(n - 1)
        // A few points over (lines of 15 in a label sized to three 17-pt lines, 61 pt) are not worth a warning:
        // only lines that overflow by more than a spacing (or half a line) are.
        guard needed > inner + max(s, h / 2) else { return nil }
        let fitting = max(1, min(n - 1, Self.lines(fitting: inner, lineHeight: h, spacing: s)))
        let effect =
            node.type == .label
            ? "SkeletonView stretches the label to \((needed + padding.top + padding.bottom).pointsText) pt while the "
                + "skeleton shows, over what lies below it"
            : "its last lines are drawn below its frame (a text view is not stretched)"
        return NodePitfalls.Finding(
            code: .linesDoNotFit,
            message:
                "\(n) \(lineText) need \(needed.pointsText) pt, but this \(kind)'s frame holds \(inner.pointsText) pt: "
                + "\(effect); \(fitting) \(fitting == 1 ? "line fits" : "lines fit")",
            member: countMember, fix: .lineCount(fitting))
    }

    /// How many lines of `h` with `s` between them fit in `inner` points (0 when not even one does).
    static func lines(fitting inner: Double, lineHeight h: Double, spacing s: Double) -> Int {
        let q = ((inner + s) / (h + s)).rounded(.down)
        guard q.isFinite, q >= 1 else { return 0 }
        return Int(min(q, Double(TextLineCount.ceiling)))
    }
}
