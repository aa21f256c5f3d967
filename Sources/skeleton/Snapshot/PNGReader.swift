import CZlib
import SkeletonImaging

/// Decodes the PNG files snapshot baselines are: 8-bit RGB (colour type 2) or RGBA (6), not interlaced, any of the
/// five row filters, IDAT chunks in order (what `skeleton render`, `PNGWriter` and most tools write for such
/// pictures). Anything else is refused with a reason rather than guessed at.
///
/// - Important: every size comes from the file, so each is checked against `SnapshotLimits` before it sizes an
///   allocation: at most `maxBaselineBytes` of file and `maxPicturePixels` pixels.
enum PNGReader {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ bytes: [UInt8]) throws(Failure) -> RGBAImage {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw Failure(description: "not a PNG file") }
        guard bytes.count <= SnapshotLimits.maxBaselineBytes else {
            throw Failure(description: "larger than \(SnapshotLimits.maxBaselineBytes >> 20) MiB")
        }
        var offset = 8
        var width = 0
        var height = 0
        var channels = 0
        var compressed: [UInt8] = []
        var ended = false
        while !ended {
            guard offset + 12 <= bytes.count else { throw Failure(description: "truncated (no IEND chunk)") }
            let length = Int(readUInt32(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw Failure(description: "truncated \(type) chunk") }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            switch type {
            case "IHDR":
                guard length == 13 else { throw Failure(description: "an IHDR chunk of \(length) bytes") }
                width = Int(readUInt32(bytes, offset + 8))
                height = Int(readUInt32(bytes, offset + 12))
                let depth = data[data.startIndex + 8]
                let colour = data[data.startIndex + 9]
                let interlace = data[data.startIndex + 12]
                guard depth == 8, colour == 2 || colour == 6, interlace == 0 else {
                    throw Failure(
                        description:
                            "bit depth \(depth), colour type \(colour), interlace \(interlace): only 8-bit RGB or RGBA, not interlaced, is read"
                    )
                }
                guard width > 0, height > 0, width <= SnapshotLimits.maxPictureSide,
                    height <= SnapshotLimits.maxPictureSide, width * height <= SnapshotLimits.maxPicturePixels
                else {
                    throw Failure(
                        description:
                            "\(width)×\(height) pixels is outside the bounds (at most \(SnapshotLimits.maxPictureSide) a side, \(SnapshotLimits.maxPicturePixels) pixels)"
                    )
                }
                channels = colour == 2 ? 3 : 4
            case "IDAT": compressed += data
            case "IEND": ended = true
            default: break
            }
            offset += length + 12
        }
        guard channels > 0 else { throw Failure(description: "no IHDR chunk") }
        let rowBytes = width * channels
        let filtered = try inflate(compressed, expected: (rowBytes + 1) * height)
        return try unfilter(filtered, width: width, height: height, channels: channels)
    }

    private static func readUInt32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
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
