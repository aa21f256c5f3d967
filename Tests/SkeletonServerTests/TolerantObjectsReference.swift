import JSON

@testable import SkeletonServer

/// The forgiving scan completion read the text with before it read the syntax tree (kept here as the reference the
/// tree's reading is tested against, `CompletionScanTests`).
///
/// The objects of a JSON text that may be broken (as it is mid-keystroke), found by one forgiving scan: every `{`
/// with the member names written in it (before and after any cursor), the member it is the value of, and the
/// enclosing object; and what surrounds a cursor (the innermost object, whether a key or a value is expected there,
/// the string it is in). Nothing is parsed or validated: an unclosed string ends at its line's end, an unmatched `}`
/// closes what is open, and whatever is still open at the end of the text ends there.
struct TolerantObjects: Sendable {
    /// One `{…}` (or `{…` while unclosed).
    struct Object: Sendable {
        /// The offset of its `{`.
        var start: Int
        /// The enclosing object (through arrays), or nil for a top value.
        var parent: Int?
        /// The member whose value is this object or the array holding it (nil for a top value).
        var key: String?
        /// Whether it is an element of an array (`key` names that array).
        var isElement: Bool
        /// Its members in text order: name, the name's range (inside the quotes) and the string value, if any.
        var members: [(name: String, range: Range<Int>, string: String?)] = []

        /// The string value of member `name`, if written.
        func string(_ name: String) -> String? { members.first { $0.name == name }?.string }
    }

    /// What surrounds the cursor.
    struct Cursor: Sendable {
        /// The innermost object open at the cursor, or nil.
        var object: Int?
        /// Whether the cursor is directly in an array (rather than in an object member).
        var inArray = false
        /// Whether the innermost object expects a member name here (after `{` or `,`).
        var expectsKey = false
        /// The member whose value is at the cursor (or the array's member, in an array).
        var key: String?
        /// The string holding the cursor: its content's range (from after the opening quote to the closing quote or
        /// the end of its line) and whether it is closed.
        var string: (content: Range<Int>, closed: Bool)?
    }

    private(set) var objects: [Object] = []
    private(set) var cursor = Cursor()
    /// How many bytes the scan went through (its work; the whole text for `init(bytes:cursor:)`).
    private(set) var scannedBytes = 0
    /// The open containers where the scan stopped, innermost last.
    private(set) var stack: [Container] = []

    /// An open container of the scan.
    enum Container {
        /// `done`: the current member's value is complete (a string after it starts a new member: a comma is
        /// missing, as while a line is being added).
        case object(index: Int, expectsKey: Bool, key: String?, done: Bool)
        case array(key: String?, object: Int?)
    }

    /// Marks the innermost object's current value complete (after a nested value or a literal's byte).
    private static func completeValue(_ stack: inout [Container]) {
        if case .object(let index, false, let key, _)? = stack.last {
            stack[stack.count - 1] = .object(index: index, expectsKey: false, key: key, done: true)
        }
    }

    /// Scans `bytes`, noting the context at byte offset `cursorOffset`.
    init(bytes: [UInt8], cursor cursorOffset: Int) {
        self.init(bytes: bytes, cursor: cursorOffset, from: 0, until: bytes.count, closingFirst: false)
    }

    /// Scans `bytes[from..<until]` as if the scan had begun at `from` with nothing open, noting the context at
    /// `cursorOffset`; with `closingFirst`, stops as soon as the first container opened is closed again (`from` is
    /// then an opening bracket: what the whole scan does from there on is the same while it stays open, whatever
    /// is open below it, see `LocalCompletionScan`).
    init(bytes: [UInt8], cursor cursorOffset: Int, from: Int, until: Int, closingFirst: Bool) {
        var stack: [Container] = []
        var noted = false
        var i = max(0, from)
        let n = min(until, bytes.count)
        defer {
            scannedBytes = max(0, min(i, n) - from)
            self.stack = stack
        }
        func enclosingObject() -> Int? {
            for c in stack.reversed() {
                switch c {
                case .object(let index, _, _, _): return index
                case .array(_, let object): return object
                }
            }
            return nil
        }
        func context(string: (Range<Int>, Bool)?) -> Cursor {
            var out = Cursor()
            out.object = enclosingObject()
            out.string = string.map { (content: $0.0, closed: $0.1) }
            switch stack.last {
            case .object(_, let expectsKey, let key, let done)?:
                out.expectsKey = expectsKey || done
                out.key = out.expectsKey ? nil : key
            case .array(let key, _)?:
                out.inArray = true
                out.key = key
            case nil: break
            }
            return out
        }
        scan: while i < n {
            if !noted, i >= cursorOffset {
                cursor = context(string: nil)
                noted = true
            }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                let start = i + 1
                var j = start
                var closed = false
                while j < n, bytes[j] != UInt8(ascii: "\n") {
                    if bytes[j] == UInt8(ascii: "\\") {
                        j += 2
                        continue
                    }
                    if bytes[j] == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    j += 1
                }
                let end = min(j, n)
                if !noted, start <= cursorOffset, cursorOffset <= end {
                    cursor = context(string: (start..<end, closed))
                    noted = true
                }
                let text = String(decoding: bytes[start..<end], as: UTF8.self)
                if case .object(let index, let expectsKey, let key, let done)? = stack.last {
                    if expectsKey || done {
                        objects[index].members.append((text, start..<end, nil))
                        stack[stack.count - 1] = .object(index: index, expectsKey: true, key: text, done: false)
                    } else {
                        if let last = objects[index].members.indices.last, objects[index].members[last].name == key {
                            objects[index].members[last].string = text
                        }
                        stack[stack.count - 1] = .object(index: index, expectsKey: false, key: key, done: true)
                    }
                }
                i = closed ? end + 1 : end
                continue
            case UInt8(ascii: "{"):
                var key: String?
                var isElement = false
                switch stack.last {
                case .object(_, let expectsKey, let k, _)?: key = expectsKey ? nil : k
                case .array(let k, _)?:
                    key = k
                    isElement = true
                case nil: break
                }
                objects.append(Object(start: i, parent: enclosingObject(), key: key, isElement: isElement))
                stack.append(.object(index: objects.count - 1, expectsKey: true, key: nil, done: false))
            case UInt8(ascii: "["):
                var key: String?
                if case .object(_, false, let k, _)? = stack.last { key = k }
                stack.append(.array(key: key, object: enclosingObject()))
            case UInt8(ascii: "}"):
                while let last = stack.popLast() { if case .object = last { break } }
                if closingFirst, stack.isEmpty {
                    i += 1
                    break scan
                }
                Self.completeValue(&stack)
            case UInt8(ascii: "]"):
                if case .array? = stack.last {
                    stack.removeLast()
                    if closingFirst, stack.isEmpty {
                        i += 1
                        break scan
                    }
                    Self.completeValue(&stack)
                }
            case UInt8(ascii: ":"):
                if case .object(let index, true, let key, _)? = stack.last {
                    stack[stack.count - 1] = .object(index: index, expectsKey: false, key: key, done: false)
                }
            case UInt8(ascii: ","):
                if case .object(let index, _, _, _)? = stack.last {
                    stack[stack.count - 1] = .object(index: index, expectsKey: true, key: nil, done: false)
                }
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                // A literal (a number, true, …) ends at a space: not while the cursor is still at its end.
                if i > 0, JSONSyntaxTree.isWordByte(bytes[i - 1]) { Self.completeValue(&stack) }
            default: break
            }
            i += 1
        }
        if !noted { cursor = context(string: nil) }
    }
}
