import JSON
import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// After an edit inside one value of a large document, hover, the outline and the colours do not scan the whole text
/// again: the text map is worked out from the previous version's (`DocumentEntry.languageWork`: `textMapScans` stays,
/// `textMapUpdates` counts) and the outline is spliced from the previous bytes (`outlineSplices`), across versions the
/// map never saw and several changes in one `didChange`; every answer equals a fresh document's with the same text.
@Suite struct TextMapEditCostTests {
    static let uri = "file:///edited.skeleton.json"
    static let cards = 400

    /// `cards` cards of five nodes, one node per line, each card with an id, a colour and a frame whose width is 154.
    static let document: String = {
        var lines = [
            "{",
            #""root": {"type": "UIView", "id": "screen", "frame": [0, 0, 375, 9000], "isSkeletonable": true, "children": ["#,
        ]
        for c in 0..<cards {
            lines.append(
                ##"{"type": "UIView", "id": "card\##(c)", "frame": [16, \##(c * 150), 343, 140], "isSkeletonable": true, "backgroundColor": "#F7F9FA", "children": ["##
            )
            lines.append(#"{"type": "UIImageView", "frame": [12, 12, 48, 48], "isSkeletonable": true},"#)
            lines.append(#"{"type": "UILabel", "id": "title\#(c)", "frame": [72, 14, 154, 20], "text": "Título"},"#)
            lines.append(#"{"type": "UILabel", "frame": [72, 44, 250, 60], "numberOfLines": 0},"#)
            lines.append(#"{"type": "UIButton", "id": "go\#(c)", "frame": [12, 104, 100, 28], "tintColor": "red"}"#)
            lines.append(c == cards - 1 ? "]}" : "]},")
        }
        lines.append("]}")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }()

    final class Session {
        let server = InProcessServer()
        var text: String
        var version = 1
        var opened = 0

        init() throws {
            text = TextMapEditCostTests.document
            try server.initialize(["capabilities": [:], "initializationOptions": ["clock": "manual"]])
            server.client.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(TextMapEditCostTests.uri), "languageId": "json", "version": 1,
                        "text": .string(text),
                    ]
                ])
        }

        var work: LanguageWork {
            get throws {
                let entry = try #require(server.daemon?.documents.entry(TextMapEditCostTests.uri))
                return entry.languageWork.withLock { $0 }
            }
        }

        /// The line and UTF-16 column of the `occurrence`-th `needle` (plus `offset` characters).
        func position(_ needle: String, occurrence: Int = 0, offset: Int = 0) throws -> (line: Int, character: Int) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var seen = 0
            for (l, line) in lines.enumerated() {
                var rest = line[...]
                while let found = rest.range(of: needle) {
                    if seen == occurrence {
                        return (l, line.utf16.distance(from: line.startIndex, to: found.lowerBound) + offset)
                    }
                    seen += 1
                    rest = line[found.upperBound...]
                }
            }
            throw TestFailure("no \(needle) #\(occurrence)")
        }

        /// One `didChange` with `changes` (line, from, to, text), applied to `text` here too.
        func change(_ changes: [(line: Int, from: Int, to: Int, text: String)]) {
            version += 1
            var content: [JSON] = []
            for c in changes {
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let utf16 = Array(lines[c.line].utf16)
                lines[c.line] =
                    String(decoding: utf16[..<c.from], as: UTF16.self) + c.text
                    + String(decoding: utf16[c.to...], as: UTF16.self)
                text = lines.joined(separator: "\n")
                content.append([
                    "range": [
                        "start": ["line": .int(c.line), "character": .int(c.from)],
                        "end": ["line": .int(c.line), "character": .int(c.to)],
                    ],
                    "text": .string(c.text),
                ])
            }
            server.client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(TextMapEditCostTests.uri), "version": .int(version)],
                    "contentChanges": .array(content),
                ])
        }

        /// The answers of `uri` to hover at `at`, the outline and the colours.
        func answers(_ uri: String, at: (line: Int, character: Int)) throws -> [JSON?] {
            let document: JSON = ["uri": .string(uri)]
            let position: JSON = ["line": .int(at.line), "character": .int(at.character)]
            return [
                try server.client.request("textDocument/hover", ["textDocument": document, "position": position])[
                    "result"],
                try server.client.request("textDocument/documentSymbol", ["textDocument": document])["result"],
                try server.client.request("textDocument/documentColor", ["textDocument": document])["result"],
            ]
        }

        /// The edited document's answers equal those of a fresh document with the same text.
        func expectFreshAnswers(at: (line: Int, character: Int), _ what: String) throws {
            opened += 1
            let fresh = "file:///fresh\(opened).skeleton.json"
            server.client.notify(
                "textDocument/didOpen",
                ["textDocument": ["uri": .string(fresh), "languageId": "json", "version": 1, "text": .string(text)]])
            let edited = try answers(TextMapEditCostTests.uri, at: at)
            let expected = try answers(fresh, at: at)
            for k in expected.indices {
                let same = edited[k] == expected[k]
                #expect(
                    same,
                    "\(what): answer \(k) \(same ? "" : String(describing: edited[k]).prefix(300) + " vs " + String(describing: expected[k]).prefix(300))"
                )
            }
            server.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(fresh)]])
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func oneValueEditsDoNotScanTheWholeText() throws {
        let s = try Session()
        let width = try s.position("154", occurrence: Self.cards / 2)
        let hoverAt = try s.position(#""id": "title\#(Self.cards / 2)""#, offset: 9)
        try s.expectFreshAnswers(at: hoverAt, "as opened")
        #expect(try s.work == LanguageWork(textMapScans: 1, textMapUpdates: 0, outlineEncodes: 1, outlineSplices: 0))

        // The bench's edit (same length), then longer and shorter numbers.
        for (k, text) in ["155", "1550", "15"].enumerated() {
            let end = width.character + (k == 0 ? 3 : k == 1 ? 3 : 4)
            s.change([(width.line, width.character, end, text)])
            try s.expectFreshAnswers(at: hoverAt, "width \(text)")
        }
        #expect(try s.work == LanguageWork(textMapScans: 1, textMapUpdates: 3, outlineEncodes: 1, outlineSplices: 3))

        // A colour, a string's content with UTF-16 pairs, a literal.
        let colour = try s.position("#F7F9FA", occurrence: 3)
        s.change([(colour.line, colour.character + 1, colour.character + 7, "3498DB")])
        try s.expectFreshAnswers(at: colour, "a colour")
        let label = try s.position("Título", occurrence: 7)
        s.change([(label.line, label.character + 2, label.character + 3, "😀é")])
        try s.expectFreshAnswers(at: hoverAt, "non-ASCII content")
        let lines = try s.position(#""numberOfLines": 0"#, occurrence: 9, offset: 17)
        s.change([(lines.line, lines.character, lines.character + 1, "3")])
        try s.expectFreshAnswers(at: lines, "a literal")
        #expect(try s.work.textMapScans == 1)
        #expect(try s.work.textMapUpdates == 6)

        // Versions the map never saw and several changes in one didChange, all inside one value: still followed.
        let other = try s.position("343", occurrence: 20)
        s.change([(other.line, other.character, other.character + 3, "34")])
        s.change([(other.line, other.character + 2, other.character + 2, "4")])
        s.change([
            (other.line, other.character, other.character + 1, "2"),
            (other.line, other.character, other.character, "1"),
        ])
        try s.expectFreshAnswers(at: other, "three versions in one value")
        #expect(try s.work.textMapScans == 1)
        #expect(try s.work.outlineEncodes == 1, "every outline since the first was spliced")

        // What must scan again: an id, two values in one didChange, a line break.
        let id = try s.position(#""card5""#, offset: 5)
        s.change([(id.line, id.character, id.character, "x")])
        try s.expectFreshAnswers(at: id, "an id")
        #expect(try s.work.textMapScans == 2)
        let a = try s.position("250", occurrence: 3)
        let b = try s.position("250", occurrence: 4)
        s.change([(a.line, a.character, a.character + 3, "251"), (b.line, b.character, b.character + 3, "252")])
        try s.expectFreshAnswers(at: a, "two values")
        #expect(try s.work.textMapScans == 3)
        // A line break typed between two tokens (Enter before a value) is followed by a shift, not a scan; one typed
        // inside a string is not.
        let brk = try s.position("Título", occurrence: 2)
        s.change([(brk.line, brk.character - 1, brk.character - 1, "\n")])
        try s.expectFreshAnswers(at: try s.position("Título", occurrence: 2), "a line break between tokens")
        #expect(try s.work.textMapScans == 3)
        let inside = try s.position("Título", occurrence: 2)
        s.change([(inside.line, inside.character + 2, inside.character + 2, "\n")])
        try s.expectFreshAnswers(at: inside, "a line break in a string")
        #expect(try s.work.textMapScans == 4)
    }
}
