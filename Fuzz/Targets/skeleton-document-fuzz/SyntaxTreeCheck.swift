import JSON

/// The syntax tree of every text the fuzzer makes: it must keep its shape and its bounds, and find every value it
/// holds by that value's pointer.
enum SyntaxTreeCheck {
    static func check(_ bytes: [UInt8]) {
        let tree = JSONSyntaxTree(bytes: bytes)
        if let problem = tree.shapeProblem() { preconditionFailure("syntax tree: \(problem)") }
        guard let root = tree.root else { return }
        var k = root
        let end = tree[root].subtreeEnd
        var checked = 0
        while k < end, checked < 64 {
            if tree[k].kind.isValue, tree.locate(tree.pointer(of: k)) == nil {
                preconditionFailure("syntax tree: value \(k) has no location")
            }
            k += 1
            checked += 1
        }
    }
}
