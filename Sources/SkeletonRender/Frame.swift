/// Frames: opaque RGBA8 sRGB pixel buffers.

package import SkeletonGraphics

/// An 8-bit sRGB colour without alpha: what a frame pixel shows.
package struct RGB8: Hashable, Sendable {
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// The frame pixel word of this colour (alpha 255).
    package var pixel: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000 }

    /// The colour of a frame pixel word (its alpha byte is ignored).
    package init(pixel: UInt32) {
        self.init(
            r: UInt8(truncatingIfNeeded: pixel), g: UInt8(truncatingIfNeeded: pixel >> 8),
            b: UInt8(truncatingIfNeeded: pixel >> 16))
    }

    /// `#RRGGBB`, upper case: the wire form.
    package var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        for v in [r, g, b] {
            out.append(digits[Int(v >> 4)])
            out.append(digits[Int(v & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// An opaque RGBA8 frame: `width` × `height` pixels, row-major, no padding.
///
/// Each pixel is one `UInt32` whose memory bytes are R, G, B, A (little-endian word `r | g<<8 | b<<16 | a<<24`);
/// A is always 255. `bytes` gives the same memory as a byte array.
package struct Frame: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// `width * height` pixel words, row-major.
    package internal(set) var pixels: [UInt32]

    /// A frame filled with one colour. Throws when the size is not in 1...`RenderLimits.maxDimension` per side
    /// or over `RenderLimits.maxPixels`.
    package init(width: Int, height: Int, color: RGB8 = RGB8(r: 0, g: 0, b: 0)) throws(RenderError) {
        guard width > 0, height > 0, width <= RenderLimits.maxDimension, height <= RenderLimits.maxDimension,
            width * height <= RenderLimits.maxPixels
        else { throw .canvasTooLarge(width: Double(width), height: Double(height)) }
        self.width = width
        self.height = height
        self.pixels = Array(repeating: color.pixel, count: width * height)
    }

    /// A blank frame for a canvas of `size` points at `scale` (validated as `CanvasGeometry.pixelSize`).
    package init(canvas size: Size, scale: Double) throws(RenderError) {
        let (w, h) = try CanvasGeometry.pixelSize(of: size, scale: scale)
        try self.init(width: w, height: h)
    }

    /// The whole frame as a rectangle.
    package var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at (`x`, `y`); nil outside the frame.
    package subscript(x: Int, y: Int) -> RGB8? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return RGB8(pixel: pixels[y * width + x])
    }

    /// The frame as RGBA bytes, row-major (`width * height * 4`).
    package var bytes: [UInt8] {
        pixels.withUnsafeBytes { Array($0) }
    }

    /// Calls `body` with the frame's RGBA bytes, without copying.
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }

    /// Copies the pixels of `rects` from `source` (a frame of the same size) into this frame.
    package mutating func copy(_ rects: [PixelRect], from source: Frame) throws(RenderError) {
        guard source.width == width, source.height == height else { throw .frameSizeMismatch }
        let w = width
        let clipped = rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for r in clipped {
                    for y in r.minY..<r.maxY {
                        (d + y * w + r.x).update(from: s + y * w + r.x, count: r.width)
                    }
                }
            }
        }
    }

    /// Writes `rgba` (a `rect.width × rect.height × 4` byte block, row-major; alpha ignored, stored as 255)
    /// at `rect`. Used by clients and tests to apply a `raw` or decoded `png` rectangle.
    package mutating func write(rgba: [UInt8], at rect: PixelRect) -> Bool {
        guard !rect.isEmpty, bounds.contains(rect), rgba.count == rect.area * 4 else { return false }
        let w = width
        for row in 0..<rect.height {
            let base = (rect.y + row) * w + rect.x
            for col in 0..<rect.width {
                let i = (row * rect.width + col) * 4
                pixels[base + col] = RGB8(r: rgba[i], g: rgba[i + 1], b: rgba[i + 2]).pixel
            }
        }
        return true
    }

    /// Fills `rect` (clipped to the frame) with one colour.
    package mutating func fill(_ rect: PixelRect, with color: RGB8) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = width
        let p = color.pixel
        pixels.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            for y in r.minY..<r.maxY { (base + y * w + r.x).update(repeating: p, count: r.width) }
        }
    }
}
