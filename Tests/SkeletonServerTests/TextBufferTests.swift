import SkeletondTestSupport
import Testing

@testable import SkeletonServer

@Suite struct TextBufferTests {
    func p(_ line: Int, _ character: Int) -> TextPosition { TextPosition(line: line, character: character) }

    @Test func convertsUTF16AndUTF8Positions() throws {
        // "a😀é" then "x": 😀 is 2 UTF-16 units and 4 bytes, é is 1 unit and 2 bytes.
        let buffer = TextBuffer("a😀é\r\nx")
        #expect(try buffer.offset(of: p(0, 1), encoding: .utf16) == 1)
        #expect(try buffer.offset(of: p(0, 3), encoding: .utf16) == 5)
        #expect(try buffer.offset(of: p(0, 4), encoding: .utf16) == 7)
        #expect(try buffer.offset(of: p(0, 5), encoding: .utf8) == 5)
        #expect(try buffer.offset(of: p(0, 2), encoding: .utf16) == 1)  // inside the surrogate pair: rounds down
        #expect(try buffer.offset(of: p(0, 99), encoding: .utf16) == 7)  // clamps before \r\n
        #expect(try buffer.offset(of: p(1, 0), encoding: .utf16) == 9)
        #expect(try buffer.offset(of: p(1, 5), encoding: .utf16) == 10)
        #expect(buffer.position(of: 7, encoding: .utf16) == p(0, 4))
        #expect(buffer.position(of: 7, encoding: .utf8) == p(0, 7))
        #expect(buffer.position(of: 10, encoding: .utf16) == p(1, 1))
    }

    @Test func refusesBadRanges() {
        var buffer = TextBuffer("ab\ncd")
        #expect(throws: TextBuffer.EditError.lineOutOfRange(line: 5, lineCount: 2)) {
            try buffer.apply(range: TextRange(start: p(5, 0), end: p(5, 1)), text: "x", encoding: .utf16)
        }
        #expect(throws: TextBuffer.EditError.rangeOutOfOrder) {
            try buffer.apply(range: TextRange(start: p(1, 1), end: p(0, 1)), text: "x", encoding: .utf16)
        }
        #expect(throws: TextBuffer.EditError.negativePosition) {
            try buffer.apply(range: TextRange(start: p(0, -1), end: p(0, 1)), text: "x", encoding: .utf16)
        }
        #expect(buffer.text == "ab\ncd")
    }

    @Test func appliesEditsAndKeepsTheLineIndex() throws {
        var buffer = TextBuffer("one\ntwo\nthree")
        try buffer.apply(range: TextRange(start: p(1, 1), end: p(2, 2)), text: "X\nY\nZ", encoding: .utf16)
        #expect(buffer.text == "one\ntX\nY\nZree")
        #expect(buffer == TextBuffer(buffer.text))
        try buffer.apply(range: nil, text: "new", encoding: .utf16)
        #expect(buffer.text == "new")
    }

    /// A typing session of single-character edits, surrogate pairs and combining characters included, ends
    /// with the same text as opening the final text.
    @Test(arguments: [PositionEncoding.utf16, .utf8])
    func typingSessionsRoundTrip(encoding: PositionEncoding) throws {
        let target = "{\n  \"title\": \"Café 😀 e\u{301}\",\n  \"n\": [1, 2]\n}\n"
        var buffer = TextBuffer("")
        var typed = ""
        for character in target {
            let end = buffer.position(of: buffer.bytes.count, encoding: encoding)
            try buffer.apply(range: TextRange(start: end, end: end), text: String(character), encoding: encoding)
            typed.append(character)
            #expect(buffer.text == typed)
        }
        #expect(buffer == TextBuffer(target))
        // Now delete every other scalar from the front, one range edit at a time.
        var expected = target.unicodeScalars.map { String($0) }
        while expected.count > 1 {
            let start = buffer.position(of: 0, encoding: encoding)
            let scalarBytes = expected[0].utf8.count
            let end = buffer.position(of: scalarBytes, encoding: encoding)
            try buffer.apply(range: TextRange(start: start, end: end), text: "", encoding: encoding)
            expected.removeFirst()
            #expect(buffer.text == expected.joined())
        }
    }
}

/// The line index after any edit is the one a fresh scan of the text finds.
@Suite struct TextBufferLineIndexTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func keepsTheLineIndexInStepWithRandomEdits(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var buffer = TextBuffer("{\n  \"a\": 1,\r\n  \"b\": [\n\n  ]\n}\n")
        let pieces = ["", "x", "\n", "ab\ncd", "\r\n", "é", "😀\n", "\n\n"]
        for _ in 0..<300 {
            let l0 = Int(random.next() % UInt64(buffer.lineCount))
            let l1 = min(buffer.lineCount - 1, l0 + Int(random.next() % 3))
            let c0 = Int(random.next() % 6)
            let c1 = Int(random.next() % 6)
            let start = TextPosition(line: l0, character: c0)
            let end = TextPosition(line: l1, character: c1)
            guard start <= end else { continue }
            let edit = try buffer.apply(
                range: TextRange(start: start, end: end), text: pieces[Int(random.next() % 8)], encoding: .utf16)
            #expect(buffer.lineStarts == TextBuffer(bytes: buffer.bytes).lineStarts)
            #expect(edit.map { $0.newEnd - $0.start } != nil)
        }
    }
}
