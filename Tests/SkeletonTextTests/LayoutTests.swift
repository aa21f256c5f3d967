import SkeletonGraphics
import Testing

@testable import SkeletonText

/// Lines, truncation, alignment and vertical placement, UILabel as the model.
@Suite struct LayoutTests {
    @Test func wordsWrapAtSpacesAndEveryLineFits() {
        let result = layout(lorem, width: 150)
        #expect(result.lines.count > 3)
        #expect(!result.isTruncated)
        for line in result.lines {
            #expect(line.width <= 150 + 1e-9)
            #expect(!line.text.hasPrefix(" ") && !line.text.hasSuffix(" "))
        }
        // Every break is at a space: the lines joined by spaces are the text.
        #expect(result.lineTexts.joined(separator: " ") == lorem)
        // Greedy: the next line's first word would not have fitted on the line before.
        let next = layout(result.lines[0].text + " " + result.lines[1].text.split(separator: " ")[0], width: 150)
        #expect(next.lines.count == 2)
    }

    @Test func lineRangesPointIntoTheText() {
        let text = "alpha beta gamma delta epsilon zeta eta theta"
        let result = layout(text, width: 90)
        let scalars = Array(text.unicodeScalars)
        for line in result.lines {
            var shown = String.UnicodeScalarView()
            shown.append(contentsOf: scalars[line.range])
            #expect(String(shown) == line.text)
        }
    }

    @Test func aBreakAfterAHyphenInsideAWord() {
        let result = layout("state-of-the-art", width: 70)
        #expect(result.lines.count >= 2)
        #expect(result.lines[0].text.hasSuffix("-"))
        #expect(result.lineTexts.joined() == "state-of-the-art")
    }

    @Test func aWordLongerThanTheLineBreaksBetweenCharacters() {
        let word = String(repeating: "abcdefghij", count: 6)
        let result = layout(word, width: 100)
        #expect(result.lines.count > 2)
        #expect(result.lineTexts.joined() == word)
        for line in result.lines { #expect(line.width <= 100) }
    }

    @Test func newlinesStartParagraphs() {
        let result = layout("one\ntwo\r\nthree\n\nfive")
        #expect(result.lineTexts == ["one", "two", "three", "", "five"])
        let trailing = layout("one\n")
        #expect(trailing.lineTexts == ["one", ""])
    }

    @Test func tailTruncationWithAnEllipsisOnTheLastShownLine() {
        let one = layout(lorem, width: 200, maxLines: 1)
        #expect(one.isTruncated)
        #expect(one.lines.count == 1)
        #expect(one.lines[0].text.hasSuffix("…"))
        #expect(one.lines[0].isTruncated)
        #expect(one.lines[0].width <= 200 + 1e-9)
        // The tail is cut between characters, not at a word: as much as fits before the "…".
        let shown = String(one.lines[0].text.dropLast())
        #expect(lorem.hasPrefix(shown))

        let two = layout(lorem, width: 200, maxLines: 2)
        #expect(two.lines.count == 2)
        #expect(!two.lines[0].isTruncated && two.lines[1].isTruncated)
        #expect(two.lines[1].text.hasSuffix("…"))

        // A paragraph that remains truncates the line before it, even when that line is complete.
        #expect(layout("first\nsecond", maxLines: 1).lineTexts == ["first…"])
        // White space and separators alone do not count as remaining text.
        #expect(layout("first\n  \n", maxLines: 1).lineTexts == ["first"])
        #expect(!layout("fits", maxLines: 1).isTruncated)
        // When not even one character fits before the "…", the line is the "…".
        #expect(layout(lorem, width: 14, maxLines: 1).lineTexts == ["…"])
    }

    @Test func maxLinesZeroFillsTheBoxAndTheBoxLimitsMaxLines() {
        let lineHeight = body.lineHeight
        let fill = layout(lorem + " " + lorem, width: 150, height: lineHeight * 5.5, maxLines: 0)
        #expect(fill.lines.count == 5)
        #expect(fill.isTruncated)
        #expect(fill.lines[4].text.hasSuffix("…"))
        let exact = layout(lorem + " " + lorem, width: 150, height: lineHeight * 3, maxLines: 0)
        #expect(exact.lines.count == 3)
        // maxLines above what fits: the box wins (UILabel draws the lines that fit its bounds).
        #expect(layout(lorem, width: 150, height: lineHeight * 2, maxLines: 4).lines.count == 2)
        // A box shorter than one line still shows one.
        #expect(layout(lorem, width: 150, height: 3, maxLines: 0).lines.count == 1)
    }

    @Test func horizontalAlignments() {
        let width = 300.0
        let left = layout("Hello", width: width, alignment: .left).lines[0]
        let right = layout("Hello", width: width, alignment: .right).lines[0]
        let center = layout("Hello", width: width, alignment: .center).lines[0]
        #expect(left.x == 0)
        #expect(abs(right.x + right.width - width) < 1e-9)
        #expect(abs(center.x - (width - center.width) / 2) < 1e-9)
        #expect(left.width == right.width && left.width == center.width)
        #expect(left.glyphs[0].x == 0)
        #expect(abs(right.glyphs[0].x - right.x) < 1e-9)
    }

    @Test func naturalFollowsTheViewsDirection() {
        let ltr = layout("Hello", alignment: .natural, isRightToLeft: false).lines[0]
        let rtl = layout("Hello", alignment: .natural, isRightToLeft: true).lines[0]
        #expect(ltr.x == 0)
        #expect(abs(rtl.x + rtl.width - 300) < 1e-9)
        // A Hebrew paragraph in a left-to-right view: natural is still left, the order inside right to left.
        let hebrew = layout("שלום עולם", alignment: .natural, isRightToLeft: false).lines[0]
        #expect(hebrew.x == 0)
        #expect(hebrew.isRightToLeft)
    }

    @Test func justifiedStretchesSpacesOnAllButTheLastLineOfEachParagraph() {
        let width = 180.0
        let result = layout(lorem + "\n" + lorem, width: width, alignment: .justified)
        let plain = layout(lorem + "\n" + lorem, width: width, alignment: .left)
        #expect(result.lineTexts == plain.lineTexts)
        let paragraphEnds = Set(
            result.lines.indices.filter { i in
                i == result.lines.count - 1 || result.lines[i].text.hasSuffix("consequat.")
            })
        #expect(paragraphEnds.count == 2)
        for (i, line) in result.lines.enumerated() {
            if paragraphEnds.contains(i) {
                #expect(line.width == plain.lines[i].width)
                #expect(line.x == 0)
            } else {
                #expect(abs(line.width - width) < 1e-6)
                // The glyphs themselves keep their advances; the spaces take the rest.
                #expect(line.glyphs.map(\.advance) == plain.lines[i].glyphs.map(\.advance))
            }
        }
        // Right to left: the last line of a justified paragraph is natural, so right-aligned.
        let rtl = layout(lorem, width: width, alignment: .justified, isRightToLeft: true)
        let last = rtl.lines[rtl.lines.count - 1]
        #expect(abs(last.x + last.width - width) < 1e-9)
    }

    @Test func baselinesFollowSFMetrics() {
        let size = 17.0
        let lineHeight = 1.193359375 * size
        #expect(FontSpec(size: size).lineHeight == lineHeight)
        let ascent = 1950.0 / 2048.0 * size

        // One line centred in a 100 pt box (UILabel).
        let centred = layout("Hello", height: 100, maxLines: 1).lines[0]
        #expect(abs(centred.top - (100 - lineHeight) / 2) < 1e-9)
        #expect(abs(centred.baseline - ((100 - lineHeight) / 2 + ascent)) < 1e-9)

        // Three lines from the top under an 8 pt inset (a text view).
        let top = layout(
            "a\nb\nc", height: 200, placement: .top, insets: EdgeInsets(top: 8, left: 5, bottom: 8, right: 5))
        #expect(top.lines.map(\.baseline) == [0, 1, 2].map { 8 + Double($0) * lineHeight + ascent })
        #expect(top.lines.allSatisfy { $0.x == 5 })

        // A font named by its line height keeps it.
        let byLineHeight = FontSpec(lineHeight: 24)
        let lines = layout("a\nb", height: 48, font: byLineHeight).lines
        #expect(lines.map(\.top) == [0, 24])
        #expect(abs(lines[0].baseline - 1950.0 / 2048.0 * byLineHeight.size) < 1e-9)
    }

    @Test func insetsShrinkTheBox() {
        let insets = EdgeInsets(top: 0, left: 20, bottom: 0, right: 30)
        let plain = layout(lorem, width: 200)
        let inset = layout(lorem, width: 250, insets: insets)
        #expect(plain.lineTexts == inset.lineTexts)
        #expect(inset.lines.allSatisfy { $0.x == 20 })
        let right = layout("Hi", width: 250, alignment: .right, insets: insets).lines[0]
        #expect(abs(right.x + right.width - 220) < 1e-9)
    }

    @Test func weightsUseTheirInterFaces() {
        for weight in FontWeight.allCases {
            let line = layout("Weight", font: FontSpec(size: 17, weight: weight)).lines[0]
            #expect(line.glyphs.allSatisfy { $0.font == FontRole.system(weight) })
        }
        let regular = layout("Weight").lines[0].width
        let bold = layout("Weight", font: FontSpec(size: 17, weight: .bold)).lines[0].width
        #expect(bold > regular)
    }

    @Test func layoutsAreCached() {
        // Its own engine: other tests run in parallel and count on the shared one.
        let engine = TextEngine()
        let content = TextContent(text: "cached " + lorem, font: body, maxLines: 0)
        let first = engine.layout(content, in: Size(width: 123, height: 300))
        let computed = engine.counters.layouts.load(ordering: .relaxed)
        let second = engine.layout(content, in: Size(width: 123, height: 300))
        #expect(first == second)
        #expect(engine.counters.layouts.load(ordering: .relaxed) == computed)
    }
}
