import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// The gap buffer a `didChange` with several changes goes through: the same text, line index and edits as
/// `TextBuffer` applying them one at a time, with its work (bytes moved) bounded by the distance between edits.
@Suite struct GapTextBufferTests {
    func p(_ line: Int, _ character: Int) -> TextPosition { TextPosition(line: line, character: character) }

    /// A random position of `buffer`'s text (lines and characters past the end included: they clamp).
    static func position(in buffer: TextBuffer, _ random: inout SplitMix64) -> TextPosition {
        let line = Int(random.next() % UInt64(buffer.lineCount))
        return TextPosition(line: line, character: Int(random.next() % 12))
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomEditsGiveWhatTextBufferGives(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces = ["", "x", "\n", "ab\ncd\n", "é", "😀", "\r\n", "{\"a\": [1, 2]}"]
        var reference = TextBuffer("first line\nsecond é line\r\n😀 third\n\nlast")
        var gap = GapTextBuffer(reference)
        for _ in 0..<2_000 {
            let a = Self.position(in: reference, &random)
            let b = Self.position(in: reference, &random)
            let range = random.next() % 50 == 0 ? nil : TextRange(start: min(a, b), end: max(a, b))
            let text = pieces[Int(random.next() % UInt64(pieces.count))]
            let encoding: PositionEncoding = random.next() % 2 == 0 ? .utf8 : .utf16
            let expected = try reference.apply(range: range, text: text, encoding: encoding)
            let edit = try gap.apply(range: range, text: text, encoding: encoding)
            #expect(edit == expected)
            #expect(gap.lineCount == reference.lineCount)
            #expect(gap.count == reference.bytes.count)
        }
        #expect(gap.textBuffer == reference)
    }

    @Test func badRangesAreRefusedAsTextBufferRefusesThem() {
        var gap = GapTextBuffer(TextBuffer("ab\ncd"))
        #expect(throws: TextBuffer.EditError.lineOutOfRange(line: 5, lineCount: 2)) {
            try gap.apply(range: TextRange(start: p(5, 0), end: p(5, 1)), text: "x", encoding: .utf16)
        }
        #expect(throws: TextBuffer.EditError.rangeOutOfOrder) {
            try gap.apply(range: TextRange(start: p(1, 1), end: p(0, 1)), text: "x", encoding: .utf16)
        }
    }

    /// 40,000 edits in document order, forwards or backwards, over a 1 MB text: the gap travels across the text at
    /// most once or twice (it starts at the end), not 40,000 times.
    @Test(arguments: [false, true])
    func editsInOrderMoveAcrossTheTextOnce(backwards: Bool) throws {
        let size = 1 << 20
        let edits = 40_000
        var gap = GapTextBuffer(TextBuffer(bytes: [UInt8](repeating: 0x20, count: size)))
        for k in 0..<edits {
            // Each edit replaces one space with a line break: line k starts at the space to replace.
            let line = backwards ? 0 : k
            let character = backwards ? (size - 1 - k * 20) : 0
            try gap.apply(
                range: TextRange(start: p(line, character), end: p(line, character + 1)), text: "\n", encoding: .utf8)
        }
        #expect(gap.lineCount == edits + 1)
        #expect(gap.count == size)
        #expect(gap.bytesVisited <= 2 * size, "\(gap.bytesVisited)")
    }

    /// Edits that jump between the two ends of a large text reach the movement budget and are refused.
    @Test func editsThatJumpBackAndForthAreRefusedAtTheBudget() throws {
        let size = 1 << 20
        var gap = GapTextBuffer(TextBuffer(bytes: [UInt8](repeating: 0x20, count: size)))
        #expect(gap.visitBudget == (64 << 20) + 8 * size)
        var applied = 0
        #expect(throws: GapTextBuffer.BudgetExceeded.self) {
            for k in 0..<10_000 {
                let character = k % 2 == 0 ? 0 : size - 1
                try gap.apply(range: TextRange(start: p(0, character), end: p(0, character)), text: "", encoding: .utf8)
                applied += 1
            }
        }
        #expect(applied > 60 && applied < 80, "\(applied)")
        #expect(gap.bytesVisited <= gap.visitBudget)
    }

    /// UTF-16 columns far along one long line are walked to: the walks count, and changes that walk the whole line
    /// again and again reach the budget.
    @Test func longWalksToUTF16ColumnsAreCountedAndBounded() throws {
        let size = 1 << 20
        var gap = GapTextBuffer(TextBuffer(bytes: [UInt8](repeating: 0x20, count: size)))
        var applied = 0
        #expect(throws: GapTextBuffer.BudgetExceeded.self) {
            for _ in 0..<10_000 {
                let at = p(0, size - 1)
                try gap.apply(range: TextRange(start: at, end: at), text: "", encoding: .utf16)
                applied += 1
            }
        }
        // Each walks the line twice (start and end): about 36 fit in 64 MiB + 8 MiB.
        #expect(applied > 30 && applied < 40, "\(applied)")
        // In UTF-8 the same changes cost nothing but the first move of the gap.
        var utf8 = GapTextBuffer(TextBuffer(bytes: [UInt8](repeating: 0x20, count: size)))
        for _ in 0..<10_000 {
            let at = p(0, size - 1)
            try utf8.apply(range: TextRange(start: at, end: at), text: "", encoding: .utf8)
        }
        #expect(utf8.bytesVisited == 1)
    }

    /// A UTF-8 column is found without walking: the same offsets as a walk over the line's scalars.
    @Test func utf8ColumnsMatchAWalkOverScalars() throws {
        let line = "a😀é\u{301}x"
        let buffer = TextBuffer(line + "\nnext")
        var starts: [Int] = []
        var offset = 0
        for scalar in line.unicodeScalars {
            starts.append(offset)
            offset += String(scalar).utf8.count
        }
        for character in 0...(offset + 3) {
            let expected = character >= offset ? offset : (starts.last { $0 <= character } ?? 0)
            #expect(try buffer.offset(of: p(0, character), encoding: .utf8) == expected, "\(character)")
        }
    }
}
