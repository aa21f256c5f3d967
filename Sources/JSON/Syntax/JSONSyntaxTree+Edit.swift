extension JSONSyntaxTree {
    /// A tree without its text: its nodes and line index, kept while the text is edited in place (which a tree
    /// holding the text would make copy it), to follow the edit (`init(following:start:oldEnd:newEnd:bytes:)`).
    package struct Detached: Sendable {
        var nodes: [Node]
        var lines: JSONLineIndex
        var steps: Int
        var maxDepth: Int
    }

    /// `tree` without its text (its reference to the text ends here).
    package static func detach(_ tree: consuming JSONSyntaxTree) -> Detached {
        Detached(nodes: tree.nodes, lines: tree.lines, steps: tree.steps, maxDepth: tree.maxDepth)
    }

    /// The tree of `bytes`, which replacing bytes `start..<oldEnd` of `old`'s text by `bytes[start..<newEnd]` made,
    /// worked out without a parse; nil when the tree must be built again.
    ///
    /// Only an edit inside one number or literal that leaves one word there (`154` → `1540`, `tru` → `true`: its
    /// kind and problem read again), or inside one closed string's content that leaves it closed where the edit moved
    /// its end, is followed: the parse of the new text then reads the same tokens, so every node keeps its index, the
    /// nodes after the token and the ends of its ancestors move by the length change, and so do the lines after it
    /// (no line break is in a token). Costs the nodes after the token and the lines after it: no byte is read but the
    /// edited token's. Equal to `init(bytes:maxDepth:)` on `bytes` (tested node by node).
    package init?(following old: consuming Detached, start: Int, oldEnd: Int, newEnd: Int, bytes: [UInt8]) {
        let delta = newEnd - oldEnd
        guard start <= oldEnd, start <= newEnd, newEnd <= bytes.count, bytes.count <= Self.maximumBytes,
            old.lines.count + delta == bytes.count, !old.nodes.isEmpty
        else { return nil }
        // The token: the last node starting at or before the edit, a leaf.
        var low = 0
        var high = old.nodes.count
        while low < high {
            let mid = (low + high) / 2
            if old.nodes[mid].start <= start { low = mid + 1 } else { high = mid }
        }
        let t = low - 1
        guard t >= 0 else { return nil }
        let token = old.nodes[t]
        let newTokenEnd = token.end + delta
        guard token.subtreeEnd == t + 1, token.start <= start, oldEnd <= token.end, token.start < newTokenEnd else {
            return nil
        }
        var kind = token.kind
        var problem = token.problem
        let followed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            switch token.kind {
            case .string:
                // Its quotes untouched, and read from its opening quote it ends, closed, where the edit moved its end.
                guard token.problem == .none, start > token.start, oldEnd < token.end else { return false }
                var parser = JSONSyntaxParser(bytes: buffer, maxDepth: 1)
                parser.i = token.start
                let k = parser.string(parent: -1)
                return parser.nodes[k].end == newTokenEnd && parser.nodes[k].problem == .none
            case .number, .literal:
                // One word, from the same first byte position to a byte that ends it.
                let word = UnsafeBufferPointer(rebasing: buffer[token.start..<newTokenEnd])
                guard word.allSatisfy(JSONSyntaxParser.isScalarByte),
                    newTokenEnd == buffer.count || !JSONSyntaxParser.isScalarByte(buffer[newTokenEnd])
                else { return false }
                let first = word[0]
                let isNumber = first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                kind = isNumber ? .number : .literal
                let valid = isNumber ? JSONSyntaxParser.isNumber(word) : JSONSyntaxParser.isLiteral(word)
                problem = valid ? .none : .invalidScalar
                return true
            default:
                return false
            }
        }
        guard followed else { return nil }
        var nodes = old.nodes
        old.nodes = []
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes[t].kind = kind
            nodes[t].problem = problem
            guard delta != 0 else { return }
            let shift = Int32(truncatingIfNeeded: delta)
            nodes[t].endOffset &+= shift
            var p = nodes[t].parent
            while p >= 0 {
                nodes[p].endOffset &+= shift
                p = nodes[p].parent
            }
            for k in (t + 1)..<nodes.count {
                nodes[k].startOffset &+= shift
                nodes[k].endOffset &+= shift
            }
        }
        var starts = old.lines.starts
        old.lines = JSONLineIndex(starts: [], count: 0)
        if delta != 0 {
            let shift = Int32(truncatingIfNeeded: delta)
            starts.withUnsafeMutableBufferPointer { starts in
                for l in starts.indices where Int(starts[l]) > start { starts[l] &+= shift }
            }
        }
        self.bytes = bytes
        self.maxDepth = old.maxDepth
        self.steps = old.steps
        self.lines = JSONLineIndex(starts: starts, count: bytes.count)
        self.nodes = nodes
    }
}
