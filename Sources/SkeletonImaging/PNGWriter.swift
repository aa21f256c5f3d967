internal import CZlib

/// Why a PNG could not be encoded.
package struct PNGError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

/// Encodes an `RGBAImage` as a PNG file: 8-bit RGB when every pixel is opaque (colour type 2), else 8-bit RGBA
/// (colour type 6); not interlaced; one IDAT compressed by zlib; each row filtered with None, Sub or Up,
/// whichever has the smallest sum of absolute (signed) bytes.
package enum PNGWriter {
    /// The zlib compression level (sheets are written once and kept, so a good ratio beats speed).
    package static let level: Int32 = 6

    /// The PNG bytes of `image`.
    package static func encode(_ image: RGBAImage) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= 0x7FFF_FFFF, image.height <= 0x7FFF_FFFF else {
            throw PNGError(description: "a PNG needs at least one pixel, not \(image.width)×\(image.height)")
        }
        let opaque = isOpaque(image)
        let channels = opaque ? 3 : 4
        let filtered = filterRows(image, channels: channels)
        let idat = try compress(filtered)
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(&header, UInt32(image.width))
        appendBigEndian(&header, UInt32(image.height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        appendChunk(&out, "IHDR", header)
        appendChunk(&out, "IDAT", idat)
        appendChunk(&out, "IEND", [])
        return out
    }

    static func isOpaque(_ image: RGBAImage) -> Bool {
        var i = 3
        while i < image.bytes.count {
            if image.bytes[i] != 255 { return false }
            i += 4
        }
        return true
    }

    /// One filter byte then `width × channels` bytes per row.
    static func filterRows(_ image: RGBAImage, channels: Int) -> [UInt8] {
        let rowBytes = image.width * channels
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * image.height)
        var rows = [UInt8](repeating: 0, count: rowBytes * 2)
        image.bytes.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { output in
                rows.withUnsafeMutableBufferPointer { buffer in
                    guard let source = pixels.baseAddress, let target = output.baseAddress,
                        let base = buffer.baseAddress
                    else { return }
                    var previous = base
                    var current = base + rowBytes
                    for row in 0..<image.height {
                        let pixelRow = source + row * image.width * 4
                        for x in 0..<image.width {
                            for c in 0..<channels { current[x &* channels &+ c] = pixelRow[x &* 4 &+ c] }
                        }
                        // Scores of None, Sub and Up: sums of the filtered bytes read as signed magnitudes.
                        var none = 0
                        var sub = 0
                        var up = 0
                        for i in 0..<rowBytes {
                            let value = current[i]
                            let left = i >= channels ? current[i &- channels] : 0
                            none &+= Int(Int8(bitPattern: value).magnitude)
                            sub &+= Int(Int8(bitPattern: value &- left).magnitude)
                            up &+= Int(Int8(bitPattern: value &- previous[i]).magnitude)
                        }
                        let filter: UInt8 = sub < none && sub <= up ? 1 : (up < none ? 2 : 0)
                        let line = target + row * (rowBytes + 1)
                        line[0] = filter
                        for i in 0..<rowBytes {
                            let value = current[i]
                            switch filter {
                            case 1: line[1 &+ i] = value &- (i >= channels ? current[i &- channels] : 0)
                            case 2: line[1 &+ i] = value &- previous[i]
                            default: line[1 &+ i] = value
                            }
                        }
                        swap(&previous, &current)
                    }
                }
            }
        }
        return out
    }

    /// A zlib stream (RFC 1950) of `data`.
    static func compress(_ data: [UInt8]) throws(PNGError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { throw PNGError(description: "zlib failed with status \(status)") }
        out.removeSubrange(Int(length)...)
        return out
    }

    private static func appendBigEndian(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func appendChunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        out += chunk(type, data)
    }

    /// One PNG chunk: `data`'s length, `type`, `data` and their CRC (also for tests that build PNGs by hand).
    ///
    /// - Important: `data` must be shorter than 2^31 bytes, as PNG requires.
    package static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        appendBigEndian(&out, UInt32(truncatingIfNeeded: data.count))
        let body = Array(type.utf8) + data
        out += body
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(&out, UInt32(truncatingIfNeeded: crc))
        return out
    }
}
