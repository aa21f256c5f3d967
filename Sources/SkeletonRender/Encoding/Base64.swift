/// Standard base64 (RFC 4648, `+/`, `=` padding), table-driven.

/// Base64 encoding for frame data on the wire.
package enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The encoded length of `count` bytes.
    package static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Appends the base64 text of `bytes` to `out` (ASCII bytes, ready for a JSON string).
    package static func encode(_ bytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        let n = bytes.count
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: encodedCount(n)))
        alphabet.withUnsafeBufferPointer { table in
            out.withUnsafeMutableBufferPointer { dst in
                guard let t = table.baseAddress, let d0 = dst.baseAddress,
                    let s = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                else { return }
                var d = d0 + start
                var i = 0
                while i + 3 <= n {
                    let v = UInt32(s[i]) << 16 | UInt32(s[i + 1]) << 8 | UInt32(s[i + 2])
                    d[0] = t[Int(v >> 18)]
                    d[1] = t[Int((v >> 12) & 63)]
                    d[2] = t[Int((v >> 6) & 63)]
                    d[3] = t[Int(v & 63)]
                    d += 4
                    i += 3
                }
                let rest = n - i
                if rest > 0 {
                    let v = UInt32(s[i]) << 16 | (rest == 2 ? UInt32(s[i + 1]) << 8 : 0)
                    d[0] = t[Int(v >> 18)]
                    d[1] = t[Int((v >> 12) & 63)]
                    d[2] = rest == 2 ? t[Int((v >> 6) & 63)] : UInt8(ascii: "=")
                    d[3] = UInt8(ascii: "=")
                }
            }
        }
    }

    /// The base64 text of `bytes` as ASCII bytes.
    package static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(encodedCount(bytes.count))
        bytes.withUnsafeBytes { encode($0, into: &out) }
        return out
    }

    /// The base64 text of `bytes` as a String.
    package static func encodeToString(_ bytes: [UInt8]) -> String {
        String(decoding: encode(bytes), as: UTF8.self)
    }

    /// Decodes base64 text (padding required, no whitespace); nil when malformed. For tests and clients.
    package static func decode(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        var lookup = [Int16](repeating: -1, count: 256)
        for (i, c) in alphabet.enumerated() { lookup[Int(c)] = Int16(i) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var i = 0
        while i < text.count {
            var v: UInt32 = 0
            var pad = 0
            for k in 0..<4 {
                let c = text[i + k]
                if c == UInt8(ascii: "=") && k >= 2 && i + 4 == text.count {
                    pad += 1
                    v <<= 6
                } else {
                    let x = lookup[Int(c)]
                    guard x >= 0, pad == 0 else { return nil }
                    v = v << 6 | UInt32(x)
                }
            }
            out.append(UInt8(v >> 16))
            if pad < 2 { out.append(UInt8((v >> 8) & 0xFF)) }
            if pad < 1 { out.append(UInt8(v & 0xFF)) }
            i += 4
        }
        return out
    }
}
