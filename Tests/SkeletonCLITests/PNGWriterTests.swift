import SkeletonImaging
import SkeletondTestSupport
import Testing

/// PNGWriter's output read back by the test support's independent decoder (here because that decoder lives in
/// SkeletondTestSupport).
@Suite struct PNGWriterTests {
    @Test func opaqueImagesRoundTripAsRGB() throws {
        var image = RGBAImage(width: 7, height: 5, fill: (10, 20, 30, 255))
        for x in 0..<7 { image.set(x: x, y: 2, (UInt8(x * 30), 200, UInt8(255 - x), 255)) }
        image.set(x: 6, y: 4, (255, 0, 0, 255))
        let png = try PNGWriter.encode(image)
        #expect(png[25] == 2)  // colour type RGB
        let decoded = try PNGReader.decode(png)
        #expect(decoded.width == 7 && decoded.height == 5)
        #expect(decoded.bytes == image.bytes)
    }

    @Test func translucentImagesKeepTheirAlpha() throws {
        var image = RGBAImage(width: 3, height: 3, fill: (1, 2, 3, 255))
        image.set(x: 1, y: 1, (9, 8, 7, 128))
        let png = try PNGWriter.encode(image)
        #expect(png[25] == 6)  // colour type RGBA
        #expect(try PNGReader.decode(png).bytes == image.bytes)
    }

    @Test func refusesEmptyImages() {
        #expect(throws: PNGError.self) { try PNGWriter.encode(RGBAImage(width: 0, height: 4)) }
    }
}
