import SkeletonModel

/// What completion needs to know around a cursor, found without reading the whole text: the brackets still open at
/// the cursor are found by walking back from it line by line (`OpenBrackets`), then `TolerantObjects` scans forward
/// from the innermost object's `{` to where it closes. The answer is the one the whole-text scan gives: from an
/// opening bracket on, that scan does the same whatever is open below it, as long as the bracket stays open, and
/// the brackets between are checked to pair up (any `}` against a `[` or the like: nil, and the whole text is scanned).
///
/// Only what a node, the document or a small object needs is worked out here; a section (its owner's `type`) and
/// template names (every enclosing `templates`) are left to the whole-text scan (`Completion.answer`).
struct LocalCompletionScan {
    /// The scan of the innermost object, from its `{` (object 0) to its end.
    let scan: TolerantObjects
    /// The innermost object at the cursor as the whole-text scan sees it.
    let kind: Completion.ObjectKind
    /// The bytes gone through (back and forward), for tests that count the work.
    let scannedBytes: Int

    /// Nil when the brackets before the cursor do not pair up, or the object is a section (see above).
    init?(bytes: [UInt8], cursor: Int) {
        var back = OpenBrackets(bytes: bytes, before: cursor)
        // The innermost object open at the cursor (arrays inside it are the scan's business).
        var inner: OpenBrackets.Bracket?
        while let b = back.next() {
            if b.isObject {
                inner = b
                break
            }
        }
        guard let inner, back.paired else { return nil }
        let objectScan = TolerantObjects(
            bytes: bytes, cursor: cursor, from: inner.offset, until: bytes.count, closingFirst: true)
        guard objectScan.cursor.object == 0 else { return nil }
        var scanned = objectScan.scannedBytes
        // How the object sits in what encloses it: its parent object (through arrays), its key, whether an element.
        var arrays: [Int] = []
        var parentBracket: OpenBrackets.Bracket?
        while let b = back.next() {
            if b.isObject {
                parentBracket = b
                break
            }
            arrays.append(b.offset)
        }
        guard back.paired else { return nil }
        guard let parent = parentBracket else {
            self.init(scan: objectScan, kind: .document, scannedBytes: scanned + back.scannedBytes)
            return
        }
        // The parent's state at its first child on the way in (the outermost array, or the object itself): a `{`
        // or `[` takes the member name only while a value is expected there; an array in an array takes none.
        guard let first = Self.memberName(bytes, of: parent.offset, at: arrays.last ?? inner.offset, &scanned) else {
            return nil
        }
        let isElement = !arrays.isEmpty
        let name = (arrays.count > 1 ? nil : first.name) ?? ""
        // What encloses the parent, worked out only when asked: the next bracket out, and whether any object is.
        var outer: OpenBrackets.Bracket??
        func parentIsTop() -> Bool {
            if outer == nil { outer = .some(back.next()) }
            guard case .some(let bracket) = outer, let bracket else { return true }
            return bracket.isObject ? false : back.nextObject() == nil
        }
        func parentIsTemplatesMember() -> Bool {
            if outer == nil { outer = .some(back.next()) }
            guard case .some(let bracket) = outer, let bracket, bracket.isObject else { return false }
            return Self.memberName(bytes, of: bracket.offset, at: parent.offset, &scanned)?.name
                == DocumentProperty.list.templates.name
        }
        var kind = Completion.ObjectKind.other(name)
        if name == DocumentProperty.document.root.name, !isElement, parentIsTop() {
            kind = .node
        } else if isElement, name == DocumentProperty.view.children.name {
            kind = .node
        } else if !isElement, parentIsTemplatesMember() {
            kind = .node
        } else if name == DocumentProperty.document.appearance.name, parentIsTop() {
            kind = .appearance
        } else if isElement, name == DocumentProperty.list.sections.name {
            return nil
        }
        guard back.paired else { return nil }
        self.init(scan: objectScan, kind: kind, scannedBytes: scanned + back.scannedBytes)
    }

    /// The member an opening bracket is the value of (`name` nil: none).
    private struct Member {
        var name: String?
    }

    private init(scan: TolerantObjects, kind: Completion.ObjectKind, scannedBytes: Int) {
        self.scan = scan
        self.kind = kind
        self.scannedBytes = scannedBytes
    }

    /// The member name an opening bracket at `child` takes inside the object whose `{` is at `object` (`name` nil:
    /// none, a member name is expected there), from a scan of the object up to `child`; nil when that object does
    /// not stay open up to there.
    private static func memberName(_ bytes: [UInt8], of object: Int, at child: Int, _ scanned: inout Int)
        -> Member?
    {
        let between = TolerantObjects(bytes: bytes, cursor: child, from: object, until: child, closingFirst: true)
        scanned += between.scannedBytes
        guard between.stack.count == 1, case .object(_, let expectsKey, let key, _) = between.stack[0] else {
            return nil
        }
        return Member(name: expectsKey ? nil : key)
    }
}

/// The brackets still open at an offset, innermost first, found by walking back line by line: a line starts
/// outside any string in `TolerantObjects`' scan (a string ends at its line's end) unless the line before ends
/// in a backslash, whose escape may carry the string on (such a line is taken with the one before it).
struct OpenBrackets {
    /// An opening bracket left open.
    struct Bracket {
        var offset: Int
        var isObject: Bool
    }

    private let bytes: [UInt8]
    /// The text before `low` is still to be read.
    private var low: Int
    /// Open brackets found in the lines read and not handed out yet, innermost last.
    private var found: [Bracket] = []
    /// Closing brackets read (walking back) and not yet paired, innermost first.
    private var closers: [UInt8] = []
    /// False once a closing bracket met an opening bracket of the other kind.
    private(set) var paired = true
    private(set) var scannedBytes = 0

    init(bytes: [UInt8], before offset: Int) {
        self.bytes = bytes
        low = min(max(0, offset), bytes.count)
        // The cursor's line up to the cursor.
        readLine(upTo: low, first: true)
    }

    /// The next open bracket outwards, or nil at the start of the text (or once the brackets do not pair up).
    mutating func next() -> Bracket? {
        while found.isEmpty, paired, low > 0 { readLine(upTo: low, first: false) }
        return paired ? found.popLast() : nil
    }

    /// The next open object outwards (skipping arrays).
    mutating func nextObject() -> Bracket? {
        while let b = next() { if b.isObject { return b } }
        return nil
    }

    /// Reads back from `end` to the start of a line that begins outside any string, lexing it forwards.
    /// `first`: the cursor's own line (else `end` is a line's start, and the line before it is read).
    private mutating func readLine(upTo end: Int, first: Bool) {
        var start = end
        if !first, start > 0 { start -= 1 }
        while start > 0 {
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            // The newline before may be inside a string carried on by an escape: take the line before too.
            if start >= 2, bytes[start - 2] == UInt8(ascii: "\\") {
                start -= 1
                continue
            }
            break
        }
        // Whatever the scan at the cursor's line did, `end` of an earlier line is its next line's start.
        scannedBytes += end - start
        var brackets: [(offset: Int, byte: UInt8)] = []
        var i = start
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\n") {
                    if bytes[j] == UInt8(ascii: "\\") {
                        j += 2
                        continue
                    }
                    if bytes[j] == UInt8(ascii: "\"") {
                        j += 1
                        break
                    }
                    j += 1
                }
                i = j
                continue
            }
            if b == UInt8(ascii: "{") || b == UInt8(ascii: "[") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") {
                brackets.append((i, b))
            }
            i += 1
        }
        low = start
        // Walking back: a closing bracket waits for its opening one; an opening one left over is open.
        var opened: [Bracket] = []
        for (offset, b) in brackets.reversed() {
            switch b {
            case UInt8(ascii: "}"), UInt8(ascii: "]"): closers.append(b)
            default:
                if let closer = closers.popLast() {
                    let matches = (b == UInt8(ascii: "{")) == (closer == UInt8(ascii: "}"))
                    if !matches { paired = false }
                } else {
                    opened.append(Bracket(offset: offset, isObject: b == UInt8(ascii: "{")))
                }
            }
        }
        // `opened` is innermost first; `found` hands out from its end.
        found.insert(contentsOf: opened.reversed(), at: 0)
    }
}
