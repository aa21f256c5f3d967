/// A position-aware, tolerant syntax tree of one JSON text: every value, member and broken piece with its byte
/// range and its parent, in text order (preorder). Built by one linear pass without recursion (`init(bytes:)`),
/// once per text version; it never fails: what is broken (an unterminated string, a missing comma, colon or value,
/// a stray token, a container left open) is a node of its own and the rest is read on around it.
///
/// jansson stays the parser of messages and documents; this tree is for the places that need positions (where a
/// pointer sits, minimal text edits, the node spans of an edited document, the language features).
///
/// Memory: one array of 20-byte nodes (at most about two per byte of text, `maximumNodes(forBytes:)`) and one
/// line index; the text itself is shared, not copied.
package struct JSONSyntaxTree: Sendable {
    /// What a node is.
    package enum Kind: UInt8, Sendable, Hashable {
        /// `{…}`: its children are members (and broken pieces).
        case object
        /// `[…]`: its children are its elements (and broken pieces).
        case array
        /// `"key": value` in an object: two children, the key (a string, or `missing`/`error` when it is broken)
        /// and the value (or `missing`).
        case member
        /// A string, quotes included (an unterminated one ends before its line's break: `problem`).
        case string
        /// A run of number bytes starting with a digit or `-` (`problem` says when it is not a valid number).
        case number
        /// A run of letters: `true`, `false`, `null` (`problem` says when it is another word).
        case literal
        /// Nothing written where something is needed (a value, a key, a colon, a comma): an empty range at the
        /// place it belongs; `problem` says what.
        case missing
        /// Bytes that fit nowhere (a stray bracket, comma or token, a value nested too deep): `problem` says why.
        case error

        /// Whether the node is a value (an object, an array, a string, a number or a literal).
        package var isValue: Bool { self.rawValue <= Kind.literal.rawValue && self != .member }
    }

    /// What is wrong with a node (`none` on every node of a valid text).
    package enum Problem: UInt8, Sendable, Hashable {
        case none
        /// A string without its closing quote (it ends at its line's end or the text's).
        case unterminatedString
        /// An object or array without its closing bracket (it ends where an enclosing one closes, or at the end).
        case unclosed
        /// A number or literal that is no JSON number, `true`, `false` or `null`.
        case invalidScalar
        case missingValue
        case missingKey
        case missingColon
        case missingComma
        /// A token where none can be (a second comma, a colon, a closing bracket nothing opened, text after the top
        /// value, a byte that starts no token).
        case strayToken
        /// An object or array deeper than the tree's depth limit (read as one error node).
        case tooDeep
        /// The text is longer than `JSONSyntaxTree.maximumBytes` (the tree is this one node).
        case tooLarge
    }

    /// One node: its byte range, parent and subtree (preorder indexes), kind and problem.
    package struct Node: Sendable, Hashable {
        var startOffset: Int32
        var endOffset: Int32
        var parentIndex: Int32
        var subtreeEndIndex: Int32
        /// What the node is.
        package var kind: Kind
        /// What is wrong with it.
        package var problem: Problem

        /// The node's bytes: from its first byte to just past its last (a member: its key to its value's end).
        package var range: Range<Int> { Int(startOffset)..<Int(endOffset) }
        package var start: Int { Int(startOffset) }
        package var end: Int { Int(endOffset) }
        /// The parent's index, or -1 for a top-level node.
        package var parent: Int { Int(parentIndex) }
        /// One past the index of its last descendant.
        package var subtreeEnd: Int { Int(subtreeEndIndex) }
        /// Whether it is an object or an array.
        package var isContainer: Bool { kind == .object || kind == .array }
    }

    /// The longest text a tree is built for (offsets are 32-bit).
    package static let maximumBytes = Int(Int32.max) - 1

    /// The text.
    package let bytes: [UInt8]
    /// The nodes in preorder (text order).
    package internal(set) var nodes: [Node] = []
    /// Where each line starts, for LSP positions.
    package let lines: JSONLineIndex
    /// The parse's steps (tokens read and nodes made), for tests that hold it linear.
    package internal(set) var steps = 0
    /// The nesting limit: a container deeper than this is one `tooDeep` error node.
    package let maxDepth: Int

    /// The top value's index (the first top-level value node), or nil when the text holds none.
    package var root: Int? {
        var k = 0
        while k < nodes.count {
            if nodes[k].kind.isValue { return k }
            k = nodes[k].subtreeEnd
        }
        return nil
    }

    /// Whether the text is one well-formed JSON value as far as the tree sees (jansson may still refuse it: an
    /// invalid escape, invalid UTF-8, a number out of range).
    package var isWellFormed: Bool {
        guard let root, root == 0, nodes[0].subtreeEnd == nodes.count else { return false }
        return !nodes.contains { $0.problem != .none }
    }

    /// The most nodes a text of `count` bytes can give: a token of at least one byte gives at most five (a string
    /// after a key: a missing colon and value, a missing comma, a member and its key), and the end adds a missing
    /// value to each container left open (at least one byte each).
    package static func maximumNodes(forBytes count: Int) -> Int { 4 * count + 4 }

    /// The most steps (`steps`) the parse of `count` bytes takes: a token and the nodes it gives, at most four per
    /// byte with the end's (a closing bracket of another kind is read again after each container it closes, which
    /// took a byte of its own).
    package static func maximumSteps(forBytes count: Int) -> Int { 4 * count + 4 }

    /// The node at index `k`.
    package subscript(k: Int) -> Node { nodes[k] }

    /// The children of node `k`, in order.
    package func children(of k: Int) -> Children { Children(tree: self, parent: k) }

    /// The children of one node: each child's index, jumping over the child's own subtree.
    package struct Children: Sequence, Sendable {
        let tree: JSONSyntaxTree
        let parent: Int

        package func makeIterator() -> Iterator {
            Iterator(nodes: tree.nodes, cursor: parent + 1, end: tree.nodes[parent].subtreeEnd)
        }

        package struct Iterator: IteratorProtocol {
            let nodes: [Node]
            var cursor: Int
            let end: Int

            package mutating func next() -> Int? {
                guard cursor < end else { return nil }
                let k = cursor
                cursor = nodes[k].subtreeEnd
                return k
            }
        }
    }

    /// The members of object `k` in order (each a `member` node: `key(of:)`, `value(of:)`).
    package func members(of k: Int) -> [Int] { children(of: k).filter { nodes[$0].kind == .member } }

    /// The elements of array `k` in order: its value children (missing values and stray tokens are not elements).
    package func elements(of k: Int) -> [Int] { children(of: k).filter { nodes[$0].kind.isValue } }

    /// Whether node `k` is a value (not a member, a key, a missing piece or a stray token).
    package func isValue(_ k: Int) -> Bool {
        guard nodes[k].kind.isValue else { return false }
        let p = nodes[k].parent
        return p < 0 || nodes[p].kind != .member || k != p + 1
    }

    /// The key node of member `m` (a string, or a `missing` or `error` node).
    package func key(of m: Int) -> Int { m + 1 }

    /// The value node of member `m` (a value, or a `missing` node), or nil when the member has none yet.
    package func value(of m: Int) -> Int? {
        // After the key: a missing colon or a stray token may come first.
        var k = nodes[m + 1].subtreeEnd
        while k < nodes[m].subtreeEnd {
            if nodes[k].kind.isValue || nodes[k].problem == .missingValue { return k }
            k = nodes[k].subtreeEnd
        }
        return nil
    }

    /// The member node whose value (or stray token or missing piece) is node `k`, or nil.
    package func member(ofValue k: Int) -> Int? {
        let p = nodes[k].parent
        return p >= 0 && nodes[p].kind == .member && k != p + 1 ? p : nil
    }

    /// The string node `k`'s text with its escapes decoded (its content up to its line's end when unterminated);
    /// "" for any other node.
    package func string(_ k: Int) -> String {
        guard nodes[k].kind == .string else { return "" }
        return bytes.withUnsafeBufferPointer { JSONStringText.decode(contentOf: nodes[k].range, in: $0) }
    }

    /// The text of node `k`.
    package func text(_ k: Int) -> String { String(decoding: bytes[nodes[k].range], as: UTF8.self) }
}
