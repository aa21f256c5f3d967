import SkeletonImaging
import Testing

/// `PNGReader`, the one PNG decoder of the CLI and the tests: what it reads, and the limits it checks before it
/// allocates.
@Suite struct PNGReaderTests {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { PNGWriter.chunk(type, data) }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A file that claims `width` × `height` RGBA pixels and holds almost no data.
    static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
        signature + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    @Test func readsWhatPNGWriterWritesOpaqueAndTranslucent() throws {
        var image = RGBAImage(width: 9, height: 4, fill: (10, 20, 30, 255))
        image.set(x: 3, y: 1, (200, 100, 50, 255))
        #expect(try PNGReader.decode(try PNGWriter.encode(image)) == image)
        image.set(x: 8, y: 3, (1, 2, 3, 77))
        #expect(try PNGReader.decode(try PNGWriter.encode(image)) == image)
    }

    @Test func hugeDimensionsAreRefusedBeforeAnythingIsInflated() {
        #expect {
            _ = try PNGReader.decode(Self.claiming(width: 100_000, height: 100_000))
        } throws: { error in
            (error as? PNGReader.Failure)?.description.contains("100000×100000 pixels is outside the bounds") == true
        }
        // Within the sides but over the pixels of these limits.
        let limits = PNGReader.Limits(maxBytes: 1 << 20, maxSide: 1000, maxPixels: 10_000)
        #expect(throws: PNGReader.Failure.self) {
            _ = try PNGReader.decode(Self.claiming(width: 200, height: 200), limits: limits)
        }
    }

    @Test func aFileOverItsByteLimitIsRefusedBeforeItsChunksAreRead() throws {
        let png = try PNGWriter.encode(RGBAImage(width: 64, height: 64, fill: (1, 2, 3, 255)))
        let limits = PNGReader.Limits(maxBytes: png.count - 1, maxSide: 16_384, maxPixels: 1 << 25)
        #expect {
            _ = try PNGReader.decode(png, limits: limits)
        } throws: { error in
            (error as? PNGReader.Failure)?.description.hasPrefix("larger than") == true
        }
    }

    @Test func aDamagedChunkIsRefusedByItsCRC() throws {
        var png = try PNGWriter.encode(RGBAImage(width: 4, height: 4, fill: (1, 2, 3, 255)))
        png[20] ^= 0x01  // inside the IHDR's data
        #expect {
            _ = try PNGReader.decode(png)
        } throws: { error in
            (error as? PNGReader.Failure)?.description == "the IHDR chunk's CRC does not match"
        }
    }

    @Test func otherFormatsAreRefusedWithTheirReason() {
        let palette = Self.signature + Self.chunk("IHDR", Self.bigEndian(1) + Self.bigEndian(1) + [8, 3, 0, 0, 0])
        #expect(throws: PNGReader.Failure.self) { _ = try PNGReader.decode(palette) }
        #expect(throws: PNGReader.Failure.self) { _ = try PNGReader.decode(Array("GIF89a".utf8)) }
        #expect(throws: PNGReader.Failure.self) { _ = try PNGReader.decode(Array(Self.signature)) }
    }
}
