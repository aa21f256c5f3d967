/// An RGBA8 image (straight alpha, rows top to bottom), the form pictures take between the daemon and files.
package struct RGBAImage: Sendable, Hashable {
    package let width: Int
    package let height: Int
    /// `width * height * 4` bytes.
    package private(set) var bytes: [UInt8]

    /// A new image filled with one colour.
    package init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) = (255, 255, 255, 255)) {
        self.width = max(0, width)
        self.height = max(0, height)
        var bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
        var i = 0
        while i < bytes.count {
            bytes[i] = fill.r
            bytes[i + 1] = fill.g
            bytes[i + 2] = fill.b
            bytes[i + 3] = fill.a
            i += 4
        }
        self.bytes = bytes
    }

    /// An image over existing bytes; nil when the count does not match the size.
    package init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at (x, y), or nil outside the image.
    package subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }

    /// Sets one pixel; outside the image nothing happens.
    package mutating func set(x: Int, y: Int, _ c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let i = (y * width + x) * 4
        bytes[i] = c.r
        bytes[i + 1] = c.g
        bytes[i + 2] = c.b
        bytes[i + 3] = c.a
    }

    /// Copies `other` with its top-left corner at (x, y), clipped to this image.
    package mutating func draw(_ other: RGBAImage, atX x: Int, y: Int) {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(width, x + other.width)
        let y1 = min(height, y + other.height)
        guard x1 > x0, y1 > y0 else { return }
        let rowBytes = (x1 - x0) * 4
        other.bytes.withUnsafeBufferPointer { source in
            bytes.withUnsafeMutableBufferPointer { target in
                guard let s = source.baseAddress, let t = target.baseAddress else { return }
                for row in y0..<y1 {
                    let from = s + ((row - y) * other.width + (x0 - x)) * 4
                    let to = t + (row * width + x0) * 4
                    to.update(from: from, count: rowBytes)
                }
            }
        }
    }
}
