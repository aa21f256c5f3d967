import SkeletonGraphics
import Synchronization
import Testing

@testable import SkeletonText

/// Right-to-left scripts, CJK, font fallback and missing fonts.
@Suite struct ScriptTests {
    @Test func hebrewIsOrderedRightToLeftInItsFont() {
        let line = layout("שלום עולם").lines[0]
        #expect(line.isRightToLeft)
        #expect(line.glyphs.allSatisfy { $0.font == .hebrew })
        // Visual order: the first logical letter is the rightmost glyph; clusters fall from left to right.
        let clusters = line.glyphs.map(\.cluster)
        #expect(clusters == clusters.sorted(by: >))
        #expect(clusters.last == 0)
        let xs = line.glyphs.map(\.x)
        #expect(xs == xs.sorted())
    }

    @Test func arabicJoinsAndRunsRightToLeft() {
        let word = layout("سلام").lines[0]
        #expect(word.isRightToLeft)
        #expect(word.glyphs.allSatisfy { $0.font == .arabic })
        #expect(word.glyphs.map(\.cluster) == word.glyphs.map(\.cluster).sorted(by: >))
        // The same letters apart (isolated forms, separated by spaces) take other glyphs: HarfBuzz joined them.
        let apart = layout("س ل ا م").lines[0]
        let isolated = Set(apart.glyphs.filter { $0.font == .arabic }.map(\.id))
        let joined = Set(word.glyphs.map(\.id))
        #expect(!joined.isEmpty)
        #expect(joined != isolated)
        #expect(joined.subtracting(isolated).count >= 2)
    }

    @Test func mixedDirectionsAreReorderedPerLine() {
        // A left-to-right paragraph with a Hebrew word: Latin first, the Hebrew word reversed in place, then Latin.
        let ltr = layout("abc שלום def").lines[0]
        #expect(!ltr.isRightToLeft)
        let clusters = ltr.glyphs.map(\.cluster)
        #expect(Array(clusters.prefix(4)) == [0, 1, 2, 3])
        #expect(Array(clusters[4..<8]) == [7, 6, 5, 4])
        #expect(Array(clusters.suffix(4)) == [8, 9, 10, 11])
        // A right-to-left paragraph (first strong character Arabic) with Latin and digits: the Latin run keeps its
        // own order, placed to the left of the Arabic that precedes it logically.
        let rtl = layout("مرحبا Hello 42").lines[0]
        #expect(rtl.isRightToLeft)
        let arabicLeft = rtl.glyphs.filter { $0.font == .arabic }.map(\.x).min() ?? 0
        let hello = rtl.glyphs.filter { $0.font == .systemRegular && $0.cluster >= 6 && $0.cluster <= 10 }
        #expect(hello.map(\.cluster) == [6, 7, 8, 9, 10])
        #expect(hello.allSatisfy { $0.x < arabicLeft })
    }

    @Test func theFirstStrongCharacterDecidesTheParagraphDirection() {
        #expect(layout("123 שלום").lines[0].isRightToLeft)
        #expect(!layout("123 abc שלום").lines[0].isRightToLeft)
        // No strong character: the view's direction.
        #expect(layout("123 456", isRightToLeft: true).lines[0].isRightToLeft)
        #expect(!layout("123 456", isRightToLeft: false).lines[0].isRightToLeft)
        // Per paragraph.
        #expect(layout("abc\nשלום").lines.map(\.isRightToLeft) == [false, true])
    }

    @Test func cjkBreaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        let text = "日本語のテキストを折り返す。中文文本换行测试"
        let result = layout(text, width: 100)
        #expect(result.lines.count >= 4)
        #expect(result.lineTexts.joined() == text)
        for line in result.lines {
            #expect(line.glyphs.allSatisfy { $0.font == .cjk })
            #expect(!line.text.hasPrefix("。"))
            #expect(line.width <= 100)
        }
        // Five 17 pt ideographs fit in 100 pt, six do not.
        #expect(result.lines[0].text.unicodeScalars.count == 5)
    }

    @Test func eachScriptFallsBackToItsFont() {
        func fonts(_ text: String, _ weight: FontWeight = .regular) -> Set<FontRole> {
            Set(layout(text, font: FontSpec(size: 17, weight: weight)).lines.flatMap(\.glyphs).map(\.font))
        }
        #expect(fonts("Latin") == [.systemRegular])
        #expect(fonts("مرحبا") == [.arabic])
        #expect(fonts("שלום") == [.hebrew])
        #expect(fonts("漢字") == [.cjk])
        #expect(fonts("ひらがな") == [.cjk])
        #expect(fonts("مرحبا", .bold) == [.arabicBold])
        #expect(fonts("漢字", .semibold) == [.cjkBold])
        // Georgian: neither Inter nor Noto Arabic, Hebrew or CJK has it; DejaVu Sans does.
        #expect(fonts("ქართული") == [.lastResort])
        #expect(fonts("ქართული", .bold) == [.lastResortBold])
        // Mixed: each run in its own font.
        #expect(fonts("Hi مرحبا שלום 漢字") == [.systemRegular, .arabic, .hebrew, .cjk])
    }

    @Test func missingFontsFallBackAndWarnOncePerRole() {
        let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let warnings = WarningLog()
        let onlyDejaVu = TextEngine(
            fontFiles: FontFiles(files: [.lastResort: FontFile(path: dejavu)]), warn: { warnings.append($0) })
        // Every role but the last resort is missing: one warning each, at once, none later.
        #expect(warnings.count == FontRole.allCases.count - 1)
        let line = layout("Hello مرحبا", font: FontSpec(size: 17, weight: .bold), on: onlyDejaVu).lines[0]
        #expect(line.glyphs.allSatisfy { $0.font == .lastResort })
        #expect(
            !onlyDejaVu.mask(
                TextContent(text: "Hello", font: body), in: Rect(x: 0, y: 0, width: 100, height: 30), scale: 2
            ).isEmpty)
        #expect(warnings.count == FontRole.allCases.count - 1)
        #expect(onlyDejaVu.fontReport.contains { $0.hasPrefix("system-bold: missing") && $0.contains("last-resort") })

        // A file that is not a font is reported as unreadable, and nothing at all is drawn without fonts.
        let broken = TextEngine(fontFiles: FontFiles(files: [.systemRegular: FontFile(path: "/etc/hostname")]))
        #expect(broken.fontReport.contains { $0.hasPrefix("system-regular: missing (cannot read") })
        #expect(layout("Hello", on: broken).lines.isEmpty)
        #expect(
            broken.mask(TextContent(text: "Hello", font: body), in: Rect(x: 0, y: 0, width: 100, height: 30), scale: 2)
                .isEmpty)
    }

    @Test func discoveryLooksInTheExtraDirectoryFirst() {
        let files = FontFiles.discover(in: ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/opentype/inter"])
        #expect(files.files[.lastResort]?.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(files.files[.systemRegular]?.path == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        #expect(files.files[.arabic] == nil)
        #expect(FontFiles.discover(in: ["/nonexistent"]).files.isEmpty)
        // SKELETOND_FONT_DIR's directory comes first; the system's follow.
        let extra = FontFiles.discover(extraDirectory: "/usr/share/fonts/truetype/dejavu/")
        #expect(extra.searched.first == "/usr/share/fonts/truetype/dejavu/")
        #expect(extra.searched.dropFirst() == FontFiles.systemDirectories[...])
        #expect(extra.files[.lastResort]?.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(FontFiles.discover(extraDirectory: "").searched == FontFiles.systemDirectories)
    }
}

/// Warnings collected from any thread.
final class WarningLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var count: Int { lines.withLock { $0.count } }
}
