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
        var scanner = Scanner(bytes: bytes)
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

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        mutating func skipWhitespace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        /// From an opening quote to just past the closing one.
        mutating func skipString() {
            i += 1
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""): i += 1; return
                default: i += 1
                }
            }
            i = min(i, bytes.count)
        }

        /// Past one value of any kind (lenient with malformed text: it never reads out of bounds).
        mutating func skipValue() {
            guard i < bytes.count else { return }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < bytes.count {
                    switch bytes[i] {
                    case UInt8(ascii: "\""): skipString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { i += 1; return }
                    default: break
                    }
                    i += 1
                }
            default:
                while i < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x2C, 0x5D, 0x7D].contains(bytes[i]) { i += 1 }
            }
        }

        /// The string in `range` (quotes included), with its escapes decoded.
        func decodeString(_ range: Range<Int>) -> String {
            guard range.count >= 2 else { return "" }
            var out: [UInt8] = []
            var j = range.lowerBound + 1
            let end = range.upperBound - 1
            var pendingHigh: UInt32?
            while j < end {
                let c = bytes[j]
                guard c == UInt8(ascii: "\\"), j + 1 < end else { out.append(c); j += 1; continue }
                let e = bytes[j + 1]
                j += 2
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u") where j + 4 <= end:
                    let hex = String(decoding: bytes[j..<(j + 4)], as: UTF8.self)
                    j += 4
                    guard let unit = UInt32(hex, radix: 16) else { continue }
                    if (0xD800..<0xDC00).contains(unit) { pendingHigh = unit; continue }
                    var scalarValue = unit
                    if (0xDC00..<0xE000).contains(unit), let high = pendingHigh {
                        scalarValue = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                    }
                    pendingHigh = nil
                    if let scalar = Unicode.Scalar(scalarValue) { out.append(contentsOf: Array(String(scalar).utf8)) }
                default: out.append(e)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
