import InterfaceBuilder
import JSON
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
/// One warning per such node of the explicit tree (template bodies and their instances are not looked at), under the
/// document's appearance; its quick fix sets `skeletonTextNumberOfLines` to the count that fits
/// (`DocumentCodeActions`). Like the chain warnings, it is found from the decoded tree of a document without errors
/// and, after a one-node edit, for the new subtree alone.
enum TextLinePitfalls {
    /// At most this many warnings are listed; a text with more always takes the whole-text path.
    static let maxWarnings = 200

    /// What is wrong with one node's lines, and the line count its quick fix writes.
    struct Finding: Equatable {
        var message: String
        /// The member the warning is on (`frame`, `numberOfLines` or `skeletonTextNumberOfLines`).
        var member: String
        /// The `skeletonTextNumberOfLines` that fits the frame (at least 1).
        var fittingLines: Int
    }

    /// The warnings of the explicit tree under `node`, the node at `pointer`, in preorder.
    static func warnings(_ node: Node, at pointer: JSONPointer, appearance: SkeletonAppearance) -> [DocumentProblem] {
        findings(node, at: pointer, appearance: appearance).map { path, _, finding in
            DocumentProblem(
                code: .linesDoNotFit, pointer: JSONPointer(path + [finding.member]), message: finding.message,
                severity: .warning)
        }
    }

    /// The warnings of a whole decoded JSON document.
    static func warnings(of document: SkeletonDocument) -> [DocumentProblem] {
        warnings(document.root, at: JSONPointer(["root"]), appearance: appearance(of: document))
    }

    /// The warnings of a storyboard's or XIB's scene, decoded as `document`: on each view's element (found by id in
    /// `file`), in preorder; views without an id or an element are left out.
    static func warnings(of document: SkeletonDocument, scene: String, in file: InterfaceBuilderFile)
        -> [DocumentProblem]
    {
        let found = findings(document.root, at: JSONPointer(["root"]), appearance: appearance(of: document))
        guard !found.isEmpty else { return [] }
        let locations = file.elementLocations(scene: scene)  // one walk of the scene, however many findings
        return found.prefix(maxWarnings + 1).compactMap { _, node, finding in
            guard let id = node.id, let at = locations[id] else { return nil }
            return DocumentProblem(
                code: .linesDoNotFit, pointer: JSONPointer([]), message: "\"\(id)\": " + finding.message,
                severity: .warning, line: at.line, column: at.column)
        }
    }

    /// The appearance a document's text asks for (SkeletonView's defaults with the document's `appearance`).
    static func appearance(of document: SkeletonDocument) -> SkeletonAppearance {
        SkeletonAppearance.default.applying(document.appearance)
    }

    /// Each node of the explicit tree under `node` with a finding: its pointer's tokens, the node, the finding.
    private static func findings(_ node: Node, at pointer: JSONPointer, appearance: SkeletonAppearance)
        -> [(path: [String], node: Node, finding: Finding)]
    {
        var out: [(path: [String], node: Node, finding: Finding)] = []
        var path = pointer.tokens
        walk(node, path: &path, appearance: appearance, into: &out)
        return out
    }

    /// Depth is bounded by the decoder's nesting limit.
    private static func walk(
        _ node: Node, path: inout [String], appearance: SkeletonAppearance,
        into out: inout [(path: [String], node: Node, finding: Finding)]
    ) {
        if let finding = finding(node, appearance: appearance) { out.append((path, node, finding)) }
        var explicit = 0
        for child in node.children where child.instance == nil {
            path.append("children")
            path.append(String(explicit))
            walk(child, path: &path, appearance: appearance, into: &out)
            path.removeLast(2)
            explicit += 1
        }
    }

    /// What is wrong with `node`'s lines under `a`, or nil (not a skeletonable, visible text node; drawn as a block
    /// by design; or its lines fit).
    static func finding(_ node: Node, appearance a: SkeletonAppearance) -> Finding? {
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
        let countMember = custom ? "skeletonTextNumberOfLines" : "numberOfLines"
        if n <= 0 {
            let q = TextLineCount.automatic(maskHeight: height, padding: padding, lineHeight: h, spacing: s)
            guard q == 0 else { return nil }
            let why =
                n == 0
                ? "with \(countMember) 0 SkeletonView counts the lines from the height"
                : "a text view's skeleton fills its height with lines"
            return Finding(
                message:
                    "this \(kind)'s skeleton is one block, not lines: \(why), and \(inner.pointsText) pt holds "
                    + "round(\(inner.pointsText) / (\(h.pointsText) + \(s.pointsText))) = 0 \(lineText) so SkeletonView "
                    + "paints the whole view (its most reported trap); set skeletonTextNumberOfLines, or make the "
                    + "frame taller",
                member: "frame", fittingLines: 1)
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
        return Finding(
            message:
                "\(n) \(lineText) need \(needed.pointsText) pt, but this \(kind)'s frame holds \(inner.pointsText) pt: "
                + "\(effect); \(fitting) \(fitting == 1 ? "line fits" : "lines fit")",
            member: countMember, fittingLines: fitting)
    }

    /// How many lines of `h` with `s` between them fit in `inner` points (0 when not even one does).
    static func lines(fitting inner: Double, lineHeight h: Double, spacing s: Double) -> Int {
        let q = ((inner + s) / (h + s)).rounded(.down)
        guard q.isFinite, q >= 1 else { return 0 }
        return Int(min(q, Double(TextLineCount.ceiling)))
    }
}
