/// A lenient forward scanner over JSON bytes: skips whitespace, strings and whole values without building
/// anything, and never reads out of bounds on malformed text. `JSONSourceLocator` and the model's node-span index
/// are built on it.
package struct JSONByteScanner {
    /// The text.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    package var i = 0

    /// A scanner at offset `i` of `bytes`.
    package init(bytes: UnsafeBufferPointer<UInt8>, at i: Int = 0) {
        self.bytes = bytes
        self.i = i
    }

    /// Whether a byte is JSON whitespace.
    @inline(__always)
    package static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09
    }

    /// Past any whitespace.
    package mutating func skipWhitespace() {
        while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
    }

    /// The byte at the cursor, or nil at the end.
    package var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    /// From an opening quote to just past the closing one.
    package mutating func skipString() {
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""):
                i += 1
                return
            default: i += 1
            }
        }
        i = min(i, bytes.count)
    }

    /// Past one value of any kind (lenient with malformed text: it never reads out of bounds).
    package mutating func skipValue() {
        guard i < bytes.count else { return }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    skipString()
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
        default:
            while i < bytes.count {
                let b = bytes[i]
                if Self.isWhitespace(b) || b == 0x2C || b == 0x5D || b == 0x7D { break }
                i += 1
            }
        }
    }

    /// The string in `range` (quotes included), with its escapes decoded.
    package func decodeString(_ range: Range<Int>) -> String {
        guard range.count >= 2 else { return "" }
        var out: [UInt8] = []
        var j = range.lowerBound + 1
        let end = range.upperBound - 1
        var pendingHigh: UInt32?
        while j < end {
            let c = bytes[j]
            guard c == UInt8(ascii: "\\"), j + 1 < end else {
                out.append(c)
                j += 1
                continue
            }
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
                if (0xD800..<0xDC00).contains(unit) {
                    pendingHigh = unit
                    continue
                }
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
