import CZlib
import Foundation
public import JSON

/// A client-side canvas that applies `preview/frame` notifications (raw, png and fill rectangles), the way a
/// real client would, so tests can compare the result with `preview/render`.
public struct FrameCanvas: Equatable {
    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var rgba: [UInt8] = []

    public init() {}

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Applies one frame's rectangles; a keyframe (or a size change) starts from a new canvas.
    public mutating func apply(_ frame: JSON) throws {
        guard let w = frame["width"]?.intValue, let h = frame["height"]?.intValue,
            let rects = frame["rects"]?.arrayValue
        else { throw ClientError("not a pixel frame: \(frame.text)") }
        if frame["keyframe"]?.boolValue == true || w != width || h != height {
            width = w
            height = h
            rgba = [UInt8](repeating: 0, count: w * h * 4)
        }
        for rect in rects {
            guard let x = rect["x"]?.intValue, let y = rect["y"]?.intValue,
                let rw = rect["width"]?.intValue, let rh = rect["height"]?.intValue,
                x >= 0, y >= 0, x + rw <= width, y + rh <= height
            else { throw ClientError("bad rect \(rect.text)") }
            var pixels: [UInt8]
            switch rect["encoding"]?.stringValue {
            case "fill":
                guard let hex = rect["color"]?.stringValue, let c = Self.rgb(hex) else { throw ClientError("bad fill") }
                pixels = []
                pixels.reserveCapacity(rw * rh * 4)
                for _ in 0..<(rw * rh) { pixels += [c.0, c.1, c.2, 255] }
            case "raw":
                guard let data = rect["data"]?.stringValue, let bytes = Data(base64Encoded: data) else {
                    throw ClientError("bad raw")
                }
                pixels = Array(bytes)
            case "png":
                guard let data = rect["data"]?.stringValue, let bytes = Data(base64Encoded: data) else {
                    throw ClientError("bad png")
                }
                guard let image = PNGDecoder.decode(Array(bytes)) else { throw ClientError("not a valid PNG") }
                guard image.width == rw, image.height == rh else { throw ClientError("png size differs from its rect") }
                pixels = image.rgba
            default:
                throw ClientError("unknown rect encoding in \(rect.text)")
            }
            guard pixels.count == rw * rh * 4 else { throw ClientError("rect data has \(pixels.count) bytes") }
            for row in 0..<rh {
                let target = ((y + row) * width + x) * 4
                rgba.replaceSubrange(target..<(target + rw * 4), with: pixels[(row * rw * 4)..<((row + 1) * rw * 4)])
            }
        }
    }

    static func rgb(_ hex: String) -> (UInt8, UInt8, UInt8)? {
        let digits = Array(hex.utf8)
        guard digits.count == 7, let v = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16) else {
            return nil
        }
        return (UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }
}

/// A minimal PNG decoder for tests: the encoder's output (8-bit RGB or RGBA, no interlace), using zlib's inflate.
public enum PNGDecoder {
    public static func decode(_ png: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard png.count > 8, Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var i = 8
        var width = 0
        var height = 0
        var colorType = 0
        var idat: [UInt8] = []
        var sawEnd = false
        func be(_ k: Int) -> Int { Int(png[k]) << 24 | Int(png[k + 1]) << 16 | Int(png[k + 2]) << 8 | Int(png[k + 3]) }
        while i + 12 <= png.count {
            let len = be(i)
            guard i + 12 + len <= png.count else { return nil }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            let body = Array(png[(i + 8)..<(i + 8 + len)])
            let crc = UInt32(be(i + 8 + len))
            let computed = Array(png[(i + 4)..<(i + 8 + len)]).withUnsafeBytes { buf in
                UInt32(
                    truncatingIfNeeded: crc32(0, buf.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(buf.count)))
            }
            guard crc == computed else { return nil }
            switch type {
            case "IHDR":
                width = be(i + 8)
                height = be(i + 12)
                colorType = Int(body[9])
                guard body[8] == 8, body[12] == 0, colorType == 2 || colorType == 6 else { return nil }
            case "IDAT": idat += body
            case "IEND": sawEnd = true
            default: break
            }
            i += 12 + len
        }
        guard sawEnd, width > 0, height > 0 else { return nil }
        let bpp = colorType == 2 ? 3 : 4
        let stride = width * bpp
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLen = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { inp in
                uncompress(out.baseAddress, &rawLen, inp.baseAddress, uLong(inp.count))
            }
        }
        guard status == Z_OK, Int(rawLen) == raw.count else { return nil }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var prev = [UInt8](repeating: 0, count: stride)
        var cur = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            let f = raw[y * (stride + 1)]
            for x in 0..<stride {
                let v = raw[y * (stride + 1) + 1 + x]
                let a = x >= bpp ? Int(cur[x - bpp]) : 0
                let b = Int(prev[x])
                let c = x >= bpp ? Int(prev[x - bpp]) : 0
                let pred: Int
                switch f {
                case 0: pred = 0
                case 1: pred = a
                case 2: pred = b
                case 3: pred = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a)
                    let pb = abs(p - b)
                    let pc = abs(p - c)
                    pred = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: return nil
                }
                cur[x] = v &+ UInt8(pred & 0xFF)
            }
            for x in 0..<width {
                for ch in 0..<bpp { rgba[(y * width + x) * 4 + ch] = cur[x * bpp + ch] }
            }
            swap(&prev, &cur)
        }
        return (width, height, rgba)
    }
}
