/// Serializes `JSON` values to compact UTF-8 text, appending to one growing buffer.
///
/// Numbers: integers as integers; a Double with an integral value below 2^53 is written without a fraction
/// (`5`, not `5.0`), others in Swift's shortest round-trip form. Non-finite Doubles are written as `null`.
/// Strings escape `"`, `\` and control characters; everything else is written as UTF-8.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public mutating func write(_ value: JSON) {
        switch value {
        case .null: writeRaw("null")
        case .bool(let b): writeRaw(b ? "true" : "false")
        case .int(let i): writeInt(i)
        case .double(let d): writeDouble(d)
        case .string(let s): writeString(s)
        case .encoded(let text): bytes.append(contentsOf: text.bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
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

    /// Appends text that is already valid JSON.
    public mutating func writeRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends bytes that are already valid JSON.
    public mutating func writeRaw(_ raw: some Sequence<UInt8>) {
        bytes.append(contentsOf: raw)
    }

    public mutating func writeInt(_ i: Int) {
        writeRaw(String(i))
    }

    public mutating func writeDouble(_ d: Double) {
        guard d.isFinite else { return writeRaw("null") }
        if d == d.rounded(), abs(d) < 9_007_199_254_740_992 {
            writeRaw(String(Int(d)))
        } else {
            writeRaw(String(d))
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// Writes `s` as a JSON string: quotes, `\"`, `\\`, `\n`, `\r`, `\t`, and `\u00XX` for other control bytes.
    public mutating func writeString(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            // Runs of bytes that need no escape (all of a base64 payload) are copied at once.
            var run = 0
            var i = 0
            while i < utf8.count {
                let c = utf8[i]
                i += 1
                guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<(i - 1)]))
                run = i
                switch c {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(c)
                case 0x0A:
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "n"))
                case 0x0D:
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "r"))
                case 0x09:
                    bytes.append(UInt8(ascii: "\\"))
                    bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    ])
                    bytes.append(Self.hex[Int(c >> 4)])
                    bytes.append(Self.hex[Int(c & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count]))
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
