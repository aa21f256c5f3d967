import SkeletonEngine
import Testing

/// `frame(at:outlines:)` (what a live preview asks every frame) answers exactly what `layers(at:outlines:)` and
/// `timeline(at:)` answer, from one copy of the session.
@Suite("Frames")
struct FrameTests {
    @Test(arguments: [false, true])
    func aFrameIsTheLayersAndTheTimeline(outlines: Bool) throws {
        var s = try session(ContentLayerTests.doc)
        _ = try s.show(
            ShowOptions(type: .gradient, animated: true, delay: 0.5, transition: .crossDissolve(0.25)), at: 0)
        _ = try s.hide(at: 3)
        for t in [0.0, 0.25, 0.6, 0.7, 1.9, 3.1, 3.5, 10] {
            let frame = s.frame(at: t, outlines: outlines)
            #expect(frame.list == s.layers(at: t, outlines: outlines), "t = \(t)")
            #expect(frame.isAnimating == s.timeline(at: t).isAnimating, "t = \(t)")
        }
        // Outlines come on top, one per visible view (the root and its four children), only when asked.
        let outlined = s.frame(at: 10, outlines: outlines).list.layers.filter { $0.kind == .outline }
        #expect(outlined.count == (outlines ? 5 : 0))
    }
}
