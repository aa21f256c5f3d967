import SkeletonGraphics
import Testing

@testable import SkeletonText

/// Runs of invisible scalars (soft hyphens, zero-width spaces and joiners) cost a scan: only the first
/// `InvisibleScalars.keptRun` of a run are laid out, and text after them shows where it would without them.
@Suite struct InvisibleRunTests {
    func cost(_ text: String, _ size: Size, maxLines: Int = 0) -> (layout: TextLayout, shaped: Int) {
        let engine = TextEngine()
        let layout = engine.layout(TextContent(text: text, font: body, maxLines: maxLines), in: size)
        return (layout, engine.counters.shapedScalars.load(ordering: .relaxed))
    }

    /// Issue #25 row 6: 120,000 soft hyphens took 15 s per render; now they are shaped as 32.
    @Test func aRunOfSoftHyphensIsShapedOnce() {
        let text = "Hello" + String(repeating: "\u{00AD}", count: 120_000) + " world"
        let big = cost(text, Size(width: 2_000, height: 2_000))
        let plain = cost("Hello world", Size(width: 2_000, height: 2_000))
        #expect(big.layout.lines.count == 1)
        // The same visible glyphs as without the hyphens, at the same places (soft hyphens draw nothing).
        let visible = big.layout.lines[0].glyphs.filter { $0.advance > 0 }
        #expect(visible.map(\.id) == plain.layout.lines[0].glyphs.filter { $0.advance > 0 }.map(\.id))
        #expect(big.shaped <= plain.shaped + 4 * InvisibleScalars.keptRun)
        // The line's range still points into the text: it ends after "world".
        #expect(big.layout.lines[0].range.upperBound == text.unicodeScalars.count)
        // Interleaved soft hyphens are not a run: each stays (and costs one scalar).
        let interleaved = cost(String(repeating: "ab\u{00AD}", count: 1_000), Size(width: 300, height: 100))
        #expect(interleaved.layout.lines.count == 4)
    }

    /// Issue #25 row 10: text after 300,000 zero-width characters shows on the first line.
    @Test func textAfterManyZeroWidthCharactersShows() throws {
        for invisible in ["\u{200B}", "\u{200D}", "\u{FEFF}", "\u{200B}\u{200C}"] {
            let run = String(repeating: invisible, count: 300_000 / invisible.unicodeScalars.count)
            let result = cost(run + "Hello", Size(width: 200, height: 30), maxLines: 1)
            #expect(result.layout.lines.count == 1)
            let line = try #require(result.layout.lines.first)
            #expect(!line.isTruncated)
            let shown = line.text.unicodeScalars.filter { !InvisibleScalars.contains($0.value) }
            #expect(String(String.UnicodeScalarView(shown)) == "Hello")
            #expect(line.range == 0..<(300_000 + 5))
            #expect(result.shaped < 200)
        }
    }

    /// Only invisible scalars after the last shown line do not cut it with "…".
    @Test func invisibleScalarsAfterTheLastLineDoNotTruncateIt() {
        for tail in ["\u{200D}", "\u{00AD}", "\u{FEFF}", " \u{200B}"] {
            let result = cost(
                "Hello\n" + String(repeating: tail, count: 1_000), Size(width: 200, height: 30), maxLines: 1)
            #expect(!result.layout.isTruncated, "\(tail.unicodeScalars.map(\.value))")
            #expect(result.layout.lineTexts == ["Hello"])
        }
        #expect(cost("Hello\n\u{200D}x", Size(width: 200, height: 30), maxLines: 1).layout.isTruncated)
    }
}
