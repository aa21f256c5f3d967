package import SkeletonGraphics
package import SkeletonModel

/// A node of the session's view tree as an outline shows it: template instances included.
package struct ViewOutline: Sendable, Hashable {
    package var reference: String
    package var type: NodeType
    /// The frame in the parent's coordinates, as the document gives it.
    package var frame: Rect
    package var children: [ViewOutline]
}

extension SkeletonSession {
    /// The view tree under `reference` (nil: the root), at most `limit` nodes (preorder; deeper ones are left
    /// out).
    package func viewOutline(node reference: String? = nil, limit: Int = 100_000) throws(EngineError) -> ViewOutline {
        var budget = max(limit, 1)
        return outline(try resolve(reference), budget: &budget)
    }

    private func outline(_ v: Int, budget: inout Int) -> ViewOutline {
        budget -= 1
        let node = tree.nodes[v]
        var children: [ViewOutline] = []
        for c in tree.children(of: v) where budget > 0 { children.append(outline(c, budget: &budget)) }
        return ViewOutline(reference: node.reference, type: node.type, frame: node.frame, children: children)
    }

    /// The prefix of the first instance of `template` placed in the table or collection `owner` (its rows, items,
    /// headers, footers and supplementary views, in order): `feed[0,0]`, to which a node's local reference in the
    /// template is appended (`feed[0,0]/title`, `feed[0,0]/0`); nil when it has none.
    package func firstInstancePrefix(of template: String, in owner: String) -> String? {
        guard let o = tree.index[owner] else { return nil }
        for c in tree.children(of: o) where tree.nodes[c].instance?.template == template {
            let reference = tree.nodes[c].reference
            guard let slash = reference.lastIndex(of: "/") else { return nil }
            return String(reference[..<slash])
        }
        return nil
    }
}

extension SkeletonSession {
    /// The part of an instance's reference that names the node within its template (`author` for
    /// `feed[0,0]/author`, `feedCell` for `feed[0,0]/feedCell`); a reference outside any instance is its own.
    package static func localReference(of reference: String) -> Substring {
        guard let slash = reference.lastIndex(of: "/") else { return reference[...] }
        return reference[reference.index(after: slash)...]
    }

    /// The reference of the first node, in tree order, that an instance placed for the template node whose local
    /// reference is `local` (`feed[0,0]/author` for `author`), or nil when no instance holds one.
    package func firstInstance(ofLocalReference local: String) -> String? {
        tree.nodes.lazy.map(\.reference).first { $0.contains("/") && Self.localReference(of: $0) == local }
    }

    /// The node with `reference` as decoded (its `children` left out: the tree keeps each node once), or nil.
    package func decodedNode(_ reference: String) -> Node? { tree.index[reference].map { tree.nodes[$0] } }

    /// Where each template instance placed in the table or collection `owner` came from, in order (empty when
    /// there is no such node).
    package func instances(in owner: String) -> [InstanceInfo] {
        guard let o = tree.index[owner] else { return [] }
        return tree.children(of: o).compactMap { tree.nodes[$0].instance }
    }
}
