import SkeletonGraphics
import Testing

@testable import SkeletonRender

/// Frames pinned by checksum: speed work on the pixel loops must not change a byte. The values were computed before
/// the loops were vectorised; if a change to what is drawn is intended, recompute them and say why in the commit.
@Suite struct RasterizerChecksumPinTests {
    /// 200 overlapping rounded blocks with gradients at several angles (1 in 5 at 80 % opacity, 1 in 7 with
    /// translucent stops), like the render bench's scene.
    static func blocks(width: Int, height: Int) -> DisplayList {
        var rng = SeededRandom(seed: 5)
        let axes: [(Point, Point)] = [
            (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5)), (Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)),
            (Point(x: 0, y: 0), Point(x: 1, y: 1)), (Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (Point(x: 0.1, y: 0.8), Point(x: 0.9, y: 0.2)), (Point(x: 0.5, y: 1), Point(x: 0.5, y: 0)),
            (Point(x: 0.2, y: 0.3), Point(x: 0.8, y: 0.6)),
        ]
        var layers: [Layer] = []
        for i in 0..<200 {
            let w = Double(rng.int(40, width / 4))
            let h = Double(rng.int(20, height / 4))
            let x = Double(rng.int(0, width - Int(w)))
            let y = Double(rng.int(0, height - Int(h)))
            let (start, end) = axes[i % axes.count]
            let colors = (0..<rng.int(2, 3)).map { _ in rng.color(opaque: i % 7 != 3) }
            let fill: Fill =
                i % 11 == 5
                ? .solid(rng.color(opaque: i % 2 == 0))
                : .linearGradient(LinearGradient(colors: colors, start: start, end: end))
            layers.append(
                Fixtures.layer(
                    "b\(i)", x, y, w, h, radius: [0, 4, 8, 12, 20, 40][i % 6], fill: fill, opacity: i % 5 == 4 ? 0.8 : 1
                ))
        }
        return Fixtures.list(Double(width), Double(height), layers)
    }

    static func crc(_ list: DisplayList, scale: Double) throws -> UInt32 {
        var rasterizer = Rasterizer()
        return Checksum.crc32(of: try rasterizer.render(list, scale: scale))
    }

    @Test func theBlocksSceneKeepsItsBytes() throws {
        let list = Self.blocks(width: 640, height: 360)
        let crcs = try [1, 1.5, 3].map { try Self.crc(list, scale: $0) }
        #expect(crcs == [2_411_052_805, 2_214_105_543, 3_984_406_621])
    }

    /// Big frames are drawn as two bands at once; the bytes are those of one pass.
    @Test func twoBandsAtOnceGiveTheBytesOfOnePass() throws {
        let list = Self.blocks(width: 640, height: 360)
        var together = Rasterizer()
        var alone = Rasterizer()
        alone.parallel = false
        for scale in [2.0, 3.0] {
            let a = try together.render(list, scale: scale)
            let b = try alone.render(list, scale: scale)
            #expect(a.width * a.height >= Rasterizer.parallelPixels)
            #expect(a.pixels == b.pixels)
        }
    }

    @Test func randomListsKeepTheirBytes() throws {
        var rng = SeededRandom(seed: 77)
        var all: [UInt32] = []
        for _ in 0..<40 {
            let list = Fixtures.randomList(&rng, count: rng.int(1, 12))
            all.append(try Self.crc(list, scale: 1))
            all.append(try Self.crc(list, scale: 2.5))
        }
        let combined = all.withUnsafeBytes { Checksum.crc32(of: $0) }
        #expect(combined == 3_983_811_014)
    }
}
