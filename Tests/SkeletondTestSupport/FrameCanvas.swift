import Foundation
package import JSON
import SkeletonImaging

/// A client-side canvas that applies `preview/frame` notifications (raw, png and fill rectangles), the way a
/// real client would, so tests can compare the result with `preview/render`.
package struct FrameCanvas: Equatable {
    package private(set) var width = 0
    package private(set) var height = 0
    package private(set) var rgba: [UInt8] = []

    package init() {}

    package init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Applies one frame's rectangles; a keyframe (or a size change) starts from a new canvas.
    package mutating func apply(_ frame: JSON) throws {
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
                guard let image = try? PNGReader.decode(Array(bytes)) else { throw ClientError("not a valid PNG") }
                guard image.width == rw, image.height == rh else { throw ClientError("png size differs from its rect") }
                pixels = image.bytes
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
