/// The text of a JSON string as written in a text (escapes decoded), for the syntax tree's strings and keys.
enum JSONStringText {
    /// The string in `range` of `bytes` (from its opening quote to past its closing one, or to its line's end when
    /// unterminated), its escapes decoded (an invalid escape gives its letter; a lone surrogate, nothing).
    static func decode(contentOf range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard range.count >= 1, range.upperBound <= bytes.count else { return "" }
        let end = contentEnd(range, bytes)
        var j = range.lowerBound + 1
        guard bytes[j..<end].contains(UInt8(ascii: "\\")) else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[j..<end]), as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(end - j)
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
                let unit = hex(bytes, j)
                j += 4
                guard let unit else { continue }
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

    /// The end of the content of the string in `range`: before its closing quote, or the range's end.
    private static func contentEnd(_ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let last = range.upperBound - 1
        let closed =
            range.count >= 2 && bytes[last] == UInt8(ascii: "\"") && !isEscaped(last, from: range.lowerBound, bytes)
        return closed ? last : range.upperBound
    }

    /// Whether the quote at `i` is escaped (an odd run of backslashes before it, after `start`).
    private static func isEscaped(_ i: Int, from start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = i - 1
        var run = 0
        while k > start, bytes[k] == UInt8(ascii: "\\") {
            run += 1
            k -= 1
        }
        return run % 2 == 1
    }

    /// The four hex digits at `j`, or nil.
    private static func hex(_ bytes: UnsafeBufferPointer<UInt8>, _ j: Int) -> UInt32? {
        var value: UInt32 = 0
        for i in j..<(j + 4) {
            let b = bytes[i]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Whether the string in `range` (opening quote included) is `name`, comparing bytes when it has no escape.
    static func equals(_ range: Range<Int>, _ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count >= 1, range.upperBound <= bytes.count else { return name.isEmpty }
        let end = contentEnd(range, bytes)
        let content = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<end])
        if !content.contains(UInt8(ascii: "\\")) { return content.elementsEqual(name.utf8) }
        return decode(contentOf: range, in: bytes) == name
    }
}
