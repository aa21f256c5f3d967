internal import CGif

#if canImport(Glibc)
    import Glibc
#endif

/// Why a GIF could not be written.
package struct GIFError: Error, Sendable, CustomStringConvertible {
    package var description: String
}

/// Writes an animated, looping GIF through giflib: each frame gets its own palette of at most 256 colours, chosen
/// from the frame's colours (`GIFPalette`: exact when it has 256 or fewer).
package final class GIFWriter {
    private var file: UnsafeMutablePointer<GifFileType>?
    package let width: Int
    package let height: Int
    private let path: String

    /// Opens `path` for writing (replacing it).
    package init(path: String, width: Int, height: Int) throws(GIFError) {
        guard width > 0, height > 0, width <= 65_535, height <= 65_535 else {
            throw GIFError(description: "a GIF must be 1 to 65535 pixels on each side, not \(width)×\(height)")
        }
        self.width = width
        self.height = height
        self.path = path
        var error: Int32 = 0
        guard let file = EGifOpenFileName(path, false, &error) else {
            throw GIFError(description: "cannot write \(path): \(Self.message(error))")
        }
        self.file = file
        EGifSetGifVersion(file, true)
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else {
            throw failure("the screen descriptor")
        }
        // NETSCAPE2.0: loop forever.
        var application = Array("NETSCAPE2.0".utf8)
        var loop: [UInt8] = [1, 0, 0]
        guard EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
            EGifPutExtensionBlock(file, Int32(application.count), &application) == GIF_OK,
            EGifPutExtensionBlock(file, Int32(loop.count), &loop) == GIF_OK,
            EGifPutExtensionTrailer(file) == GIF_OK
        else { throw failure("the loop extension") }
    }

    /// Adds one frame of `width × height` RGBA bytes (alpha is ignored: GIF frames here are opaque), shown for
    /// `delay` hundredths of a second.
    package func add(rgba: [UInt8], delayCentiseconds delay: Int) throws(GIFError) {
        guard let file else { throw GIFError(description: "the GIF is already finished") }
        let pixels = width * height
        guard rgba.count == pixels * 4 else {
            throw GIFError(description: "a frame needs \(pixels * 4) bytes, not \(rgba.count)")
        }
        let quantized = GIFPalette(rgba: rgba, pixels: pixels)
        var indices = quantized.indices
        // A colour map's size is a power of two, 2 to 256.
        var size = 2
        while size < quantized.colors.count { size *= 2 }
        var palette = [GifColorType](repeating: GifColorType(), count: size)
        for (k, color) in quantized.colors.enumerated() {
            palette[k] = GifColorType(Red: color.red, Green: color.green, Blue: color.blue)
        }
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(max(0, min(delay, 65_535))),
            TransparentColor: NO_TRANSPARENT_COLOR)
        var extension_ = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extension_)
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), &extension_) == GIF_OK else {
            throw failure("a frame delay")
        }
        guard let map = GifMakeMapObject(Int32(size), &palette) else { throw GIFError(description: "out of memory") }
        defer { GifFreeMapObject(map) }
        guard EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, map) == GIF_OK else {
            throw failure("an image descriptor")
        }
        for row in 0..<height {
            let ok = indices.withUnsafeMutableBufferPointer { buffer -> Bool in
                guard let base = buffer.baseAddress else { return false }
                return EGifPutLine(file, base + row * width, Int32(width)) == GIF_OK
            }
            guard ok else { throw failure("pixels") }
        }
    }

    /// Finishes the file. Called automatically when the writer goes away.
    package func finish() throws(GIFError) {
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            throw GIFError(description: "cannot finish \(path): \(Self.message(error))")
        }
    }

    deinit { try? finish() }

    private func failure(_ what: String) -> GIFError {
        GIFError(description: "cannot write \(what) of \(path): \(Self.message(file?.pointee.Error ?? 0))")
    }

    private static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text)
    }
}
