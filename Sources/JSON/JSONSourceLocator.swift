/// Finds where a value sits in JSON text, by JSON Pointer: a light scan of the bytes, done only when a
/// diagnostic needs a range (jansson keeps no positions).
public enum JSONSourceLocator {
    /// Where a pointer leads in the text.
    public struct Location: Sendable, Hashable {
        /// Byte range of the value reached.
        public var value: Range<Int>
        /// Byte range of its key (quotes included) when the value is an object member.
        public var key: Range<Int>?
        /// How many pointer tokens were found; less than the pointer's length when the rest does not exist
        /// (then `value` is the deepest ancestor that does).
        public var matchedTokens: Int

        /// The range a diagnostic should underline: the key of a container member (a whole object is too
        /// much to underline), else the value.
        public var preferred: Range<Int> {
            if let key, value.count > 1, [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(firstByte) { return key }
            return value
        }

        var firstByte: UInt8 = 0
    }

    /// The location of `pointer` in `text`, or nil when the text has no value at all.
    public static func locate(_ pointer: JSONPointer, in text: [UInt8]) -> Location? {
        text.withUnsafeBufferPointer { locate(pointer, in: $0) }
    }

    public static func locate(_ pointer: JSONPointer, in bytes: UnsafeBufferPointer<UInt8>) -> Location? {
        var scanner = JSONByteScanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.i < bytes.count else { return nil }
        var valueStart = scanner.i
        var key: Range<Int>?
        var matched = 0
        tokens: for token in pointer.tokens {
            scanner.i = valueStart
            switch bytes[valueStart] {
            case UInt8(ascii: "{"):
                scanner.i += 1
                while true {
                    scanner.skipWhitespace()
                    guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: "\"") else { break tokens }
                    let keyStart = scanner.i
                    scanner.skipString()
                    let keyRange = keyStart..<scanner.i
                    scanner.skipWhitespace()
                    guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: ":") else { break tokens }
                    scanner.i += 1
                    scanner.skipWhitespace()
                    if scanner.decodeString(keyRange) == token {
                        valueStart = scanner.i
                        key = keyRange
                        matched += 1
                        continue tokens
                    }
                    scanner.skipValue()
                    scanner.skipWhitespace()
                    guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: ",") else { break tokens }
                    scanner.i += 1
                }
            case UInt8(ascii: "["):
                guard let index = Int(token), index >= 0 else { break tokens }
                scanner.i += 1
                var current = 0
                while true {
                    scanner.skipWhitespace()
                    guard scanner.i < bytes.count, bytes[scanner.i] != UInt8(ascii: "]") else { break tokens }
                    if current == index {
                        valueStart = scanner.i
                        key = nil
                        matched += 1
                        continue tokens
                    }
                    scanner.skipValue()
                    scanner.skipWhitespace()
                    guard scanner.i < bytes.count, bytes[scanner.i] == UInt8(ascii: ",") else { break tokens }
                    scanner.i += 1
                    current += 1
                }
            default:
                break tokens
            }
        }
        scanner.i = valueStart
        scanner.skipValue()
        var location = Location(value: valueStart..<max(scanner.i, valueStart + 1), key: key, matchedTokens: matched)
        location.value = valueStart..<min(location.value.upperBound, bytes.count)
        location.firstByte = bytes[valueStart]
        return location
    }
}

extension JSONSourceLocator {
    /// One value written in a JSON text: where it is, and where it sits in its container.
    public struct ValueSpan: Sendable, Hashable {
        /// Byte range of the value (from its first byte to just past its last).
        public var value: Range<Int>
        /// Byte range of its key (quotes included) when the value is an object member.
        public var key: Range<Int>?
        /// Its position among its array's elements (nil for object members and the top value).
        public var element: Int?
        /// The container's index in the spans (-1 for the top value).
        public var parent: Int
        /// One past the index of its last descendant (preorder).
        public var subtreeEnd: Int
        /// The value's first byte: `{`, `[`, `"` or the first byte of a literal.
        public var firstByte: UInt8

        public var isObject: Bool { firstByte == UInt8(ascii: "{") }
        public var isArray: Bool { firstByte == UInt8(ascii: "[") }
        public var isString: Bool { firstByte == UInt8(ascii: "\"") }
    }

    /// Every value of `bytes` in preorder, by the same light scan as `locate` (no parse, nothing decoded, no
    /// recursion: deep nesting costs heap, not stack). Lenient with malformed text: what is well formed up to the
    /// first error is listed, and a container left open ends at the end of the text.
    public static func valueSpans(in bytes: UnsafeBufferPointer<UInt8>) -> [ValueSpan] {
        var scanner = JSONByteScanner(bytes: bytes)
        var spans: [ValueSpan] = []
        /// Open containers: their index in `spans` and the next element's position (arrays).
        var open: [(index: Int, nextElement: Int)] = []
        scanner.skipWhitespace()
        guard scanner.i < bytes.count else { return [] }

        /// Records the value at the cursor; scalars are skipped, containers opened.
        func begin(key: Range<Int>?, element: Int?) {
            let start = scanner.i
            let first = bytes[start]
            let k = spans.count
            spans.append(
                ValueSpan(
                    value: start..<start, key: key, element: element, parent: open.last?.index ?? -1,
                    subtreeEnd: k + 1, firstByte: first))
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                scanner.i += 1
                open.append((k, 0))
            } else {
                scanner.skipValue()
                spans[k].value = start..<max(scanner.i, start + 1)
            }
        }
        func close(at end: Int) {
            guard let last = open.popLast() else { return }
            spans[last.index].value = spans[last.index].value.lowerBound..<end
            spans[last.index].subtreeEnd = spans.count
        }

        begin(key: nil, element: nil)
        scan: while let container = open.last {
            scanner.skipWhitespace()
            guard let b = scanner.current else { break }
            let isObject = spans[container.index].isObject
            if b == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                scanner.i += 1
                close(at: scanner.i)
                continue
            }
            if b == UInt8(ascii: ",") {
                scanner.i += 1
                continue
            }
            if isObject {
                guard b == UInt8(ascii: "\"") else { break scan }
                let keyStart = scanner.i
                scanner.skipString()
                let key = keyStart..<scanner.i
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: ":") else { break scan }
                scanner.i += 1
                scanner.skipWhitespace()
                guard let v = scanner.current, v != UInt8(ascii: "}"), v != UInt8(ascii: ",") else { break scan }
                begin(key: key, element: nil)
            } else {
                guard b != UInt8(ascii: "}") else { break scan }
                let element = container.nextElement
                open[open.count - 1].nextElement += 1
                begin(key: nil, element: element)
            }
        }
        while !open.isEmpty { close(at: bytes.count) }
        return spans
    }
}

extension JSONSourceLocator {
    /// The string written in `range` of `bytes` (quotes included), its escapes decoded.
    public static func string(in range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> String {
        JSONByteScanner(bytes: bytes).decodeString(range)
    }
}
