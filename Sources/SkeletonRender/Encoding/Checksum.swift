/// CRC-32 checksums through zlib.

import CZlib

/// Frame checksums for `encoding: crc32`.
package enum Checksum {
    /// zlib's CRC-32 (IEEE 802.3, as in PNG and gzip) of the frame's RGBA bytes, row-major.
    package static func crc32(of frame: Frame) -> UInt32 {
        frame.withUnsafeBytes { crc32(of: $0) }
    }

    /// zlib's CRC-32 of `bytes`, optionally continuing `crc`.
    package static func crc32(of bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        var c = uLong(crc)
        var p = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
        var left = bytes.count
        while left > 0, let q = p {
            let n = min(left, 1 << 30)
            c = CZlib.crc32(c, q, uInt(n))
            p = q + n
            left -= n
        }
        return UInt32(truncatingIfNeeded: c)
    }

    /// The wire form: 8 lowercase hex digits.
    package static func hex(_ crc: UInt32) -> String {
        let s = String(crc, radix: 16)
        return String(repeating: "0", count: 8 - s.count) + s
    }
}
