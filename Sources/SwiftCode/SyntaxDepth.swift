internal import SwiftSyntax

/// The depth of a syntax tree, measured without recursion: the visitors that read a file (`SyntaxVisitor`'s walk,
/// `StatementRunner`) recurse once per level, and a chain of postfix links (`a.x.x…`, `f()()…`, `x!!…`, `a?.b…`,
/// `a[0]…`, `.map {}…`) is parsed by a loop into a tree as deep as the chain is long. A tree deeper than `maxDepth`
/// is not read (`SwiftCodeReader`), so no visitor recurses deeper than the reading thread's stack allows.
enum SyntaxDepth {
    /// The deepest syntax tree read, in nodes from the file down to a token (`Protocol/swift-code.md`, limits).
    static let maxDepth = 4_096

    /// The first node, in source order, deeper than `limit`, and how many nodes were looked at to find it (every
    /// node of the tree when none is).
    static func firstTooDeep(in tree: some SyntaxProtocol, limit: Int = maxDepth) -> (node: Syntax?, visited: Int) {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        var visited = 0
        while let (node, depth) = pending.popLast() {
            visited += 1
            guard depth <= limit else { return (node, visited) }
            for child in node.children(viewMode: .sourceAccurate).reversed() { pending.append((child, depth + 1)) }
        }
        return (nil, visited)
    }
}
