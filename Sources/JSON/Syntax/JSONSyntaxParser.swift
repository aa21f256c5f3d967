/// The syntax tree's parse: one pass over the bytes, open containers on an explicit stack (no recursion), each byte
/// read once (a key on a line of its own is looked at twice, to tell a new member from a value). See
/// `JSONSyntaxTree.init(bytes:maxDepth:)` for how broken text is read.
struct JSONSyntaxParser {
    typealias Node = JSONSyntaxTree.Node
    typealias Kind = JSONSyntaxTree.Kind
    typealias Problem = JSONSyntaxTree.Problem

    /// Where an open container is in its grammar.
    enum State: UInt8 {
        /// Just after `{` or `[`: a key (objects) or a value (arrays), or the closing bracket.
        case first
        /// After a comma: a key or a value.
        case afterComma
        /// After a key: the colon.
        case colon
        /// After the colon: the member's value.
        case value
        /// After a value: a comma or the closing bracket.
        case after
    }

    /// An open container.
    struct Frame {
        var node: Int
        var isObject: Bool
        var state: State
        /// The member being read (objects, from its key to its value), or -1.
        var member: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var i = 0
    var nodes: [Node] = []
    var steps = 0
    var frames: [Frame] = []
    var openObjects = 0
    var openArrays = 0
    /// Whether the top-level value has been read.
    var topDone = false

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = max(1, maxDepth)
    }

    mutating func parse() {
        while true {
            while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            steps += 1
            token(bytes[i])
        }
        while let frame = frames.last { close(frame, at: bytes.count, problem: .unclosed, consuming: false) }
    }

    // MARK: Tokens

    /// Reads the token at `i` (first byte `b`) in the innermost open container's state.
    private mutating func token(_ b: UInt8) {
        guard var frame = frames.last else {
            if !topDone, Self.startsValue(b) { value(parent: -1) } else { stray(parent: -1) }
            return
        }
        let closing = b == UInt8(ascii: "}") || b == UInt8(ascii: "]")
        if closing, (b == UInt8(ascii: "}")) != frame.isObject {
            mismatched(b, frame)
            return
        }
        if frame.isObject {
            objectToken(b, &frame)
        } else {
            arrayToken(b, &frame)
        }
    }

    private mutating func objectToken(_ b: UInt8, _ frame: inout Frame) {
        switch (frame.state, b) {
        case (.first, UInt8(ascii: "}")), (.after, UInt8(ascii: "}")):
            close(frame, at: i + 1, problem: .none, consuming: true)
        case (.afterComma, UInt8(ascii: "}")):
            add(.missing, i, i, .missingKey, parent: frame.node)
            close(frame, at: i + 1, problem: .none, consuming: true)
        case (.first, _), (.afterComma, _):
            key(b, &frame)
        case (.colon, UInt8(ascii: ":")):
            i += 1
            setState(.value)
        case (.colon, UInt8(ascii: "\"")) where lineBreakSinceKey(frame):
            // A key on its own line: the member before lacks its colon and value, and this one its comma.
            endMemberMissingValue(frame, colon: true)
            add(.missing, i, i, .missingComma, parent: frame.node)
            frame = frames[frames.count - 1]
            key(b, &frame)
        case (.colon, UInt8(ascii: "}")), (.value, UInt8(ascii: "}")):
            close(frame, at: i + 1, problem: .none, consuming: true)
        case (.colon, UInt8(ascii: ",")):
            endMemberMissingValue(frame, colon: true)
            i += 1
            setState(.afterComma)
        case (.colon, _) where Self.startsValue(b):
            add(.missing, i, i, .missingColon, parent: frame.member)
            value(parent: frame.member)
        case (.value, UInt8(ascii: ",")):
            endMemberMissingValue(frame, colon: false)
            i += 1
            setState(.afterComma)
        case (.value, _) where Self.startsValue(b):
            value(parent: frame.member)
        case (.after, UInt8(ascii: ",")):
            i += 1
            setState(.afterComma)
        case (.after, _) where Self.startsValue(b):
            add(.missing, i, i, .missingComma, parent: frame.node)
            key(b, &frame)
        default:
            stray(parent: frame.member >= 0 ? frame.member : frame.node)
        }
    }

    private mutating func arrayToken(_ b: UInt8, _ frame: inout Frame) {
        switch (frame.state, b) {
        case (.first, UInt8(ascii: "]")), (.after, UInt8(ascii: "]")):
            close(frame, at: i + 1, problem: .none, consuming: true)
        case (.afterComma, UInt8(ascii: "]")):
            add(.missing, i, i, .missingValue, parent: frame.node)
            close(frame, at: i + 1, problem: .none, consuming: true)
        case (.first, UInt8(ascii: ",")), (.afterComma, UInt8(ascii: ",")):
            add(.missing, i, i, .missingValue, parent: frame.node)
            i += 1
            setState(.afterComma)
        case (.after, UInt8(ascii: ",")):
            i += 1
            setState(.afterComma)
        case (.first, _) where Self.startsValue(b), (.afterComma, _) where Self.startsValue(b):
            value(parent: frame.node)
        case (.after, _) where Self.startsValue(b):
            add(.missing, i, i, .missingComma, parent: frame.node)
            value(parent: frame.node)
        default:
            stray(parent: frame.node)
        }
    }

    /// A key where an object expects one: a string; else a member whose key is missing (`:` or a container) or
    /// broken (a bare word).
    private mutating func key(_ b: UInt8, _ frame: inout Frame) {
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "["):
            break
        case _ where Self.isScalarByte(b):
            break
        default:
            stray(parent: frame.node)
            return
        }
        let m = add(.member, i, i, .none, parent: frame.node)
        frames[frames.count - 1].member = m
        switch b {
        case UInt8(ascii: "\""):
            string(parent: m)
            setState(.colon)
        case UInt8(ascii: ":"):
            add(.missing, i, i, .missingKey, parent: m)
            i += 1
            setState(.value)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            add(.missing, i, i, .missingKey, parent: m)
            add(.missing, i, i, .missingColon, parent: m)
            setState(.value)
            value(parent: m)
        default:
            let start = i
            while i < bytes.count, Self.isScalarByte(bytes[i]) { i += 1 }
            add(.error, start, i, .strayToken, parent: m)
            setState(.colon)
        }
    }

    /// A closing bracket of the other kind: closes the containers inside the one it closes (left unclosed), or is a
    /// stray token when no open container is of its kind.
    private mutating func mismatched(_ b: UInt8, _ frame: Frame) {
        if (b == UInt8(ascii: "}") ? openObjects : openArrays) > 0 {
            close(frame, at: i, problem: .unclosed, consuming: false)
        } else {
            stray(parent: frame.member >= 0 ? frame.member : frame.node)
        }
    }

    /// Whether a line break lies between the open member's key and the cursor.
    private func lineBreakSinceKey(_ frame: Frame) -> Bool {
        guard frame.member >= 0 else { return false }
        var j = i - 1
        let keyEnd = nodes[frame.member].end
        while j >= keyEnd {
            if bytes[j] == 0x0A { return true }
            j -= 1
        }
        return false
    }

    // MARK: Values

    /// The value at `i` (a string, a container or a number or literal), as a child of `parent`.
    private mutating func value(parent: Int) {
        let b = bytes[i]
        switch b {
        case UInt8(ascii: "\""):
            let k = string(parent: parent)
            completed(valueEnd: nodes[k].end)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard frames.count < maxDepth else {
                let start = i
                skipNested()
                let k = add(.error, start, i, .tooDeep, parent: parent)
                completed(valueEnd: nodes[k].end)
                return
            }
            let isObject = b == UInt8(ascii: "{")
            let k = add(isObject ? .object : .array, i, i + 1, .none, parent: parent)
            i += 1
            frames.append(Frame(node: k, isObject: isObject, state: .first, member: -1))
            if isObject { openObjects += 1 } else { openArrays += 1 }
        default:
            let start = i
            while i < bytes.count, Self.isScalarByte(bytes[i]) { i += 1 }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
            let isNumber = b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
            let valid = isNumber ? Self.isNumber(word) : Self.isLiteral(word)
            add(isNumber ? .number : .literal, start, i, valid ? .none : .invalidScalar, parent: parent)
            completed(valueEnd: i)
        }
    }

    /// The string at `i`: to its closing quote, or unterminated before its line's break or at the end.
    @discardableResult
    mutating func string(parent: Int) -> Int {
        let start = i
        var j = i + 1
        while j < bytes.count {
            let c = bytes[j]
            if c == UInt8(ascii: "\"") {
                i = j + 1
                return add(.string, start, i, .none, parent: parent)
            }
            if c == 0x0A { break }
            j += c == UInt8(ascii: "\\") && j + 1 < bytes.count && bytes[j + 1] != 0x0A ? 2 : 1
        }
        j = min(j, bytes.count)
        i = j
        let end = j > start + 1 && j < bytes.count && bytes[j - 1] == 0x0D ? j - 1 : j
        return add(.string, start, end, .unterminatedString, parent: parent)
    }

    /// Past the container at `i` and everything in it (strings skipped), or to the end.
    private mutating func skipNested() {
        var depth = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\""), bytes[j] != 0x0A {
                    j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1
                }
                i = min(j + 1, bytes.count)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    i += 1
                    return
                }
            default: break
            }
            i += 1
        }
    }

    /// Bytes that start no token where they are: one run of them (or one structural byte) is an error node.
    private mutating func stray(parent: Int) {
        let start = i
        let b = bytes[i]
        if Self.isStructural(b) || b == UInt8(ascii: "\"") || Self.isScalarByte(b) {
            if b == UInt8(ascii: "\"") {
                let k = string(parent: parent)
                nodes[k].kind = .error
                nodes[k].problem = .strayToken
                return
            }
            if Self.isScalarByte(b) {
                while i < bytes.count, Self.isScalarByte(bytes[i]) { i += 1 }
            } else {
                i += 1
            }
        } else {
            while i < bytes.count, !Self.isWhitespace(bytes[i]), !Self.isStructural(bytes[i]),
                bytes[i] != UInt8(ascii: "\""), !Self.isScalarByte(bytes[i])
            {
                i += 1
            }
        }
        add(.error, start, i, .strayToken, parent: parent)
    }

    // MARK: Building

    /// Appends a node (its subtree is itself until it closes) and widens the member it is in.
    @discardableResult
    private mutating func add(_ kind: Kind, _ start: Int, _ end: Int, _ problem: Problem, parent: Int) -> Int {
        steps += 1
        let k = nodes.count
        nodes.append(
            Node(
                startOffset: Int32(truncatingIfNeeded: start), endOffset: Int32(truncatingIfNeeded: end),
                parentIndex: Int32(truncatingIfNeeded: parent), subtreeEndIndex: Int32(truncatingIfNeeded: k + 1),
                kind: kind, problem: problem))
        if parent >= 0 { grow(parent, to: end) }
        return k
    }

    /// Widens member `m` (when it is one) to `end`, and counts what it now holds.
    private mutating func grow(_ m: Int, to end: Int) {
        guard nodes[m].kind == .member else { return }
        if end > nodes[m].end { nodes[m].endOffset = Int32(truncatingIfNeeded: end) }
        nodes[m].subtreeEndIndex = Int32(truncatingIfNeeded: nodes.count)
    }

    private mutating func setState(_ state: State) { frames[frames.count - 1].state = state }

    /// A value ended at `valueEnd` in the innermost container (or at the top): its member ends, a comma is next.
    private mutating func completed(valueEnd: Int) {
        guard !frames.isEmpty else {
            topDone = true
            return
        }
        let f = frames.count - 1
        if frames[f].member >= 0 {
            grow(frames[f].member, to: valueEnd)
            frames[f].member = -1
        }
        frames[f].state = .after
    }

    /// Ends the open member, whose value is missing (and its colon, when `colon`).
    private mutating func endMemberMissingValue(_ frame: Frame, colon: Bool) {
        guard frame.member >= 0 else { return }
        if colon { add(.missing, i, i, .missingColon, parent: frame.member) }
        add(.missing, i, i, .missingValue, parent: frame.member)
        completed(valueEnd: i)
    }

    /// Closes the innermost container at `end` (past its `}` or `]` when `consuming`), ending its open member.
    private mutating func close(_ frame: Frame, at end: Int, problem: Problem, consuming: Bool) {
        switch frame.state {
        case .colon: endMemberMissingValue(frame, colon: true)
        case .value: endMemberMissingValue(frame, colon: false)
        default: break
        }
        if consuming { i += 1 }
        let k = frame.node
        nodes[k].endOffset = Int32(truncatingIfNeeded: max(end, nodes[k].start + 1))
        nodes[k].subtreeEndIndex = Int32(truncatingIfNeeded: nodes.count)
        if problem != .none { nodes[k].problem = problem }
        frames.removeLast()
        if frame.isObject { openObjects -= 1 } else { openArrays -= 1 }
        if nodes[k].parent >= 0 { grow(nodes[k].parent, to: nodes[k].end) }
        completed(valueEnd: nodes[k].end)
    }

    // MARK: Bytes

    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    @inline(__always)
    static func isStructural(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "{") || b == UInt8(ascii: "}") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: ",") || b == UInt8(ascii: ":")
    }

    /// Bytes a number or literal is read with (a run of them is one token).
    @inline(__always)
    static func isScalarByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// Whether `b` starts a value.
    static func startsValue(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "\"") || b == UInt8(ascii: "{") || b == UInt8(ascii: "[") || isScalarByte(b)
    }

    static func isLiteral(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8)
    }

    /// Whether `word` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        var j = 0
        let n = word.count
        func digits() -> Int {
            let from = j
            while j < n, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(word[j]) { j += 1 }
            return j - from
        }
        if j < n, word[j] == UInt8(ascii: "-") { j += 1 }
        guard j < n else { return false }
        if word[j] == UInt8(ascii: "0") {
            j += 1
        } else if digits() == 0 {
            return false
        }
        if j < n, word[j] == UInt8(ascii: ".") {
            j += 1
            guard digits() > 0 else { return false }
        }
        if j < n, word[j] == UInt8(ascii: "e") || word[j] == UInt8(ascii: "E") {
            j += 1
            if j < n, word[j] == UInt8(ascii: "+") || word[j] == UInt8(ascii: "-") { j += 1 }
            guard digits() > 0 else { return false }
        }
        return j == n
    }
}
