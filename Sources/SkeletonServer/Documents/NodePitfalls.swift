import InterfaceBuilder
import JSON
import SkeletonModel

/// SkeletonView's traps that one node shows by itself, as warnings: `lines-do-not-fit` (`TextLinePitfalls`) and
/// `hidden-flag-ignored` (`isHiddenWhenSkeletonIsActive` on a view that is not skeletonable, which SkeletonView never
/// looks at: behaviour reference §1.4, the "does not work" of its issue #493).
///
/// One warning per finding on the nodes of the explicit tree (template bodies and their instances are not looked at),
/// under the document's appearance, each with a quick fix (`DocumentCodeActions`). Like the chain warnings, they are
/// found from the decoded tree of a document without errors and, after a one-node edit, for the new subtree alone
/// (nothing here depends on a node's ancestors, except being the root).
enum NodePitfalls {
    /// The codes found here.
    static let codes: Set<ProblemCode> = [.linesDoNotFit, .hiddenFlagIgnored]
    /// At most this many warnings are listed; a text with more always takes the whole-text path.
    static let maxWarnings = 200

    /// What is wrong with one node, where, and what its quick fix does.
    struct Finding: Equatable {
        var code: ProblemCode
        var message: String
        /// The member the warning is on.
        var member: String
        var fix: Fix
    }

    /// A finding's quick fix.
    enum Fix: Equatable {
        /// Set `skeletonTextNumberOfLines` to this count.
        case lineCount(Int)
        /// Set `isSkeletonable` to `true`.
        case makeSkeletonable
    }

    /// What is wrong with `node` under `appearance`; `isRoot`: it is the view the skeleton is shown on.
    static func findings(_ node: Node, appearance: SkeletonAppearance, isRoot: Bool) -> [Finding] {
        var out: [Finding] = []
        if let lines = TextLinePitfalls.finding(node, appearance: appearance) { out.append(lines) }
        if node.isHiddenWhenSkeletonIsActive, !node.isSkeletonable, !isRoot {
            out.append(
                Finding(
                    code: .hiddenFlagIgnored,
                    message:
                        "isHiddenWhenSkeletonIsActive has no effect here: SkeletonView applies it only to skeletonable "
                        + "views (and the view the skeleton is shown on), and \"\(node.reference)\" is not skeletonable",
                    member: DocumentProperty.view.isHiddenWhenSkeletonIsActive.name, fix: .makeSkeletonable))
        }
        return out
    }

    /// The warnings of the explicit tree under `node`, the node at `pointer` (the root when it is `/root`), in
    /// preorder.
    static func warnings(_ node: Node, at pointer: JSONPointer, appearance: SkeletonAppearance) -> [DocumentProblem] {
        located(node, at: pointer, appearance: appearance).map { path, _, finding in
            DocumentProblem(
                code: finding.code, pointer: JSONPointer(path + [finding.member]), message: finding.message,
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
        let found = located(document.root, at: JSONPointer(["root"]), appearance: appearance(of: document))
        guard !found.isEmpty else { return [] }
        let locations = file.elementLocations(scene: scene)  // one walk of the scene, however many findings
        return found.prefix(maxWarnings + 1).compactMap { _, node, finding in
            guard let id = node.id, let at = locations[id] else { return nil }
            return warning(finding, view: id, at: at)
        }
    }

    /// A finding about the view element `id` that starts at `at`, as a storyboard's warning.
    static func warning(_ finding: Finding, view id: String, at: (line: Int, column: Int)) -> DocumentProblem {
        DocumentProblem(
            code: finding.code, pointer: JSONPointer([]), message: "\"\(id)\": " + finding.message, severity: .warning,
            line: at.line, column: at.column)
    }

    /// The appearance a document's text asks for (SkeletonView's defaults with the document's `appearance`).
    static func appearance(of document: SkeletonDocument) -> SkeletonAppearance {
        SkeletonAppearance.default.applying(document.appearance)
    }

    /// Each finding of the explicit tree under `node`: the node's pointer tokens, the node, the finding.
    private static func located(_ node: Node, at pointer: JSONPointer, appearance: SkeletonAppearance)
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
        for finding in findings(node, appearance: appearance, isRoot: path == ["root"]) {
            out.append((path, node, finding))
        }
        var explicit = 0
        for child in node.children where child.instance == nil {
            path.append("children")
            path.append(String(explicit))
            walk(child, path: &path, appearance: appearance, into: &out)
            path.removeLast(2)
            explicit += 1
        }
    }
}
