import JSON
import SkeletonServer

/// The syntax tree of every text the fuzzer makes: it must keep its shape and its bounds, find every value it holds
/// by that value's pointer, read a completion context anywhere, and equal the tree built anew when it was worked out
/// from the previous text's by an edit.
enum SyntaxTreeCheck {
    static func check(_ bytes: [UInt8]) {
        let tree = JSONSyntaxTree(bytes: bytes)
        if let problem = tree.shapeProblem() { preconditionFailure("syntax tree: \(problem)") }
        for offset in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 64)) {
            let cursor = tree.completionCursor(at: offset)
            if let object = cursor.object {
                guard tree[object].kind == .object else { preconditionFailure("syntax tree: completion object") }
                _ = tree.completionMembers(of: object)
                _ = tree.objects(in: object)
            }
        }
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

    /// The tree of `bytes` worked out from the previous text's (`before`) by `edit`, when it can be, is the tree
    /// built from `bytes`.
    static func checkFollowing(_ before: JSONSyntaxTree.Detached, _ edit: ByteEdit, _ bytes: [UInt8]) {
        guard
            let followed = JSONSyntaxTree(
                following: before, start: edit.start, oldEnd: edit.oldEnd, newEnd: edit.newEnd, bytes: bytes)
        else { return }
        let built = JSONSyntaxTree(bytes: bytes)
        guard followed.nodes == built.nodes, followed.lines == built.lines, followed.steps == built.steps else {
            preconditionFailure("syntax tree: an edit followed differs from the tree built anew")
        }
    }
}
