import SkeletonEngine
import Testing

/// The engine is safe on its own: whatever the numbers (NaN, infinities, denormals, huge counts, appearances set
/// by requests, which the decoder never sees), a text node gets at most `TextLineCount.ceiling` lines and no
/// conversion traps.
@Suite("Text layout limits")
struct TextLayoutLimitsTests {
    @Test func explicitCountsAreCappedAtTheCeiling() {
        #expect(TextLineCount.ceiling == 1000)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 1_000_000_000), maskHeight: 10) == 1000)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: Int.max), maskHeight: 10) == 1000)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 1000), maskHeight: 10) == 1000)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 999), maskHeight: 10) == 999)
    }

    @Test func automaticCountsFromTinyPitchesAreCappedAtTheCeiling() {
        let tiny = TextParameters(estimatedLines: 0, lineHeight: 1e-6, spacing: 0)
        #expect(TextLayout.lineCount(tiny, maskHeight: 16384) == 1000)
        let denormal = TextParameters(estimatedLines: 0, lineHeight: .leastNormalMagnitude / 2, spacing: 0)
        #expect(TextLayout.lineCount(denormal, maskHeight: 16384) == 0)  // infinite: the one-block fallback
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 0), maskHeight: 1e300) == 1000)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 0), maskHeight: .infinity) == 0)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 0, lineHeight: .nan), maskHeight: 100) == 0)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 0), maskHeight: -.infinity) == 0)
    }

    @Test func lineFramesNeverExceedTheCeiling() {
        let p = TextParameters(estimatedLines: 0)
        #expect(TextLayout.lineFrames(p, count: Int.max, in: Size(width: 100, height: 100)).count == 1000)
        #expect(TextLayout.lineFrames(p, count: 1000, in: Size(width: 100, height: 100)).count == 1000)
        #expect(TextLayout.lineFrames(p, count: 999, in: Size(width: 100, height: 100)).count == 999)
    }

    @Test func aHugeLabelHeightFixDoesNotTrap() {
        let p = TextParameters(estimatedLines: Int.max, lineHeight: 1e300, spacing: 1e300)
        #expect(TextLayout.labelHeightFix(p, definedHeight: 10) == .infinity)
    }

    @Test func anAppearanceSetByARequestCannotLayOutMoreThanTheCeiling() throws {
        // The document is valid (default lines); a request then shrinks the line pitch to a millionth of a point.
        var s = try session(
            root(
                #"{"type": "UILabel", "id": "l", "frame": [0, 0, 300, 400], "isSkeletonable": true, "numberOfLines": 0}"#
            ))
        var tiny = AppearanceOverrides()
        tiny.multilineHeight = 1e-6
        tiny.multilineSpacing = 0
        _ = s.setAppearance(tiny, at: 0)
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).rects(of: "l").count == 1000)
    }
}
