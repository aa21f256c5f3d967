import JSON
import SkeletonEngine
import SkeletonModel

/// `not-skeletonable-ancestor`: a skeletonable node under an ancestor that is not never shows a skeleton, because
/// SkeletonView only recurses through skeletonable views. One warning per such node, on its `isSkeletonable` member,
/// naming the nearest ancestor that stops it (the quick fix, `DocumentCodeActions.chainEdits`, makes them all
/// skeletonable).
///
/// Whole texts are walked through their text map (template bodies included, under the table that defines them); an
/// edit applied to one node's subtree walks only its new subtree, starting from what the session's tree says about
/// the node's ancestors (which the edit did not change), so both paths give the same warnings.
enum SkeletonableChain {
    /// At most this many warnings are listed; a text with more always takes the whole-text path.
    static let maxWarnings = 200

    /// The ancestors above a node that are not skeletonable: the nearest one's name, and how many there are.
    struct Blocker: Sendable, Equatable {
        var name: String
        var count: Int
    }

    /// The warnings of the tree under `root` (at `pointer`), given the blocker above it, in preorder.
    static func warnings<N>(
        _ root: N, at pointer: JSONPointer, under blocker: Blocker?, name: (N) -> String,
        isSkeletonable: (N) -> Bool, children: (N) -> [(N, [String])]
    ) -> [DocumentProblem] {
        var out: [DocumentProblem] = []
        var stack: [(N, JSONPointer, Blocker?)] = [(root, pointer, blocker)]
        while let (node, pointer, blocker) = stack.popLast() {
            let skeletonable = isSkeletonable(node)
            if skeletonable, let blocker {
                out.append(problem(name(node), pointer, blocker))
            }
            let below = skeletonable ? blocker : Blocker(name: name(node), count: (blocker?.count ?? 0) &+ 1)
            for (child, tokens) in children(node).reversed() {
                stack.append((child, JSONPointer(pointer.tokens + tokens), below))
            }
        }
        return out
    }

    private static func problem(_ name: String, _ pointer: JSONPointer, _ blocker: Blocker) -> DocumentProblem {
        let others = blocker.count > 1 ? " (nor are \(blocker.count - 1) more above it)" : ""
        return DocumentProblem(
            code: .notSkeletonableAncestor, pointer: pointer.appending(DocumentProperty.view.isSkeletonable.name),
            message:
                "\"\(name)\" is skeletonable but its ancestor \"\(blocker.name)\" is not\(others): SkeletonView only "
                + "recurses through skeletonable views, so this skeleton never shows",
            severity: .warning)
    }

    /// The warnings of a whole JSON document's text.
    static func warnings(_ map: DocumentTextMap, _ bytes: [UInt8]) -> [DocumentProblem] {
        guard !map.nodes.isEmpty else { return [] }
        var children = Array(repeating: [Int](), count: map.nodes.count)
        for n in map.nodes.indices where map.nodes[n].parent >= 0 { children[map.nodes[n].parent].append(n) }
        return warnings(
            0, at: JSONPointer(["root"]), under: nil,
            name: { n in
                let node = map.nodes[n]
                guard case .template(let template, _) = node.scope else { return node.localReference }
                return "\(node.localReference)\" of template \"\(template)"
            },
            isSkeletonable: { DocumentCodeActions.isSkeletonable(map, bytes, node: $0) },
            children: { n in
                children[n].map { c in
                    let node = map.nodes[c]
                    if case .template(let template, _) = node.scope, node.indexPath.isEmpty {
                        return (c, ["templates", template])
                    }
                    return (c, ["children", String(node.indexPath.last ?? 0)])
                }
            })
    }

    /// The warnings of a whole decoded JSON document, walked on its tree (no text map needed, so opening a document
    /// does not build one); nil when the text may hold nodes the tree does not, which only the text map walks: a
    /// table or collection (its template bodies) or a member the decoder did not know (`templates` on a view).
    /// The decoder rejects duplicate members, so the tree's `isSkeletonable` is what the text writes.
    static func warnings(of document: SkeletonDocument, problems: [DocumentProblem]) -> [DocumentProblem]? {
        guard !problems.contains(where: { $0.code == .unknownField }), !hasCollection(document.root) else {
            return nil
        }
        var out: [DocumentProblem] = []
        var path = ["root"]
        walk(document.root, path: &path, under: nil, into: &out)
        return out
    }

    /// `warnings(_:at:under:name:isSkeletonable:children:)` on a decoded tree, in the same preorder, building a
    /// pointer only for a node it warns about (the tree's depth is bounded by the decoder's nesting limit).
    private static func walk(
        _ node: Node, path: inout [String], under blocker: Blocker?, into out: inout [DocumentProblem]
    ) {
        if node.isSkeletonable, let blocker { out.append(problem(node.reference, JSONPointer(path), blocker)) }
        let below =
            node.isSkeletonable ? blocker : Blocker(name: node.reference, count: (blocker?.count ?? 0) &+ 1)
        for k in node.children.indices {
            path.append("children")
            path.append(String(k))
            walk(node.children[k], path: &path, under: below, into: &out)
            path.removeLast(2)
        }
    }

    /// Whether a table or collection is in the tree under `node`.
    private static func hasCollection(_ node: Node) -> Bool {
        node.type.isCollection || node.children.contains { hasCollection($0) }
    }

    /// The warnings of a node's new subtree (`node`, at index path `indexPath` among explicit children), with its
    /// ancestors as `session`'s tree has them; nil when the session has no such node. Subtrees replaced in place
    /// hold no table or collection.
    static func warnings(_ node: Node, at indexPath: [Int], in session: SkeletonSession) -> [DocumentProblem]? {
        guard let ancestors = session.explicitAncestors(of: indexPath) else { return nil }
        var blocker: Blocker?
        for ancestor in ancestors where !ancestor.isSkeletonable {
            blocker = Blocker(name: ancestor.reference, count: (blocker?.count ?? 0) &+ 1)
        }
        return warnings(
            node, at: pointer(of: indexPath), under: blocker, name: \.reference, isSkeletonable: \.isSkeletonable,
            children: { node in
                node.children.filter { $0.instance == nil }.enumerated().map {
                    ($0.element, ["children", String($0.offset)])
                }
            })
    }

    /// The pointer of the node at an index path of explicit children.
    static func pointer(of indexPath: [Int]) -> JSONPointer {
        JSONPointer(["root"] + indexPath.flatMap { ["children", String($0)] })
    }

    /// Whether `pointer` is `prefix` or under it.
    static func isUnder(_ pointer: JSONPointer, _ prefix: JSONPointer) -> Bool {
        pointer.tokens.count >= prefix.tokens.count
            && Array(pointer.tokens.prefix(prefix.tokens.count)) == prefix.tokens
    }
}
