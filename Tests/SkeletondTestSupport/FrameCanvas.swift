public import JSON
import CZlib
import Foundation

/// A client-side canvas that applies `preview/frame` notifications (raw, png and fill rectangles), the way a
/// real client would, so tests can compare the result with `preview/render`.
public struct FrameCanvas: Equatable {
    public private(set) var width = 0
    public private(set) var height = 0
    public private(set) var rgba: [UInt8] = []

    public init() {}

    public init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// Applies one frame's rectangles; a keyframe (or a size change) starts from a new canvas.
    public mutating func apply(_ frame: JSON) throws {
        guard let w = frame["width"]?.intValue, let h = frame["height"]?.intValue,
              let rects = frame["rects"]?.arrayValue else { throw ClientError("not a pixel frame: \(frame.text)") }
        if frame["keyframe"]?.boolValue == true || w != width || h != height {
            width = w; height = h
            rgba = [UInt8](repeating: 0, count: w * h * 4)
        }
        for rect in rects {
            guard let x = rect["x"]?.intValue, let y = rect["y"]?.intValue,
                  let rw = rect["width"]?.intValue, let rh = rect["height"]?.intValue,
                  x >= 0, y >= 0, x + rw <= width, y + rh <= height else { throw ClientError("bad rect \(rect.text)") }
            var pixels: [UInt8]
            switch rect["encoding"]?.stringValue {
            case "fill":
                guard let hex = rect["color"]?.stringValue, let c = Self.rgb(hex) else { throw ClientError("bad fill") }
                pixels = []
                pixels.reserveCapacity(rw * rh * 4)
                for _ in 0..<(rw * rh) { pixels += [c.0, c.1, c.2, 255] }
            case "raw":
                guard let data = rect["data"]?.stringValue, let bytes = Data(base64Encoded: data) else { throw ClientError("bad raw") }
                pixels = Array(bytes)
            case "png":
                guard let data = rect["data"]?.stringValue, let bytes = Data(base64Encoded: data) else { throw ClientError("bad png") }
                let image = try PNGDecoder.decode(Array(bytes))
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
        guard digits.count == 7, let v = UInt32(String(decoding: digits[1...], as: UTF8.self), radix: 16) else { return nil }
        return (UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }
}

/// A minimal PNG reader for tests: 8-bit RGB or RGBA, non-interlaced, all five filter types.
public enum PNGDecoder {
    public struct Image { public var width: Int; public var height: Int; public var rgba: [UInt8] }

    public static func decode(_ png: [UInt8]) throws -> Image {
        guard png.count > 8, Array(png[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw ClientError("not a PNG") }
        var i = 8, width = 0, height = 0, colorType = 0
        var idat: [UInt8] = []
        func be32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        while i + 8 <= png.count {
            let length = be32(i)
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(png[(i + 8)..<min(i + 8 + length, png.count)])
            switch type {
            case "IHDR":
                width = be32(i + 8); height = be32(i + 12)
                guard data[8] == 8, data[12] == 0 else { throw ClientError("unsupported PNG depth or interlace") }
                colorType = Int(data[9])
            case "IDAT": idat += data
            default: break
            }
            i += 12 + length
        }
        let channels = colorType == 6 ? 4 : colorType == 2 ? 3 : 0
        guard channels > 0 else { throw ClientError("unsupported PNG colour type \(colorType)") }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { input in uncompress(out.baseAddress, &rawLength, input.baseAddress, uLong(input.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw ClientError("PNG data does not inflate") }
        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let a = x >= channels ? Int(pixels[y * stride + x - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(pixels[(y - 1) * stride + x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw ClientError("bad PNG filter \(filter)")
                }
                pixels[y * stride + x] = UInt8(truncatingIfNeeded: Int(value) + predictor)
            }
        }
        if channels == 4 { return Image(width: width, height: height, rgba: pixels) }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for p in 0..<(width * height) {
            rgba[p * 4] = pixels[p * 3]; rgba[p * 4 + 1] = pixels[p * 3 + 1]; rgba[p * 4 + 2] = pixels[p * 3 + 2]
        }
        return Image(width: width, height: height, rgba: rgba)
    }
}
