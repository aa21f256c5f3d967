extension JSONSyntaxTree {
    /// What surrounds an offset of the text as completion reads it mid-keystroke: the object it is in, and whether a
    /// member name or the value of which member is expected there.
    ///
    /// Read as a forgiving scan from the text's start would see it: the state at the offset is the one before its byte
    /// (an offset at a `{` is outside that object, one at its `}` inside); after a key, a complete value or a comma a
    /// member name is expected (a value written without a comma before a string makes that string a new name); a
    /// colon, and only a colon after a key, makes the member's value expected; a word is complete once a space follows
    /// it. Only the strings of keys and values count, every name as written (escapes not decoded).
    package struct CompletionCursor: Sendable {
        /// The innermost object open at the offset (through arrays), or nil.
        package var object: Int?
        /// Whether the offset is directly in an array (rather than in an object).
        package var inArray = false
        /// Whether the innermost object expects a member name here.
        package var expectsKey = false
        /// The member whose value is at the offset (in an array, the array's member).
        package var key: String?
        /// The string holding the offset: its content's range (from after its opening quote to its closing quote, or
        /// its line's end) and whether it is closed.
        package var string: (content: Range<Int>, closed: Bool)?
        /// Nodes looked at to find it, for tests that hold it local.
        package var visited = 0
    }

    /// A member of an object as completion reads it: its name as written, the name's content range and its string
    /// value as written, if any.
    package struct CompletionMember: Sendable, Equatable {
        package var name: String
        package var range: Range<Int>
        package var string: String?

        package init(name: String, range: Range<Int>, string: String?) {
            self.name = name
            self.range = range
            self.string = string
        }
    }

    /// The context at byte `offset` (see `CompletionCursor`): costs the ancestors of the node before it and the
    /// children of its container that start before it.
    package func completionCursor(at offset: Int) -> CompletionCursor {
        var out = CompletionCursor()
        guard offset > 0, var k = node(at: offset - 1) else { return out }
        // The innermost container open at the offset.
        while true {
            out.visited += 1
            let n = nodes[k]
            if n.isContainer, offset < n.end || (offset == n.end && n.problem == .unclosed) { break }
            guard n.parent >= 0 else { return out }
            k = n.parent
        }
        if nodes[k].kind == .array {
            out.inArray = true
            out.object = enclosingObject(of: k)
            out.key = memberKey(ofValue: k)
            for c in children(of: k) {
                out.visited += 1
                guard nodes[c].start < offset else { break }
                if nodes[c].kind == .string, let content = stringContent(c), content.range.contains(offset) {
                    out.string = (content.range.lowerBound..<content.range.upperBound - 1, content.closed)
                }
            }
            return out
        }
        out.object = k
        var state = ObjectState()
        var gapStart = nodes[k].start + 1
        for c in children(of: k) {
            out.visited += 1
            guard nodes[c].start < offset else { break }
            state.gap(bytes, from: gapStart, to: nodes[c].start)
            if nodes[c].kind == .member {
                if let string = state.member(c, of: self, before: offset) {
                    state.finish(&out)
                    out.string = string
                    return out
                }
            } else if nodes[c].kind == .error, nodes[c].range.count == 1 {
                // A colon or a comma where none belongs still counts to a forgiving scan.
                if bytes[nodes[c].start] == UInt8(ascii: ":") { state.colon() }
                if bytes[nodes[c].start] == UInt8(ascii: ",") { state.comma() }
            }
            gapStart = nodes[c].end
        }
        // (The last member may hold the offset: then no gap follows it.)
        state.gap(bytes, from: gapStart, to: offset)
        state.finish(&out)
        return out
    }

    /// The state of an object up to an offset, as a forgiving scan keeps it.
    private struct ObjectState {
        var expectsKey = true
        var key: String?
        /// The current member's value is complete (a string next starts a new member).
        var done = false

        mutating func finish(_ out: inout CompletionCursor) {
            out.expectsKey = expectsKey || done
            out.key = out.expectsKey ? nil : key
        }

        /// A colon: after a name, the member's value is expected.
        mutating func colon() {
            if expectsKey {
                expectsKey = false
                done = false
            }
        }

        /// A comma: a name is expected.
        mutating func comma() {
            expectsKey = true
            key = nil
            done = false
        }

        /// The bytes between two tokens (whitespace, commas) from `start` to `end`: a comma expects a name again.
        mutating func gap(_ bytes: [UInt8], from start: Int, to end: Int) {
            guard start < end else { return }
            if bytes[start..<end].contains(UInt8(ascii: ",")) { comma() }
        }

        /// A string read where this state is: a new member's name, or the value of the current one.
        mutating func string(_ name: String) {
            if expectsKey || done {
                expectsKey = true
                key = name
                done = false
            } else {
                done = true
            }
        }

        /// Member `m` of `tree` up to `offset`; the string holding the offset, if one does (the state is then the one
        /// before it).
        mutating func member(_ m: Int, of tree: JSONSyntaxTree, before offset: Int) -> (Range<Int>, Bool)? {
            let nodes = tree.nodes
            let keyNode = tree.key(of: m)
            var colonAt: Int?
            var hasColon = true
            for c in tree.children(of: m) where nodes[c].problem == .missingColon { hasColon = false }
            if nodes[keyNode].kind == .string {
                guard let content = tree.stringContent(keyNode) else { return nil }
                if content.range.contains(offset) { return tree.cursorString(content) }
                string(tree.rawText(content.range.lowerBound..<content.range.upperBound - 1))
                if hasColon { colonAt = tree.firstColon(from: nodes[keyNode].end) }
            } else if nodes[keyNode].kind == .missing, hasColon, nodes[keyNode].start < tree.bytes.count,
                tree.bytes[nodes[keyNode].start] == UInt8(ascii: ":")
            {
                colonAt = nodes[keyNode].start
            } else if hasColon {
                colonAt = tree.firstColon(from: nodes[keyNode].end)
            }
            if let colonAt, colonAt < offset { colon() } else { hasColon = false }
            guard let v = tree.value(of: m), nodes[v].kind.isValue, nodes[v].start < offset else { return nil }
            let value = nodes[v]
            switch value.kind {
            case .string:
                guard let content = tree.stringContent(v) else { return nil }
                if content.range.contains(offset) { return tree.cursorString(content) }
                let text = tree.rawText(content.range.lowerBound..<content.range.upperBound - 1)
                if hasColon || expectsKey || done { string(text) }
            case .number, .literal:
                guard hasColon, !expectsKey, value.end < offset, value.end < tree.bytes.count,
                    JSONSyntaxParser.isWhitespace(tree.bytes[value.end]),
                    JSONSyntaxTree.isWordByte(tree.bytes[value.end - 1])
                else { return nil }
                done = true
            default:
                if hasColon, !expectsKey { done = true }
            }
            return nil
        }
    }

    /// The string node `k`'s content as a forgiving scan reads it, its range extended by one past the content (an
    /// offset there is still in the string): from after its opening quote to its closing quote, or to its line's
    /// `\n` (a `\r` before it is content) or the text's end. Nil for a node that is no string.
    func stringContent(_ k: Int) -> (range: Range<Int>, closed: Bool)? {
        guard nodes[k].kind == .string || nodes[k].kind == .error, nodes[k].start < bytes.count,
            bytes[nodes[k].start] == UInt8(ascii: "\"")
        else { return nil }
        let start = nodes[k].start + 1
        if nodes[k].problem != .unterminatedString, nodes[k].end - 1 >= start {
            return (start..<nodes[k].end, true)
        }
        var end = nodes[k].end
        if end < bytes.count, bytes[end] == 0x0D { end += 1 }
        return (start..<max(start, end) + 1, false)
    }

    private func cursorString(_ content: (range: Range<Int>, closed: Bool)) -> (Range<Int>, Bool) {
        (content.range.lowerBound..<content.range.upperBound - 1, content.closed)
    }

    /// The offset of the first `:` at or after `offset` past whitespace, or nil.
    private func firstColon(from offset: Int) -> Int? {
        var i = offset
        while i < bytes.count, JSONSyntaxParser.isWhitespace(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: ":") ? i : nil
    }

    /// The bytes of `range` as text, as written.
    func rawText(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Whether a forgiving scan counts `b` as part of a word (a literal, a number, a colour name).
    package static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "#")
            || b == UInt8(ascii: "$") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
    }

    // MARK: Objects

    /// The object around node `k` (through members and arrays), or nil for a top value.
    package func enclosingObject(of k: Int) -> Int? {
        var p = nodes[k].parent
        while p >= 0 {
            if nodes[p].kind == .object { return p }
            p = nodes[p].parent
        }
        return nil
    }

    /// The name (as written) of the member whose value node `k` is, when a colon follows its string key; else nil.
    package func memberKey(ofValue k: Int) -> String? {
        guard let m = member(ofValue: k) else { return nil }
        let keyNode = key(of: m)
        guard nodes[keyNode].kind == .string, let content = stringContent(keyNode) else { return nil }
        for c in children(of: m) where nodes[c].problem == .missingColon { return nil }
        return rawText(content.range.lowerBound..<content.range.upperBound - 1)
    }

    /// The member name container `k` is the value of (an element of an array: the array's member name, `isElement`).
    package func objectKey(of k: Int) -> (key: String?, isElement: Bool) {
        let p = nodes[k].parent
        if p >= 0, nodes[p].kind == .array { return (memberKey(ofValue: p), true) }
        return (memberKey(ofValue: k), false)
    }

    /// The members of object `o` as completion reads them, in text order: each string key (and each string written
    /// where a colon is missing, a name to a forgiving scan), with its string value.
    package func completionMembers(of o: Int) -> [CompletionMember] {
        var out: [CompletionMember] = []
        for m in children(of: o) where nodes[m].kind == .member {
            let keyNode = key(of: m)
            var hasColon = true
            for c in children(of: m) where nodes[c].problem == .missingColon { hasColon = false }
            if nodes[keyNode].kind == .string, let content = stringContent(keyNode) {
                let range = content.range.lowerBound..<content.range.upperBound - 1
                out.append(CompletionMember(name: rawText(range), range: range, string: nil))
            }
            guard let v = value(of: m), nodes[v].kind == .string, let content = stringContent(v) else { continue }
            let range = content.range.lowerBound..<content.range.upperBound - 1
            if hasColon, nodes[keyNode].kind == .string {
                out[out.count - 1].string = rawText(range)
            } else if !hasColon {
                out.append(CompletionMember(name: rawText(range), range: range, string: nil))
            }
        }
        return out
    }

    /// The objects whose enclosing object is `o`, in text order (each member's value or element of its arrays).
    package func objects(in o: Int) -> [Int] {
        var out: [Int] = []
        var k = o + 1
        while k < nodes[o].subtreeEnd {
            if nodes[k].kind == .object {
                out.append(k)
                k = nodes[k].subtreeEnd
            } else {
                k += 1
            }
        }
        return out
    }
}
