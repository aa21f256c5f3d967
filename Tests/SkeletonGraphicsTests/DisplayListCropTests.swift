import SkeletonGraphics
import Testing

/// `DisplayList.cropped(to:)`: a region of a list as a list of its own.
@Suite struct DisplayListCropTests {
    static func layer(_ id: String, _ rect: Rect, clips: [RoundedRect] = []) -> Layer {
        Layer(
            id: id, node: id, kind: .block, shape: RoundedRect(rect: rect, cornerRadius: 2), fill: .solid(.black),
            clips: clips)
    }

    @Test func layersAreMovedAndThoseAwayAreLeftOut() {
        let list = DisplayList(
            size: Size(width: 200, height: 100), background: .white,
            layers: [
                Self.layer(
                    "in", Rect(x: 50, y: 20, width: 10, height: 10),
                    clips: [RoundedRect(rect: Rect(x: 40, y: 10, width: 40, height: 40))]),
                Self.layer("away", Rect(x: 150, y: 80, width: 10, height: 10)),
            ])
        let cropped = list.cropped(to: Rect(x: 40, y: 10, width: 60, height: 50))
        #expect(cropped.size == Size(width: 60, height: 50))
        #expect(cropped.background == list.background)
        #expect(cropped.layers.map(\.id) == ["in"])
        #expect(
            cropped.layers.first?.shape == RoundedRect(rect: Rect(x: 10, y: 10, width: 10, height: 10), cornerRadius: 2)
        )
        #expect(cropped.layers.first?.clips == [RoundedRect(rect: Rect(x: 0, y: 0, width: 40, height: 40))])
    }

    /// Past the canvas, every layer is also clipped to the canvas (moved), so nothing shows beyond it.
    @Test func aRegionPastTheCanvasClipsToIt() {
        let list = DisplayList(
            size: Size(width: 100, height: 100), background: .white,
            layers: [Self.layer("overflow", Rect(x: 90, y: 90, width: 30, height: 30))])
        let cropped = list.cropped(to: Rect(x: 80, y: 80, width: 40, height: 40))
        #expect(cropped.layers.first?.clips == [RoundedRect(rect: Rect(x: -80, y: -80, width: 100, height: 100))])
        let inside = list.cropped(to: Rect(x: 80, y: 80, width: 20, height: 20))
        #expect(inside.layers.first?.clips == [])
    }
}
