/// Encoding frame rectangles for `preview/frame` and `preview/render`.

/// How one rectangle's pixels travel.
package enum RectEncoding: String, Hashable, Sendable {
    /// RGBA bytes, row-major (`width × height × 4`), base64 on the wire.
    case raw
    /// A PNG image (8-bit RGB), base64 on the wire.
    case png
    /// Every pixel has one colour, sent as `#RRGGBB`.
    case fill
}

/// The pixel encoding a stream asked for; `fill` is chosen per rectangle when it is uniform.
package enum PixelEncoding: String, Hashable, Sendable {
    case raw
    case png
}

/// One encoded rectangle of a frame. Applying it writes exactly its pixels.
package struct EncodedRect: Hashable, Sendable {
    package var rect: PixelRect
    package var encoding: RectEncoding
    /// For `raw` and `png`: the bytes (the server base64-encodes them into `data`). Empty for `fill`.
    package var data: [UInt8]
    /// For `fill`: the colour (`color` on the wire, `#RRGGBB`).
    package var color: RGB8?

    package init(rect: PixelRect, encoding: RectEncoding, data: [UInt8] = [], color: RGB8? = nil) {
        self.rect = rect
        self.encoding = encoding
        self.data = data
        self.color = color
    }

    /// `data` in base64, as ASCII bytes.
    package var base64: [UInt8] { Base64.encode(data) }
}

/// Encodes rectangles of a frame.
package enum RectEncoder {
    /// Encodes each of `rects` (clipped to the frame; empty ones dropped) of `frame`: `fill` when uniform, else
    /// `encoding`.
    package static func encode(_ frame: Frame, rects: [PixelRect], as encoding: PixelEncoding) throws(RenderError)
        -> [EncodedRect]
    {
        var out: [EncodedRect] = []
        out.reserveCapacity(rects.count)
        for r in rects {
            let rect = r.intersection(frame.bounds)
            guard !rect.isEmpty else { continue }
            if let c = uniformColor(frame, rect) {
                out.append(EncodedRect(rect: rect, encoding: .fill, color: c))
            } else {
                switch encoding {
                case .raw: out.append(EncodedRect(rect: rect, encoding: .raw, data: rawBytes(frame, rect)))
                case .png:
                    out.append(EncodedRect(rect: rect, encoding: .png, data: try PNGEncoder.encode(frame, rect: rect)))
                }
            }
        }
        return out
    }

    /// The colour of `rect` when all its pixels are equal, else nil.
    package static func uniformColor(_ frame: Frame, _ rect: PixelRect) -> RGB8? {
        let r = rect.intersection(frame.bounds)
        guard !r.isEmpty else { return nil }
        let w = frame.width
        return frame.pixels.withUnsafeBufferPointer { px -> RGB8? in
            let first = px[r.y * w + r.x]
            for y in r.minY..<r.maxY {
                let row = y * w
                for x in r.minX..<r.maxX where px[row + x] != first { return nil }
            }
            return RGB8(pixel: first)
        }
    }

    /// The RGBA bytes of `rect` (inside the frame), row-major.
    package static func rawBytes(_ frame: Frame, _ rect: PixelRect) -> [UInt8] {
        let r = rect.intersection(frame.bounds)
        guard !r.isEmpty else { return [] }
        var out = [UInt8](repeating: 0, count: r.area * 4)
        let w = frame.width
        frame.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                guard let s = src.baseAddress, let d = dst.baseAddress else { return }
                for row in 0..<r.height {
                    let from = ((r.y + row) * w + r.x) * 4
                    (d + row * r.width * 4).copyMemory(from: s + from, byteCount: r.width * 4)
                }
            }
        }
        return out
    }
}
