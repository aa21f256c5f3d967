extension JSONSyntaxTree {
    /// The first rule of the tree's shape that it breaks, or nil: ranges inside the text, starts in text order,
    /// parents before their children, subtrees nested in their parents', a key in every member, the node count and
    /// the steps within their bounds (for tests and the documents fuzzer).
    package func shapeProblem() -> String? {
        if nodes.count > Self.maximumNodes(forBytes: bytes.count) { return "\(nodes.count) nodes" }
        if steps > Self.maximumSteps(forBytes: bytes.count) { return "\(steps) steps" }
        var lastStart = 0
        for k in nodes.indices {
            let node = nodes[k]
            if node.start > node.end || node.end > bytes.count { return "node \(k) range \(node.range)" }
            if node.start < lastStart { return "node \(k) starts before node \(k - 1)" }
            lastStart = node.start
            if node.subtreeEnd <= k || node.subtreeEnd > nodes.count { return "node \(k) subtree \(node.subtreeEnd)" }
            if node.parent >= k { return "node \(k) parent \(node.parent)" }
            if node.parent >= 0 {
                let parent = nodes[node.parent]
                if node.subtreeEnd > parent.subtreeEnd { return "node \(k) leaves its parent's subtree" }
                if node.start < parent.start || node.end > parent.end { return "node \(k) outside its parent" }
            }
            if node.kind == .member, node.subtreeEnd == k + 1 { return "member \(k) has no key" }
        }
        return nil
    }
}
