import SkeletonGraphics
import Testing

@testable import SkeletonText

/// A long text costs what its visible lines cost: counted in scalars read and shaped, never in seconds.
@Suite struct BoundedWorkTests {
    static let megabyte = 1 << 20

    /// Scalars read and shaped to lay `content` out on a fresh engine.
    func cost(_ content: TextContent, _ size: Size) -> (read: Int, shaped: Int, lines: Int) {
        let engine = TextEngine()
        let result = engine.layout(content, in: size)
        return (
            engine.counters.readScalars.load(ordering: .relaxed),
            engine.counters.shapedScalars.load(ordering: .relaxed),
            result.lines.count
        )
    }

    @Test func aMegabyteOfWordsCostsItsVisibleLines() {
        var words = ""
        while words.utf8.count < Self.megabyte { words += lorem + " " }
        let small = cost(
            TextContent(text: String(lorem.prefix(300)), font: body, maxLines: 3), Size(width: 200, height: 100))
        let large = cost(TextContent(text: words, font: body, maxLines: 3), Size(width: 200, height: 100))
        #expect(large.lines == 3)
        // One chunk (2,048 scalars and up to 256 more to the next space) and a few lines shaped again.
        #expect(large.read <= 2_048 + 256)
        #expect(large.shaped <= 2 * (2_048 + 256))
        #expect(small.shaped < large.shaped)
        // A box that shows 20 lines reads a few chunks more, not the megabyte.
        let tall = cost(
            TextContent(text: words, font: body, maxLines: 0), Size(width: 200, height: 20 * body.lineHeight))
        #expect(tall.lines == 20)
        #expect(tall.read < 10_000)
    }

    @Test func aMegabyteWithoutBreaksOrOfNewlinesIsBoundedToo() {
        let oneWord = String(repeating: "x", count: Self.megabyte)
        let word = cost(TextContent(text: oneWord, font: body, maxLines: 2), Size(width: 200, height: 100))
        #expect(word.lines == 2)
        #expect(word.read <= 2 * (2_048 + 256))
        let newlines = String(repeating: "\n", count: Self.megabyte)
        let empty = cost(
            TextContent(text: newlines, font: body, maxLines: 0), Size(width: 200, height: 5.5 * body.lineHeight))
        #expect(empty.lines == 5)
        #expect(empty.read < 4_096 + 10)
        // A megabyte of zero-width joiners is one run of invisible scalars: scanned, and only its first
        // InvisibleScalars.keptRun are laid out.
        let joiners = String(repeating: "\u{200D}", count: Self.megabyte)
        let zero = cost(TextContent(text: joiners, font: body, maxLines: 1), Size(width: 200, height: 100))
        #expect(zero.lines == 1)
        #expect(zero.shaped <= 2 * InvisibleScalars.keptRun)
        // One paragraph of Arabic and Hebrew (bidi runs on chunks, not on the paragraph).
        let rtl = String(repeating: "مرحبا بالعالم שלום עולם ", count: Self.megabyte / 48)
        let bidi = cost(TextContent(text: rtl, font: body, maxLines: 4), Size(width: 200, height: 100))
        #expect(bidi.lines == 4)
        #expect(bidi.read <= 2_048 + 256)
    }

    @Test func aMegabyteMaskCostsWhatItShows() {
        var words = ""
        while words.utf8.count < Self.megabyte { words += lorem + " " }
        let engine = TextEngine()
        let mask = engine.mask(
            TextContent(text: words, font: body, maxLines: 2), in: Rect(x: 0, y: 0, width: 200, height: 50), scale: 3)
        #expect(!mask.isEmpty)
        #expect(mask.width * mask.height < 800 * 300)
        #expect(engine.counters.readScalars.load(ordering: .relaxed) <= 2_048 + 256)
        #expect(engine.counters.rasterizedGlyphs.load(ordering: .relaxed) < 120)
    }
}
