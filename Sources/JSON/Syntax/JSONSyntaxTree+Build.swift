extension JSONSyntaxTree {
    /// The tree of `bytes`, built in one linear pass without recursion.
    ///
    /// Broken text is read on: an unterminated string ends before its line's break; a missing comma, colon, key or
    /// value is a `missing` node where it belongs (a string on a new line after a key starts a new member); a token
    /// that fits nowhere is an `error` node; a closing bracket of another kind closes the containers inside the one
    /// it closes (marked `unclosed`), or is stray when nothing of its kind is open; what is open at the end ends
    /// there. A container nested deeper than `maxDepth` is one `tooDeep` error node (its bytes skipped), and a text
    /// longer than `maximumBytes` is one `tooLarge` node.
    package init(bytes: [UInt8], maxDepth: Int = JSONLimits.messages.maxDepth) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        guard bytes.count <= Self.maximumBytes else {
            lines = JSONLineIndex(bytes: UnsafeBufferPointer(start: nil, count: 0))
            nodes = [
                Node(
                    startOffset: 0, endOffset: 0, parentIndex: -1, subtreeEndIndex: 1, kind: .error,
                    problem: .tooLarge)
            ]
            return
        }
        var built: (nodes: [Node], steps: Int, lines: JSONLineIndex)?
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONSyntaxParser(bytes: buffer, maxDepth: maxDepth)
            parser.parse()
            built = (parser.nodes, parser.steps, JSONLineIndex(bytes: buffer))
        }
        nodes = built?.nodes ?? []
        steps = built?.steps ?? 0
        lines = built?.lines ?? JSONLineIndex(bytes: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The tree of `text`'s UTF-8 bytes.
    package init(_ text: String, maxDepth: Int = JSONLimits.messages.maxDepth) {
        self.init(bytes: Array(text.utf8), maxDepth: maxDepth)
    }
}
