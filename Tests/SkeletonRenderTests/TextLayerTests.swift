import SkeletonGraphics
import Testing

@testable import SkeletonRender

/// Text layers (`LayerContent.text`): the text engine's coverage in the layer's colour, cut to the layer's
/// rectangle and clips, the same bytes whatever region is drawn.
@Suite("Text layers")
struct TextLayerTests {
    static func label(
        _ text: String, _ rect: Rect, opacity: Double = 1, clips: [RoundedRect] = [], maxLines: Int = 1
    ) -> Layer {
        Layer(
            id: "t", node: "t", kind: .text, shape: RoundedRect(rect: rect, cornerRadius: 0), fill: .solid(.black),
            opacity: opacity, clips: clips,
            content: .text(TextContent(text: text, font: FontSpec(size: 17), maxLines: maxLines)))
    }

    /// Pixels darker than white in `frame` inside and outside `box` (pixels).
    static func ink(_ frame: Frame, inside box: PixelRect) -> (inside: Int, outside: Int, darkest: UInt8) {
        var inside = 0
        var outside = 0
        var darkest: UInt8 = 255
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                guard let p = frame[x, y], p.r < 250 else { continue }
                darkest = min(darkest, p.r)
                if box.contains(PixelRect(x: x, y: y, width: 1, height: 1)) { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside, darkest)
    }

    @Test func glyphsAreDrawnInTheirBoxOnly() throws {
        let box = Rect(x: 10, y: 10, width: 100, height: 21)
        let frame = try Fixtures.render(Fixtures.list(140, 50, [Self.label("Skeleton", box)]), scale: 2)
        let ink = Self.ink(frame, inside: PixelRect(x: 20, y: 20, width: 200, height: 42))
        #expect(ink.inside > 200 && ink.outside == 0 && ink.darkest < 40)
        // A box smaller than the text cuts it: nothing outside it.
        let small = try Fixtures.render(
            Fixtures.list(140, 50, [Self.label("Skeleton", Rect(x: 10, y: 10, width: 30, height: 8))]), scale: 2)
        #expect(Self.ink(small, inside: PixelRect(x: 20, y: 20, width: 60, height: 16)).outside == 0)
    }

    @Test func opacityAndClipsApply() throws {
        let box = Rect(x: 10, y: 10, width: 100, height: 21)
        let half = try Fixtures.render(Fixtures.list(140, 50, [Self.label("Skeleton", box, opacity: 0.5)]))
        #expect(Self.ink(half, inside: PixelRect(x: 10, y: 10, width: 100, height: 21)).darkest >= 120)
        let clip = RoundedRect(rect: Rect(x: 0, y: 0, width: 30, height: 50), cornerRadius: 0)
        let clipped = try Fixtures.render(Fixtures.list(140, 50, [Self.label("Skeleton", box, clips: [clip])]))
        #expect(Self.ink(clipped, inside: PixelRect(x: 10, y: 10, width: 20, height: 21)).outside == 0)
    }

    @Test func bandsAndRegionsGiveTheSameBytes() throws {
        let list = Fixtures.list(
            120, 90,
            [
                Fixtures.layer("bg", 0, 0, 120, 90, fill: .solid(RGBA(red: 0.9, green: 0.95, blue: 1))),
                Self.label(
                    "Lorem ipsum dolor sit amet, consectetur", Rect(x: 4, y: 4, width: 110, height: 80), maxLines: 0),
            ])
        let full = try Fixtures.render(list, scale: 3)
        var rasterizer = Rasterizer()
        var banded = try Frame(canvas: list.size, scale: 3)
        for y in stride(from: 0, to: 270, by: 37) {
            try rasterizer.render(
                list, scale: 3, into: &banded, region: PixelRect(x: 0, y: y, width: 360, height: min(37, 270 - y)))
        }
        #expect(full.pixels == banded.pixels)
    }
}
