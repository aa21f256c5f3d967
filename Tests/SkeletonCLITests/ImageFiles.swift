import CGif
import Foundation
import SkeletonImaging
import SkeletondTestSupport

/// Reading the CLI's pictures back: PNG through SkeletonImaging's PNGReader, GIF through giflib.
enum ImageFiles {
    /// The PNG at `path`.
    static func png(_ path: String) throws -> RGBAImage {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        do { return try PNGReader.decode(bytes) } catch {
            throw ClientError("\(path) is not a valid PNG: \(error.description)")
        }
    }

    /// A decoded GIF: its frames (full-canvas, opaque), their delays, and whether it loops.
    struct GIF {
        var width: Int
        var height: Int
        var frames: [RGBAImage]
        var delays: [Int]
        var loops: Bool
    }

    /// The GIF at `path`, every frame expanded to RGBA through its colour map.
    static func gif(_ path: String) throws -> GIF {
        var error: Int32 = 0
        guard let file = DGifOpenFileName(path, &error) else {
            throw ClientError("giflib cannot open \(path): \(error)")
        }
        defer { DGifCloseFile(file, &error) }
        guard DGifSlurp(file) == GIF_OK else { throw ClientError("giflib cannot read \(path)") }
        let width = Int(file.pointee.SWidth)
        let height = Int(file.pointee.SHeight)
        var frames: [RGBAImage] = []
        var delays: [Int] = []
        var loops = false
        for index in 0..<Int(file.pointee.ImageCount) {
            let saved = file.pointee.SavedImages[index]
            for e in 0..<Int(saved.ExtensionBlockCount) {
                let block = saved.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                    String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0"
                {
                    loops = true
                }
            }
            var control = GraphicsControlBlock()
            delays.append(DGifSavedExtensionToGCB(file, Int32(index), &control) == GIF_OK ? Int(control.DelayTime) : -1)
            guard let map = saved.ImageDesc.ColorMap ?? file.pointee.SColorMap,
                Int(saved.ImageDesc.Width) == width, Int(saved.ImageDesc.Height) == height
            else {
                throw ClientError("frame \(index) is not a full frame with a colour map")
            }
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let c = map.pointee.Colors[Int(saved.RasterBits[y * width + x])]
                    image.set(x: x, y: y, (c.Red, c.Green, c.Blue, 255))
                }
            }
            frames.append(image)
        }
        return GIF(width: width, height: height, frames: frames, delays: delays, loops: loops)
    }
}

extension RGBAImage {
    /// The pixel's colour as `0xRRGGBB` (0 outside the image).
    func rgb(_ x: Int, _ y: Int) -> Int {
        guard let p = self[x, y] else { return 0 }
        return Int(p.r) << 16 | Int(p.g) << 8 | Int(p.b)
    }

    /// Whether every channel of every pixel is within `tolerance` of `other`'s (same size required).
    func isClose(to other: RGBAImage, tolerance: Int) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for i in bytes.indices where abs(Int(bytes[i]) - Int(other.bytes[i])) > tolerance { return false }
        return true
    }
}
