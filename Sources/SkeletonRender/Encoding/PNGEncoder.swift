/// PNG encoding of frame rectangles: 8-bit RGB (frames are opaque), zlib deflate at a fast level.

import CZlib

/// Writes PNG images of frame rectangles.
///
/// Format: signature, IHDR (colour type 2 = RGB, bit depth 8, no interlace), one IDAT, IEND. Each row is filtered
/// with Sub or Up, whichever has the smaller sum of absolute byte values (a cheap form of libpng's heuristic).
/// Compression: zlib level `PNGEncoder.level`, default strategy, window sized to the data.
package enum PNGEncoder {
    /// The zlib compression level (1: fastest).
    package static let level: Int32 = 1

    /// The PNG bytes of `rect` (inside the frame) of `frame`.
    package static func encode(_ frame: Frame, rect: PixelRect) throws(RenderError) -> [UInt8] {
        guard !rect.isEmpty, frame.bounds.contains(rect) else { throw .regionOutsideCanvas(rect) }
        let filtered = filter(frame, rect)
        let idat = try deflate(filtered)
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(idat.count + 64)
        var ihdr: [UInt8] = []
        appendBE(&ihdr, UInt32(rect.width))
        appendBE(&ihdr, UInt32(rect.height))
        ihdr += [8, 2, 0, 0, 0]
        chunk(&out, "IHDR", ihdr)
        chunk(&out, "IDAT", idat)
        chunk(&out, "IEND", [])
        return out
    }

    /// Filtered scanlines: one filter byte then width × 3 bytes per row.
    static func filter(_ frame: Frame, _ rect: PixelRect) -> [UInt8] {
        let rowBytes = rect.width * 3
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * rect.height)
        var rows = [UInt8](repeating: 0, count: rowBytes * 2)
        let w = frame.width
        frame.pixels.withUnsafeBufferPointer { px in
            out.withUnsafeMutableBufferPointer { o in
                rows.withUnsafeMutableBufferPointer { buf in
                    guard let p = px.baseAddress, let ob = o.baseAddress, let b = buf.baseAddress else { return }
                    var prev = b
                    var cur = b + rowBytes
                    for row in 0..<rect.height {
                        let src = p + (rect.y + row) * w + rect.x
                        for x in 0..<rect.width {
                            let v = src[x]
                            cur[x &* 3] = UInt8(truncatingIfNeeded: v)
                            cur[x &* 3 &+ 1] = UInt8(truncatingIfNeeded: v >> 8)
                            cur[x &* 3 &+ 2] = UInt8(truncatingIfNeeded: v >> 16)
                        }
                        var sumSub = 0
                        var sumUp = 0
                        for i in 0..<rowBytes {
                            let sub = cur[i] &- (i >= 3 ? cur[i &- 3] : 0)
                            let up = cur[i] &- prev[i]
                            sumSub &+= Int(Int8(bitPattern: sub).magnitude)
                            sumUp &+= Int(Int8(bitPattern: up).magnitude)
                        }
                        let line = ob + row * (rowBytes + 1)
                        let dst = line + 1
                        if row > 0 && sumUp < sumSub {
                            line[0] = 2
                            for i in 0..<rowBytes { dst[i] = cur[i] &- prev[i] }
                        } else {
                            line[0] = 1
                            for i in 0..<min(3, rowBytes) { dst[i] = cur[i] }
                            if rowBytes > 3 { for i in 3..<rowBytes { dst[i] = cur[i] &- cur[i &- 3] } }
                        }
                        swap(&prev, &cur)
                    }
                }
            }
        }
        return out
    }

    /// A zlib stream (RFC 1950) of `data`.
    static func deflate(_ data: [UInt8]) throws(RenderError) -> [UInt8] {
        var stream = z_stream()
        var windowBits: Int32 = 9
        while windowBits < 15 && (1 << windowBits) < data.count { windowBits += 1 }
        var status = deflateInit2_(
            &stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .compressionFailed(status) }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var out = [UInt8](repeating: 0, count: bound)
        var produced = 0
        status = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                let s = CZlib.deflate(&stream, Z_FINISH)
                produced = output.count - Int(stream.avail_out)
                return s
            }
        }
        guard status == Z_STREAM_END else { throw .compressionFailed(status) }
        out.removeSubrange(produced...)
        return out
    }

    private static func appendBE(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        appendBE(&out, UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crcInput = typeBytes
        crcInput += data
        out += crcInput
        let crc = crcInput.withUnsafeBytes { Checksum.crc32(of: $0) }
        appendBE(&out, crc)
    }
}
