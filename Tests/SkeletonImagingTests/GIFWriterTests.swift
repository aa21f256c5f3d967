import CGif
import Foundation
import SkeletonImaging
import Testing

@Suite struct GIFWriterTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("skeletond-\(UUID().uuidString)-\(name)").path
    }

    @Test func writesALoopingAnimationThatGiflibReadsBack() throws {
        let path = temporaryPath("a.gif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GIFWriter(path: path, width: 4, height: 2)
        let red = RGBAImage(width: 4, height: 2, fill: (236, 240, 241, 255))
        var blue = RGBAImage(width: 4, height: 2, fill: (52, 152, 219, 255))
        blue.set(x: 3, y: 1, (0, 0, 0, 255))
        try writer.add(rgba: red.bytes, delayCentiseconds: 5)
        try writer.add(rgba: blue.bytes, delayCentiseconds: 7)
        try writer.finish()

        var error: Int32 = 0
        let file = try #require(DGifOpenFileName(path, &error))
        defer { DGifCloseFile(file, &error) }
        #expect(DGifSlurp(file) == GIF_OK)
        #expect(file.pointee.SWidth == 4 && file.pointee.SHeight == 2)
        #expect(file.pointee.ImageCount == 2)
        var control = GraphicsControlBlock()
        #expect(DGifSavedExtensionToGCB(file, 1, &control) == GIF_OK)
        #expect(control.DelayTime == 7)
        let second = file.pointee.SavedImages[1]
        let map = try #require(second.ImageDesc.ColorMap)
        func color(_ index: Int) -> (UInt8, UInt8, UInt8) {
            let entry = map.pointee.Colors[Int(second.RasterBits[index])]
            return (entry.Red, entry.Green, entry.Blue)
        }
        // Quantization keeps these few colours close to exact.
        let first = color(0)
        let last = color(7)
        #expect(abs(Int(first.0) - 52) <= 8 && abs(Int(first.2) - 219) <= 8)
        #expect(last.0 <= 8 && last.1 <= 8 && last.2 <= 8)
    }

    /// The frames of the GIF at `path`, each as its pixels' colours through its colour map.
    func frames(_ path: String) throws -> [[PaletteColor]] {
        var error: Int32 = 0
        let file = try #require(DGifOpenFileName(path, &error))
        defer { DGifCloseFile(file, &error) }
        #expect(DGifSlurp(file) == GIF_OK)
        return try (0..<Int(file.pointee.ImageCount)).map { k in
            let image = file.pointee.SavedImages[k]
            let map = try #require(image.ImageDesc.ColorMap ?? file.pointee.SColorMap)
            let count = Int(image.ImageDesc.Width * image.ImageDesc.Height)
            return (0..<count).map { i in
                let entry = map.pointee.Colors[Int(image.RasterBits[i])]
                return PaletteColor(red: entry.Red, green: entry.Green, blue: entry.Blue)
            }
        }
    }

    /// Writes one frame of `image` and reads its pixels back.
    func roundTrip(_ image: RGBAImage) throws -> [PaletteColor] {
        let path = temporaryPath("c.gif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GIFWriter(path: path, width: image.width, height: image.height)
        try writer.add(rgba: image.bytes, delayCentiseconds: 4)
        try writer.finish()
        return try #require(try frames(path).first)
    }

    @Test func aFrameOfFewColoursKeepsEachExactly() throws {
        // Pure white and a 250-step grey ramp: giflib's quantizer made white #F8F8F8 and the ramp 32 bands.
        var image = RGBAImage(width: 256, height: 2, fill: (255, 255, 255, 255))
        for x in 0..<250 { image.set(x: x, y: 1, (UInt8(x), UInt8(x), UInt8(x), 255)) }
        let pixels = try roundTrip(image)
        #expect(pixels[0] == PaletteColor(red: 255, green: 255, blue: 255))
        for x in 0..<250 { #expect(pixels[256 + x] == PaletteColor(red: UInt8(x), green: UInt8(x), blue: UInt8(x))) }
        #expect(Set(pixels).count == 251)
    }

    @Test func aFrameOfManyColoursKeepsItsBackgroundAndTheGradientsSteps() throws {
        // A white card over 2,048 colours of a two-way gradient: more than a palette holds.
        var image = RGBAImage(width: 64, height: 64, fill: (255, 255, 255, 255))
        for y in 32..<64 {
            for x in 0..<64 { image.set(x: x, y: y, (UInt8(x * 4), UInt8((y - 32) * 8), 128, 255)) }
        }
        let pixels = try roundTrip(image)
        #expect(pixels[0] == PaletteColor(red: 255, green: 255, blue: 255))
        #expect(Set(pixels).count == 256, "every palette entry used: the gradient keeps 255 steps")
        var worst = 0
        for y in 32..<64 {
            for x in 0..<64 {
                let got = pixels[y * 64 + x]
                worst = max(
                    worst, abs(Int(got.red) - x * 4), abs(Int(got.green) - (y - 32) * 8), abs(Int(got.blue) - 128))
            }
        }
        #expect(worst <= 12, "each pixel near its own colour, not a band's")
    }

    @Test func aPaletteIsExactUpTo256ColoursAndCutsMoreTo256() {
        var bytes: [UInt8] = []
        for k in 0..<300 { bytes += [UInt8(k % 256), UInt8(k / 256), 7, 255] }
        let exact = GIFPalette(rgba: bytes, pixels: 256)
        #expect(exact.colors.count == 256)
        #expect(exact.indices.enumerated().allSatisfy { i, index in exact.colors[Int(index)].red == UInt8(i) })
        let cut = GIFPalette(rgba: bytes, pixels: 300)
        #expect(cut.colors.count == 256 && cut.indices.count == 300)
    }

    @Test func refusesBadSizesAndUnwritablePaths() {
        #expect(throws: GIFError.self) { try GIFWriter(path: temporaryPath("x.gif"), width: 0, height: 5) }
        #expect(throws: GIFError.self) { try GIFWriter(path: "/nonexistent-dir/x.gif", width: 2, height: 2) }
    }

    @Test func refusesFramesOfTheWrongSize() throws {
        let path = temporaryPath("b.gif")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try GIFWriter(path: path, width: 2, height: 2)
        #expect(throws: GIFError.self) { try writer.add(rgba: [0, 0, 0], delayCentiseconds: 1) }
    }
}

@Suite struct BitmapFontTests {
    @Test func drawsGlyphsWhereTheFontSays() {
        var image = RGBAImage(width: 20, height: 10, fill: (255, 255, 255, 255))
        BitmapFont.draw("L", into: &image, x: 1, y: 1, color: (0, 0, 0, 255))
        // 'L' is a full left column and a bottom row.
        for row in 0..<7 { #expect(image[1, 1 + row]?.r == 0) }
        for column in 0..<5 { #expect(image[1 + column, 7]?.r == 0) }
        #expect(image[3, 3]?.r == 255)
        #expect(BitmapFont.width(of: "light", scale: 2) == 60)
    }

    @Test func scalesAndClipsAtTheEdges() {
        var image = RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 255))
        BitmapFont.draw("I", into: &image, x: 4, y: -2, scale: 3, color: (9, 9, 9, 255))
        #expect(image.bytes.contains(9))
    }

    @Test func drawsImagesIntoImagesClipped() {
        var canvas = RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 255))
        let tile = RGBAImage(width: 3, height: 3, fill: (7, 7, 7, 255))
        canvas.draw(tile, atX: 2, y: -1)
        #expect(canvas[2, 0]?.r == 7)
        #expect(canvas[3, 1]?.r == 7)
        #expect(canvas[2, 2]?.r == 0)
        #expect(canvas[1, 0]?.r == 0)
    }
}
