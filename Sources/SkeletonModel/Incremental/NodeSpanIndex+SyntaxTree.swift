import JSON

extension NodeSpanIndex {
    /// The node objects in the subtree of object `top` of `tree` (`top` itself, and each object element of a node's
    /// `children`), in preorder: one pass over the subtree's syntax nodes, no recursion.
    static func nodeSpans(of tree: JSONSyntaxTree, from top: Int) -> [Span] {
        let end = tree[top].subtreeEnd
        var spans: [Span] = []
        /// By syntax node (relative to `top`): its span (-1 when it is no node object), the spans made before it,
        /// and for arrays the elements seen so far.
        var spanOf = [Int32](repeating: -1, count: end - top)
        var spansBefore = [Int32](repeating: 0, count: end - top + 1)
        var elements = [Int32](repeating: 0, count: end - top)
        for k in top..<end {
            spansBefore[k - top] = Int32(truncatingIfNeeded: spans.count)
            let p = tree[k].parent
            var element = 0
            if k > top, tree[k].kind.isValue, tree[p].kind == .array {
                element = Int(elements[p - top])
                elements[p - top] += 1
            }
            guard tree[k].kind == .object else { continue }
            var parent = -1
            if k > top {
                // An element of an array that is the `children` member of a node object.
                guard tree[p].kind == .array, let m = tree.member(ofValue: p), tree.isKey(of: m, "children") else {
                    continue
                }
                let owner = tree[m].parent
                guard owner >= top, spanOf[owner - top] >= 0 else { continue }
                parent = Int(spanOf[owner - top])
            }
            spanOf[k - top] = Int32(truncatingIfNeeded: spans.count)
            spans.append(
                Span(
                    start: tree[k].start, end: tree[k].end, parent: parent,
                    childIndex: element, subtreeEnd: 0))
        }
        spansBefore[end - top] = Int32(truncatingIfNeeded: spans.count)
        for k in top..<end where spanOf[k - top] >= 0 {
            spans[Int(spanOf[k - top])].subtreeEnd = Int(spansBefore[tree[k].subtreeEnd - top])
        }
        return spans
    }
}
