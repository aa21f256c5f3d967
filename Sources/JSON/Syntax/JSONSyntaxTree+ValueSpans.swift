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
    /// one pass over the nodes.
    package func valueSpans() -> [ValueSpan] {
        guard let root else { return [] }
        var spans: [ValueSpan] = []
        /// The span of each value node (-1 for others), and the spans made before each node.
        var spanOfNode = [Int32](repeating: -1, count: nodes.count)
        var spansBefore = [Int32](repeating: 0, count: nodes.count + 1)
        /// The elements each span has had so far (arrays).
        var elementCounts: [Int] = []
        let end = nodes[root].subtreeEnd
        for k in 0..<nodes.count {
            spansBefore[k] = Int32(truncatingIfNeeded: spans.count)
            guard k >= root, k < end, isValue(k) else { continue }
            var p = nodes[k].parent
            var key: Range<Int>?
            var element: Int?
            if p >= 0, nodes[p].kind == .member {
                let keyNode = self.key(of: p)
                if nodes[keyNode].kind == .string { key = nodes[keyNode].range }
                p = nodes[p].parent
            }
            let parent = p >= 0 ? Int(spanOfNode[p]) : -1
            if p >= 0, nodes[p].kind == .array {
                element = elementCounts[parent]
                elementCounts[parent] += 1
            }
            spanOfNode[k] = Int32(truncatingIfNeeded: spans.count)
            elementCounts.append(0)
            spans.append(
                ValueSpan(
                    value: nodes[k].range, key: key, element: element, parent: parent, subtreeEnd: 0,
                    firstByte: bytes[nodes[k].start]))
        }
        spansBefore[nodes.count] = Int32(truncatingIfNeeded: spans.count)
        for k in root..<end where spanOfNode[k] >= 0 {
            spans[Int(spanOfNode[k])].subtreeEnd = Int(spansBefore[nodes[k].subtreeEnd])
        }
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
