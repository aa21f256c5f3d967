import SkeletonGraphics
import Testing

@testable import SkeletonRender

/// Rings (`LayerContent.stroke`): borders inset from the bounds, as Core Animation draws them.
@Suite("Strokes")
struct StrokeTests {
    static func ring(_ width: Double, radius: Double = 0, opacity: Double = 1, clips: [RoundedRect] = []) -> Layer {
        Layer(
            id: "b", node: "b", kind: .border,
            shape: RoundedRect(rect: Rect(x: 2, y: 2, width: 12, height: 12), cornerRadius: radius),
            fill: .solid(.black), opacity: opacity, clips: clips, content: .stroke(width: width))
    }

    @Test func aPixelAlignedBorderIsInsideTheBounds() throws {
        let f = try Fixtures.render(Fixtures.list(16, 16, [Self.ring(2)]))
        for y in 0..<16 {
            for x in 0..<16 {
                let outer = (2..<14).contains(x) && (2..<14).contains(y)
                let hole = (4..<12).contains(x) && (4..<12).contains(y)
                #expect(
                    f[x, y] == (outer && !hole ? RGB8(r: 0, g: 0, b: 0) : RGB8(r: 255, g: 255, b: 255)), "\(x),\(y)")
            }
        }
    }

    @Test func aHalfPixelBorderIsGrey() throws {
        let f = try Fixtures.render(Fixtures.list(16, 16, [Self.ring(0.5)]))
        #expect(f[2, 8] == RGB8(r: 127, g: 127, b: 127))  // half covered: c8 = 128
        #expect(f[3, 8] == RGB8(r: 255, g: 255, b: 255))
    }

    @Test func aWidthOverHalfTheSizeFillsTheShapeAndClipsApply() throws {
        let full = try Fixtures.render(Fixtures.list(16, 16, [Self.ring(100)]))
        #expect(full[8, 8] == RGB8(r: 0, g: 0, b: 0))
        // A width no frame can hold (a document may write 1e308): the same filled shape, nothing overflows.
        let huge = try Fixtures.render(Fixtures.list(16, 16, [Self.ring(1e308)]))
        #expect(huge.pixels == full.pixels)
        let clip = RoundedRect(rect: Rect(x: 0, y: 0, width: 8, height: 16), cornerRadius: 0)
        let clipped = try Fixtures.render(Fixtures.list(16, 16, [Self.ring(2, clips: [clip])]))
        #expect(clipped[2, 8] == RGB8(r: 0, g: 0, b: 0) && clipped[13, 8] == RGB8(r: 255, g: 255, b: 255))
    }

    @Test func strokesNeverOccludeAndRegionsMatchTheFullRender() throws {
        // A ring over a block: the block shows through the hole, so the ring must not count as an occluder.
        let list = Fixtures.list(
            16, 16,
            [Fixtures.layer("a", 0, 0, 16, 16, fill: .solid(RGBA(red: 1, green: 0, blue: 0))), Self.ring(2, radius: 4)])
        let f = try Fixtures.render(list)
        #expect(f[8, 8] == RGB8(r: 255, g: 0, b: 0))
        var rasterizer = Rasterizer()
        var frame = try Frame(canvas: list.size, scale: 1)
        try rasterizer.render(list, scale: 1, into: &frame)
        var banded = try Frame(canvas: list.size, scale: 1)
        try rasterizer.render(list, scale: 1, into: &banded, region: PixelRect(x: 0, y: 0, width: 16, height: 7))
        try rasterizer.render(list, scale: 1, into: &banded, region: PixelRect(x: 0, y: 7, width: 16, height: 9))
        #expect(frame.pixels == banded.pixels)
    }
}
