internal import CZlib

/// Decodes the PNG files skeletond and `PNGWriter` write, and most tools write for such pictures: 8-bit RGB (colour
/// type 2) or RGBA (6), not interlaced, any of the five row filters, IDAT chunks in order, every chunk's CRC
/// checked. Anything else is refused with a reason rather than guessed at.
///
/// - Important: every size comes from the file, so each is checked against `Limits` before it sizes an allocation:
///   the file's bytes first, then the IHDR's sides and pixel count, before anything is inflated.
package enum PNGReader {
    /// Why a file was not decoded.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The largest file and picture decoded.
    package struct Limits: Sendable, Hashable {
        package var maxBytes: Int
        package var maxSide: Int
        package var maxPixels: Int
        package init(maxBytes: Int, maxSide: Int, maxPixels: Int) {
            self.maxBytes = maxBytes
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }

        /// The daemon's own canvas limits (16,384 pixels a side, 2^25 in all) and 64 MiB of file.
        package static let `default` = Limits(maxBytes: 64 << 20, maxSide: 16_384, maxPixels: 1 << 25)
    }

    /// The picture `bytes` hold, as RGBA (RGB pictures opaque).
    package static func decode(_ bytes: [UInt8], limits: Limits = .default) throws(Failure) -> RGBAImage {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw Failure(description: "not a PNG file") }
        guard bytes.count <= limits.maxBytes else {
            throw Failure(description: "larger than \(limits.maxBytes >> 20) MiB")
        }
        var offset = 8
        var header: (width: Int, height: Int, channels: Int)?
        var compressed: [UInt8] = []
        var ended = false
        while !ended {
            guard offset + 12 <= bytes.count else { throw Failure(description: "truncated (no IEND chunk)") }
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw Failure(description: "truncated \(type) chunk") }
            guard crc(bytes[(offset + 4)..<(offset + 8 + length)]) == readUInt32(bytes, offset + 8 + length) else {
                throw Failure(description: "the \(type) chunk's CRC does not match")
            }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            switch type {
            case "IHDR":
                guard header == nil, length == 13 else { throw Failure(description: "a bad IHDR chunk") }
                header = try Self.header(data, limits: limits)
            case "IDAT": compressed += data
            case "IEND": ended = true
            default: break
            }
            offset += length + 12
        }
        guard let (width, height, channels) = header else { throw Failure(description: "no IHDR chunk") }
        let filtered = try inflate(compressed, expected: (width * channels + 1) * height)
        return try unfilter(filtered, width: width, height: height, channels: channels)
    }

    /// The IHDR's size and channels, checked: 8-bit RGB or RGBA, not interlaced, within `limits`.
    private static func header(_ data: ArraySlice<UInt8>, limits: Limits) throws(Failure) -> (Int, Int, Int) {
        let fields = Array(data)
        let width = Int(readUInt32(fields, 0))
        let height = Int(readUInt32(fields, 4))
        let (depth, colour, interlace) = (fields[8], fields[9], fields[12])
        guard depth == 8, colour == 2 || colour == 6, interlace == 0 else {
            throw Failure(
                description:
                    "bit depth \(depth), colour type \(colour), interlace \(interlace): only 8-bit RGB or RGBA, not interlaced, is read"
            )
        }
        // Both sides are below 2^32, so their product cannot overflow.
        guard width > 0, height > 0, width <= limits.maxSide, height <= limits.maxSide,
            width * height <= limits.maxPixels
        else {
            throw Failure(
                description:
                    "\(width)×\(height) pixels is outside the bounds (at most \(limits.maxSide) a side, \(limits.maxPixels) pixels)"
            )
        }
        return (width, height, colour == 2 ? 3 : 4)
    }

    private static func readUInt32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// The zlib stream's bytes, which must be exactly `expected`.
    private static func inflate(_ data: [UInt8], expected: Int) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected + 1)
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(length) == expected else {
            throw Failure(description: "its image data does not inflate to \(expected) bytes (zlib status \(status))")
        }
        out.removeLast()
        return out
    }

    /// Undoes the row filters and widens RGB to RGBA.
    private static func unfilter(_ data: [UInt8], width: Int, height: Int, channels: Int) throws(Failure) -> RGBAImage {
        let rowBytes = width * channels
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for row in 0..<height {
            let start = row * (rowBytes + 1)
            let filter = data[start]
            for i in 0..<rowBytes {
                let raw = data[start + 1 + i]
                let left = i >= channels ? current[i - channels] : 0
                let up = previous[i]
                let upLeft = i >= channels ? previous[i - channels] : 0
                switch filter {
                case 0: current[i] = raw
                case 1: current[i] = raw &+ left
                case 2: current[i] = raw &+ up
                case 3: current[i] = raw &+ UInt8((Int(left) + Int(up)) / 2)
                case 4: current[i] = raw &+ paeth(left, up, upLeft)
                default: throw Failure(description: "row \(row) has filter type \(filter)")
                }
            }
            let base = row * width * 4
            for x in 0..<width {
                for c in 0..<channels { pixels[base + x * 4 + c] = current[x * channels + c] }
            }
            swap(&previous, &current)
        }
        guard let image = RGBAImage(width: width, height: height, bytes: pixels) else {
            throw Failure(description: "\(width)×\(height) pixels do not fit")
        }
        return image
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }
}
