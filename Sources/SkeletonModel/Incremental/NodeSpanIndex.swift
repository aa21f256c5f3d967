package import JSON

/// Where each node of a document sits in its text: the byte span of every node object written in the text (the
/// root, and every object in a node's `children`), in preorder. Template bodies and their instances are not text
/// nodes. Read from the text's syntax tree (`JSONSyntaxTree`, `nodeSpans(of:from:)`), only for documents that are
/// being edited, and kept in step with the text by `splice` after each edit that stays inside one node, so that edit
/// re-decodes only that node.
package struct NodeSpanIndex: Sendable, Equatable {
    /// One node object in the text.
    package struct Span: Sendable, Equatable {
        /// Offset of the node's `{`.
        package var start: Int
        /// Offset just past its `}`.
        package var end: Int
        /// The parent's index in `spans` (-1 for the root).
        package var parent: Int
        /// Position in the parent's `children` array (0 for the root).
        package var childIndex: Int
        /// One past the index of the last descendant (preorder).
        package var subtreeEnd: Int
    }

    /// The node spans in preorder.
    package private(set) var spans: [Span]

    /// The node objects of a document's text, or nil when the text has no `root` object.
    package static func build(document bytes: UnsafeBufferPointer<UInt8>) -> NodeSpanIndex? {
        build(document: JSONSyntaxTree(bytes: Array(bytes)))
    }

    /// The node objects of a document's syntax tree (the first `root` member whose value is an object), or nil.
    package static func build(document tree: JSONSyntaxTree) -> NodeSpanIndex? {
        guard let top = tree.root, tree[top].kind == .object else { return nil }
        for m in tree.members(of: top) where tree.isKey(of: m, "root") {
            guard let v = tree.value(of: m), tree[v].kind == .object else { continue }
            return NodeSpanIndex(spans: nodeSpans(of: tree, from: v))
        }
        return nil
    }

    /// The node objects of one node's text (`bytes` starts with its `{`), offsets relative to `bytes`.
    package static func build(node bytes: UnsafeBufferPointer<UInt8>) -> NodeSpanIndex? {
        guard bytes.first == UInt8(ascii: "{") else { return nil }
        let tree = JSONSyntaxTree(bytes: Array(bytes))
        guard tree.root == 0 else { return nil }
        return NodeSpanIndex(spans: nodeSpans(of: tree, from: 0))
    }

    /// The innermost node whose inside (between its braces) holds all of `range`, or nil when none does.
    package func innermostNode(containing range: Range<Int>) -> Int? {
        // The last node starting before the range, then up through its ancestors.
        var low = 0
        var high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].start < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var k = low - 1
        while k >= 0 {
            let s = spans[k]
            if s.start < range.lowerBound, range.upperBound < s.end { return k }
            k = s.parent
        }
        return nil
    }

    /// The index path of node `k` as the decoder names nodes without an id: `0`, `0.2`, `0.2.1`.
    package func indexPath(of k: Int) -> [Int] {
        var path: [Int] = []
        var i = k
        while i > 0 {
            path.append(spans[i].childIndex)
            i = spans[i].parent
        }
        return path.reversed()
    }

    /// Replaces node `k`'s subtree with `replacement` (the index of the node's new text, offsets relative to its
    /// `{`), after an edit that changed the document's length by `byteDelta` inside that node.
    ///
    /// When the subtree keeps its node count (an edit of values), the spans are rewritten in place: only the
    /// subtree's, its ancestors' and, when the length changed, the later nodes' (an index shared with another owner
    /// is copied once first). Otherwise one pass into a new array.
    package mutating func splice(_ k: Int, with replacement: NodeSpanIndex, byteDelta: Int) {
        let old = spans[k]
        let countDelta = replacement.spans.count - (old.subtreeEnd - k)
        if countDelta == 0 {
            spliceKeepingCount(k, with: replacement, byteDelta: byteDelta)
            return
        }
        let count = spans.count + countDelta
        let new = replacement.spans
        spans = spans.withUnsafeBufferPointer { spans in
            [Span](unsafeUninitializedCapacity: count) { out, initialized in
                guard let before = spans.baseAddress, let into = out.baseAddress else { return }
                into.initialize(from: before, count: k)
                // Ancestors grow.
                var a = old.parent
                while a >= 0 {
                    out[a].end += byteDelta
                    out[a].subtreeEnd += countDelta
                    a = out[a].parent
                }
                for j in new.indices { (into + k + j).initialize(to: Self.placed(new[j], j, at: k, replacing: old)) }
                // Later nodes move.
                var o = k + new.count
                for j in old.subtreeEnd..<spans.count {
                    var s = spans[j]
                    s.start += byteDelta
                    s.end += byteDelta
                    s.subtreeEnd += countDelta
                    if s.parent >= old.subtreeEnd { s.parent += countDelta }
                    (into + o).initialize(to: s)
                    o += 1
                }
                initialized = o
            }
        }
    }

    /// Span `j` of a replacement subtree's own index (offsets relative to its `{`), as node `k + j` of the whole
    /// index in place of the subtree whose root span was `old`.
    private static func placed(_ span: Span, _ j: Int, at k: Int, replacing old: Span) -> Span {
        var s = span
        s.start += old.start
        s.end += old.start
        s.subtreeEnd += k
        s.parent = j == 0 ? old.parent : s.parent + k
        if j == 0 { s.childIndex = old.childIndex }
        return s
    }

    /// `splice` of a subtree with as many nodes as before, in place.
    private mutating func spliceKeepingCount(_ k: Int, with replacement: NodeSpanIndex, byteDelta: Int) {
        let old = spans[k]
        let new = replacement.spans
        spans.withUnsafeMutableBufferPointer { out in
            var a = old.parent
            while a >= 0 {
                out[a].end += byteDelta
                a = out[a].parent
            }
            for j in new.indices { out[k + j] = Self.placed(new[j], j, at: k, replacing: old) }
            guard byteDelta != 0 else { return }
            for j in old.subtreeEnd..<out.count {
                out[j].start += byteDelta
                out[j].end += byteDelta
            }
        }
    }
}
