import SkeletonModel
import Testing

@Suite("Colours (§4)")
struct ColorTests {
    /// The reference's table: name, hex, complementary.
    static let flat: [(FlatColor, String, String)] = [
        (.greenSea, "#16A085", "#1ED8B4"), (.turquoise, "#1ABC9C", "#18B193"), (.emerald, "#2ECC71", "#2BC06A"),
        (.peterRiver, "#3498DB", "#318FCE"), (.amethyst, "#9B59B6", "#D178F6"), (.wetAsphalt, "#34495E", "#46637F"),
        (.nephritis, "#27AE60", "#35EB82"), (.belizeHole, "#2980B9", "#37ADFA"), (.wisteria, "#8E44AD", "#C05CEA"),
        (.midnightBlue, "#2C3E50", "#3B546C"), (.sunFlower, "#F1C40F", "#E3B80E"), (.carrot, "#E67E22", "#D87620"),
        (.alizarin, "#E74C3C", "#FF6751"), (.clouds, "#ECF0F1", "#DEE2E3"), (.darkClouds, "#1C2325", "#262F32"),
        (.concrete, "#95A5A6", "#8C9B9C"), (.flatOrange, "#F39C12", "#E49311"), (.pumpkin, "#D35400", "#FF7100"),
        (.pomegranate, "#C0392B", "#FF4D3A"), (.silver, "#BDC3C7", "#B2B7BB"), (.asbestos, "#7F8C8D", "#778485"),
    ]

    @Test func allTwentyOneFlatColoursAndTheirComplements() throws {
        #expect(FlatColor.allCases.count == 21)
        for (flat, hex, complement) in Self.flat {
            let c = try #require(SkeletonColor(named: flat.rawValue))
            #expect(c.resolved(.light).hexRGB == hex, "\(flat)")
            #expect(c.complementary.resolved(.light).hexRGB == complement, "\(flat)")
        }
    }

    @Test func skeletonDefaultIsDynamic() {
        let c = SkeletonColor.skeletonDefault
        #expect(c.resolved(.light).hexRGB == "#ECF0F1")
        #expect(c.resolved(.dark).hexRGB == "#1C2325")
        #expect(c.complementary.resolved(.light).hexRGB == "#DEE2E3")
        #expect(c.complementary.resolved(.dark).hexRGB == "#262F32")
    }

    @Test func alizarinGradientClipsChannels() throws {
        let g = SkeletonGradient(baseColor: try #require(SkeletonColor(named: "alizarin")))
        #expect(g.colors.map { $0.resolved(.light).hexRGB } == ["#E74C3C", "#FF6751", "#E74C3C"])
    }

    @Test func greyscaleIsNeverLight() throws {
        let white = try #require(SkeletonColor(named: "white"))
        #expect(!white.isLight(.light))
        #expect(white.complementary.resolved(.light).hexRGB == "#FFFFFF")  // lighter, clipped
        let gray = try #require(SkeletonColor(named: "gray"))
        #expect(gray.complementary.resolved(.light).red == 0.675)
        // The same value as an RGB colour is light, so it gets darker.
        let rgbWhite = try #require(SkeletonColor(parsing: "#FFFFFF"))
        #expect(rgbWhite.isLight(.light))
        #expect(rgbWhite.complementary.resolved(.light).hexRGB == "#F0F0F0")
    }

    @Test func parsesHexWithAlpha() throws {
        let c = try #require(SkeletonColor(parsing: "#11223380"))
        #expect(c.resolved(.dark).hexRGBA == "#11223380")
        #expect(SkeletonColor(parsing: "#12345") == nil)
        #expect(SkeletonColor(parsing: "notAColour") == nil)
    }
}
