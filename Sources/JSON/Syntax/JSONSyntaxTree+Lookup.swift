extension JSONSyntaxTree {
    /// Where a pointer leads in the text.
    package struct Location: Sendable, Hashable {
        /// The value node reached.
        package var node: Int
        /// Byte range of the value reached.
        package var value: Range<Int>
        /// Byte range of its key (quotes included) when the value is an object member.
        package var key: Range<Int>?
        /// How many pointer tokens were found; less than the pointer's length when the rest does not exist
        /// (then `value` is the deepest ancestor that does).
        package var matchedTokens: Int
        /// Whether the value is an object or an array.
        package var isContainer: Bool

        /// The range a diagnostic should underline: the key of a container member (a whole object is too
        /// much to underline), else the value.
        package var preferred: Range<Int> {
            if let key, isContainer, value.count > 1 { return key }
            return value
        }
    }

    /// The location of `pointer`: the deepest value it reaches (the first member of a repeated key), or nil when
    /// the text has no value at all.
    package func locate(_ pointer: JSONPointer) -> Location? {
        guard var k = root else { return nil }
        var matched = 0
        for token in pointer.tokens {
            guard let next = child(of: k, token) else { break }
            k = next
            matched += 1
        }
        let m = member(ofValue: k)
        return Location(
            node: k, value: nodes[k].range, key: m.map { nodes[key(of: $0)].range }, matchedTokens: matched,
            isContainer: nodes[k].isContainer)
    }

    /// The value node of `pointer`, or nil when the text has no such value.
    package func node(at pointer: JSONPointer) -> Int? {
        guard let found = locate(pointer), found.matchedTokens == pointer.tokens.count else { return nil }
        return found.node
    }

    /// The value member `token` of object `k` names (the first with that key), or element `token` of array `k`.
    package func child(of k: Int, _ token: String) -> Int? {
        switch nodes[k].kind {
        case .object:
            return bytes.withUnsafeBufferPointer { buffer -> Int? in
                for m in children(of: k) where nodes[m].kind == .member {
                    let key = key(of: m)
                    guard nodes[key].kind == .string, JSONStringText.equals(nodes[key].range, token, in: buffer)
                    else { continue }

                    guard let v = value(of: m), nodes[v].kind.isValue else { return nil }
                    return v
                }
                return nil
            }
        case .array:
            guard let index = Int(token), index >= 0 else { return nil }
            var n = 0
            for c in children(of: k) where nodes[c].kind.isValue {
                if n == index { return c }
                n += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether member `m`'s key is the string `name` (escapes decoded).
    package func isKey(of m: Int, _ name: String) -> Bool {
        let key = key(of: m)
        guard nodes[m].kind == .member, nodes[key].kind == .string else { return false }
        return bytes.withUnsafeBufferPointer { JSONStringText.equals(nodes[key].range, name, in: $0) }
    }

    /// The pointer of node `k` (a member or a key: its value's).
    package func pointer(of k: Int) -> JSONPointer {
        var tokens: [String] = []
        var c = k
        if nodes[c].kind == .member, let v = value(of: c) { c = v }
        if let m = nodes[c].parent >= 0 ? nodes[c].parent : nil, nodes[m].kind == .member, c == key(of: m),
            let v = value(of: m)
        {
            c = v
        }
        while c >= 0 {
            let p = nodes[c].parent
            guard p >= 0 else { break }
            if nodes[p].kind == .member {
                tokens.append(string(key(of: p)))
                c = nodes[p].parent
            } else {
                if nodes[p].kind == .array {
                    var n = 0
                    for s in children(of: p) {
                        if s == c { break }
                        if nodes[s].kind.isValue { n += 1 }
                    }
                    tokens.append(String(n))
                }
                c = p
            }
        }
        return JSONPointer(tokens.reversed())
    }

    /// The innermost node whose bytes hold `offset` (an empty node holds nothing), or nil outside every node.
    /// Costs a binary search and the walk up to that node's ancestor.
    package func node(at offset: Int) -> Int? {
        // The last node starting at or before the offset; the node holding it is that node or an ancestor.
        var low = 0
        var high = nodes.count
        while low < high {
            let mid = (low + high) / 2
            if nodes[mid].start <= offset { low = mid + 1 } else { high = mid }
        }
        var k = low - 1
        while k >= 0 {
            if nodes[k].start <= offset, offset < nodes[k].end { return k }
            k = nodes[k].parent
        }
        return nil
    }

    /// The LSP position (line, UTF-16 column) of a byte offset.
    package func position(of offset: Int) -> (line: Int, character: Int) {
        bytes.withUnsafeBufferPointer { lines.position(of: offset, in: $0) }
    }

    /// The byte offset of an LSP position.
    package func offset(line: Int, character: Int) -> Int {
        bytes.withUnsafeBufferPointer { lines.offset(line: line, character: character, in: $0) }
    }
}
