/// Serializes `JSON` values to compact UTF-8 text, appending to one growing buffer.
///
/// Numbers: integers as integers; a Double with an integral value below 2^53 is written without a fraction
/// (`5`, not `5.0`), others in Swift's shortest round-trip form. Non-finite Doubles are written as `null`.
/// Strings escape `"`, `\` and control characters; everything else is written as UTF-8.
///
/// Besides whole values, the writer takes the parts of a value one at a time (`writeRaw`, `writeInt`,
/// `writeString`, `writeEscaped`), so messages whose shape is known (replies, frames) are encoded straight into
/// one buffer without building a `JSON` tree first.
package struct JSONWriter: Sendable {
    package private(set) var bytes: [UInt8]

    package init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Continues after `bytes` (already valid JSON text, or the start of it).
    package init(appendingTo bytes: [UInt8]) { self.bytes = bytes }

    /// Reserves room for `count` more bytes, growing geometrically (reserving exactly, call after call, would copy
    /// the whole buffer each time: a keyframe of many rectangles).
    package mutating func reserve(_ count: Int) {
        let (total, overflow) = bytes.count.addingReportingOverflow(count)
        guard !overflow, total > bytes.capacity else { return }
        let doubled = bytes.capacity.multipliedReportingOverflow(by: 2)
        bytes.reserveCapacity(doubled.overflow ? total : max(total, doubled.partialValue))
    }

    package mutating func write(_ value: JSON) {
        switch value {
        case .null: writeRaw(Self.nullText)
        case .bool(let b): writeRaw(b ? Self.trueText : Self.falseText)
        case .int(let i): writeInt(i)
        case .double(let d): writeDouble(d)
        case .string(let s): writeString(s)
        case .encoded(let text): bytes.append(contentsOf: text.bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                write(member)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let nullText: [UInt8] = Array("null".utf8)
    private static let trueText: [UInt8] = Array("true".utf8)
    private static let falseText: [UInt8] = Array("false".utf8)

    /// Appends text that is already valid JSON.
    package mutating func writeRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are already valid JSON.
    package mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }

    /// Appends bytes that are already valid JSON.
    package mutating func writeRaw(_ raw: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Appends bytes that are already valid JSON.
    package mutating func writeRaw(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    /// Lets `append` add text to the buffer in place (for example base64 encoded straight into it).
    ///
    /// - Important: `append` must only append, and only valid JSON text (or the inside of a string that needs no
    ///   escape, such as base64): nothing it writes is checked.
    package mutating func writeRaw(_ append: (inout [UInt8]) -> Void) {
        append(&bytes)
    }

    /// Appends one byte of JSON text (a bracket, a comma, a colon).
    package mutating func writeByte(_ byte: UInt8) { bytes.append(byte) }

    /// Writes `i` in decimal, digits straight into the buffer (no String).
    package mutating func writeInt(_ i: Int) {
        if i < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned, so Int.min has one too.
        var n = i.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int.max has 19 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                count += 1
                raw[raw.count - count] = UInt8(truncatingIfNeeded: 0x30 &+ n % 10)
                n /= 10
            } while n > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(raw.count - count)...]))
        }
    }

    package mutating func writeDouble(_ d: Double) {
        guard d.isFinite else { return writeRaw(Self.nullText) }
        if let i = JSON.exactInteger(d) {
            writeInt(i)
        } else {
            writeRaw(String(d))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Writes `s` as a JSON string: quotes, `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00XX` for other control bytes.
    package mutating func writeString(_ s: String) {
        var s = s
        s.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes UTF-8 bytes as a JSON string, escaped as `writeString` does.
    ///
    /// - Important: `utf8` must be valid UTF-8 (as jansson's strings and Swift's are): it is copied, not checked.
    package mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        writeEscaped(utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes the inside of a JSON string (no quotes): `utf8` with `"`, `\\` and control bytes escaped.
    ///
    /// - Important: `utf8` must be valid UTF-8: it is copied, not checked.
    package mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        // Runs of bytes that need no escape are copied at once; they are found eight bytes at a time.
        var run = 0
        var i = 0
        while i < utf8.count {
            while i + 8 <= utf8.count, !Self.mayNeedEscape(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                i += 8
            }
            guard i < utf8.count else { break }
            let c = utf8[i]
            i += 1
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<(i - 1)]))
            run = i
            writeEscape(c)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
    }

    /// Whether any of eight bytes (a little-endian word) is `"`, `\\` or below 0x20. Exact as a yes/no answer (the
    /// has-zero-byte and has-byte-less-than tests); a byte at 0x80 or above is never flagged.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & high
        let hasBackslash = (backslash &- ones) & ~backslash & high
        let hasControl = (word &- ones &* 0x20) & ~word & high
        return hasQuote | hasBackslash | hasControl != 0
    }

    /// The escape of one byte that needs one.
    private mutating func writeEscape(_ c: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(c)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(Self.hex[Int(c >> 4)])
            bytes.append(Self.hex[Int(c & 0xF)])
        }
    }
}
