extension JSONSyntaxTree {
    /// One value written in the text, as the value-only views of the tree see it (`valueSpans()`).
    package struct ValueSpan: Sendable, Hashable {
        /// Byte range of the value (from its first byte to just past its last).
        package var value: Range<Int>
        /// Byte range of its key (quotes included) when the value is an object member with a string key.
        package var key: Range<Int>?
        /// Its position among its array's elements (nil for object members and the top value).
        package var element: Int?
        /// The container's index in the spans (-1 for the top value).
        package var parent: Int
        /// One past the index of its last descendant (preorder).
        package var subtreeEnd: Int
        /// The value's first byte: `{`, `[`, `"` or the first byte of a literal.
        package var firstByte: UInt8

        package var isObject: Bool { firstByte == UInt8(ascii: "{") }
        package var isArray: Bool { firstByte == UInt8(ascii: "[") }
        package var isString: Bool { firstByte == UInt8(ascii: "\"") }
    }

    /// The top value and every value inside it, in preorder, without members, missing pieces and stray tokens:
    /// one pass over the nodes, with the containers open at each node on a stack (no memory per node beyond the
    /// spans).
    package func valueSpans() -> [ValueSpan] {
        guard let root else { return [] }
        var spans: [ValueSpan] = []
        /// The value spans whose subtrees are open: span index, the node their subtree ends before, and (arrays)
        /// the elements seen so far.
        var open: [(span: Int, nodesEnd: Int, elements: Int)] = []
        let end = nodes[root].subtreeEnd
        for k in root..<end {
            while let last = open.last, last.nodesEnd <= k {
                spans[last.span].subtreeEnd = spans.count
                open.removeLast()
            }
            guard isValue(k) else { continue }
            var key: Range<Int>?
            var element: Int?
            let p = nodes[k].parent
            if p >= 0, nodes[p].kind == .member {
                let keyNode = self.key(of: p)
                if nodes[keyNode].kind == .string { key = nodes[keyNode].range }
            } else if p >= 0, nodes[p].kind == .array, let container = open.indices.last {
                element = open[container].elements
                open[container].elements += 1
            }
            open.append((spans.count, nodes[k].subtreeEnd, 0))
            spans.append(
                ValueSpan(
                    value: nodes[k].range, key: key, element: element,
                    parent: open.count > 1 ? open[open.count - 2].span : -1,
                    subtreeEnd: 0, firstByte: bytes[nodes[k].start]))
        }
        while let last = open.popLast() { spans[last.span].subtreeEnd = spans.count }
        return spans
    }

    /// The string written in `range` of `bytes` (from its opening quote), its escapes decoded.
    package static func string(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> String {
        JSONStringText.decode(contentOf: range, in: bytes)
    }

    /// The end of the string whose opening quote is at `start`, as the tree reads it: past its closing quote, or
    /// before its line's break (or at the text's end) when it is unterminated.
    package static func stringEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var parser = JSONSyntaxParser(bytes: bytes, maxDepth: 1)
        parser.i = start
        return parser.nodes[parser.string(parent: -1)].end
    }
}
