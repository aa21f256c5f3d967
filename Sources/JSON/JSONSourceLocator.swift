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
