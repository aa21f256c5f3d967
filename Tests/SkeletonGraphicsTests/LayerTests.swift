import Testing

@testable import SkeletonGraphics

/// A layer is one reference to storage copies share: setting a field gives the copy new storage and leaves the
/// others as they were.
@Suite struct LayerTests {
    static func layer(_ id: String, x: Double = 0, clips: [RoundedRect] = []) -> Layer {
        Layer(
            id: id, node: "n", kind: .block,
            shape: RoundedRect(rect: Rect(x: x, y: 0, width: 10, height: 10), cornerRadius: 2),
            fill: .solid(RGBA(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)), clips: clips)
    }

    @Test func settingAFieldOfACopyLeavesTheOriginal() {
        let original = Self.layer("a")
        var copy = original
        #expect(copy.isCopy(of: original) && copy == original)
        copy.opacity = 0.25
        copy.clips = [RoundedRect(rect: Rect(x: 2, y: 2, width: 4, height: 4), cornerRadius: 0)]
        #expect(original.opacity == 1 && original.clips.isEmpty)
        #expect(copy.opacity == 0.25 && !copy.isCopy(of: original) && copy != original)
    }

    @Test func equalLayersNeedNotBeCopies() {
        let a = Self.layer("a")
        let b = Self.layer("a")
        #expect(!a.isCopy(of: b))
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a != Self.layer("a", x: 1))
    }

    @Test func boundsAreTheShapeCutByEveryClip() {
        var layer = Self.layer(
            "a", clips: [RoundedRect(rect: Rect(x: 4, y: -5, width: 20, height: 8), cornerRadius: 0)])
        #expect(layer.bounds == Rect(x: 4, y: 0, width: 6, height: 3))
        layer.clips = []
        #expect(layer.bounds == Rect(x: 0, y: 0, width: 10, height: 10))
        layer.shape = RoundedRect(rect: Rect(x: 1, y: 1, width: 2, height: 2), cornerRadius: 0)
        #expect(layer.bounds == Rect(x: 1, y: 1, width: 2, height: 2))
    }
}
