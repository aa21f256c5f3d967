import SkeletonGraphics
import Synchronization
import Testing

@testable import SkeletonText

/// Text work stops when its `StopSignal` says so (a cancelled request): counted in checks, scalars and caches,
/// never in seconds. And one label's work is bounded (`TextLimits.maxScalarsPerLayout`).
@Suite struct StopSignalTests {
    /// A signal that says stop from its `after`-th question on, counting the questions.
    final class Countdown: Sendable {
        let asked = Atomic<Int>(0)
        let after: Int
        init(after: Int) { self.after = after }
        var signal: StopSignal {
            StopSignal { [self] in asked.add(1, ordering: .relaxed).newValue >= after }
        }
    }

    static let screen = Size(width: 390, height: 844)
    static let tiny = FontSpec(size: 0.5)
    static let fourMegabytes: String = {
        var words = ""
        while words.utf8.count < 4 << 20 { words += lorem + " " }
        return words
    }()

    /// Issue #25 row 7: a 4 MB label at 0.5 pt laid out 2.2 million glyphs (943 MB, 7.4 s a render); now its
    /// lines hold at most `maxScalarsPerLayout` scalars (and one line more), the last cut with "…".
    @Test func aFourMegabyteLabelAtHalfAPointIsBounded() {
        let engine = TextEngine()
        let content = TextContent(text: Self.fourMegabytes, font: Self.tiny, maxLines: 0)
        let layout = engine.layout(content, in: Self.screen)
        let laidOut = layout.lines.reduce(0) { $0 + $1.range.count }
        #expect(laidOut >= TextLimits.maxScalarsPerLayout / 2)
        #expect(laidOut <= TextLimits.maxScalarsPerLayout + TextLimits.maxScalarsPerLine)
        #expect(layout.isTruncated && layout.lines.last?.isTruncated == true)
        #expect(layout.lines.count < Int(Self.screen.height / Self.tiny.lineHeight))
        let shaped = engine.counters.shapedScalars.load(ordering: .relaxed)
        #expect(shaped <= 4 * (TextLimits.maxScalarsPerLayout + TextLimits.maxScalarsPerLine))
        // Its mask is drawn from those glyphs only.
        let mask = engine.mask(content, in: Rect(x: 0, y: 0, width: 390, height: 844), scale: 3)
        #expect(!mask.isEmpty)
    }

    @Test func aStoppedLayoutGivesUpAndCachesNothing() throws {
        let engine = TextEngine()
        let content = TextContent(text: Self.fourMegabytes, font: Self.tiny, maxLines: 0)
        let countdown = Countdown(after: 5)
        #expect(engine.layout(content, in: Self.screen, stop: countdown.signal) == nil)
        // It stopped at the fifth question: a few lines, not the layout's thousand.
        #expect(countdown.asked.load(ordering: .relaxed) == 5)
        let stoppedWork = engine.work
        #expect(stoppedWork.stopped == 1)
        #expect(stoppedWork.shapedScalars < 4 * (2_048 + 256))
        // Nothing was cached: the next layout computes (and finishes without a signal).
        let full = engine.layout(content, in: Self.screen)
        #expect(!full.lines.isEmpty)
        #expect(engine.work.layouts == stoppedWork.layouts + 1)
        #expect(engine.work.shapedScalars > 10 * stoppedWork.shapedScalars)
    }

    @Test func aStoppedMaskGivesUpWhileRasterising() throws {
        let engine = TextEngine()
        // Many distinct glyphs (CJK), so rasterising takes many checks.
        let ideographs = String((0..<3_000).compactMap { Unicode.Scalar(0x4E00 + $0).map(Character.init) })
        let content = TextContent(text: ideographs, font: FontSpec(size: 12), maxLines: 0)
        let box = Rect(x: 0, y: 0, width: 390, height: 844)
        // The layout's questions are answered "go on"; drawing's stop it part way through the glyphs.
        let layoutOnly = Countdown(after: .max)
        let lines = try #require(engine.layout(content, in: box.size, stop: layoutOnly.signal)).lines.count
        // One question per line, then one per `glyphStride` glyphs: the third of those says stop.
        let countdown = Countdown(after: lines + 3)
        #expect(engine.mask(content, in: box, scale: 2, stop: countdown.signal) == nil)
        let rasterized = engine.work.rasterizedGlyphs
        #expect(rasterized == 3 * StopSignal.glyphStride - 1)
        #expect(engine.work.masks == 0 && engine.work.stopped == 1)
        // Unstopped, the same mask is drawn (the glyphs made before the stop are reused).
        #expect(!engine.mask(content, in: box, scale: 2).isEmpty)
        #expect(engine.work.masks == 1)
    }
}
