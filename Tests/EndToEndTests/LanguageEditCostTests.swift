import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// What editors send unprompted after every keystroke costs the edited node, not the document: an edit of one value
/// is analysed as that node alone (`daemon/status`'s `analyses.incremental`), and hover, completion, the outline and
/// inlay hints on the new text never make the daemon analyse the whole text again (`analyses.full` stays at the
/// didOpen's one), while they answer for the new text.
@Suite struct LanguageEditCostTests {
    typealias D = DaemonSession
    static let uri = "file:///edit-cost.skeleton.json"

    /// A one-value edit of `line` from `start` to `end` (UTF-16 columns).
    static func edit(_ s: D, version: Int, line: Int, _ start: Int, _ end: Int, _ text: String) {
        s.client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": .int(version)],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": .int(line), "character": .int(start)],
                            "end": ["line": .int(line), "character": .int(end)],
                        ],
                        "text": .string(text),
                    ]
                ],
            ])
    }

    @Test func featuresAfterOneValueEditsNeverAnalyseTheWholeText() throws {
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/profile-card.skeleton.json"),
            encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try #require(lines.firstIndex { $0.contains(#""id": "avatar""#) })
        let column = try #require(lines[line].range(of: "64, 64]")).lowerBound.utf16Offset(in: lines[line])
        let s = try D()
        defer { s.close() }
        s.open(Self.uri, text: text)
        let document: JSON = ["uri": .string(Self.uri)]
        let at: JSON = ["line": .int(line), "character": .int(column)]
        let idColumn = try #require(lines[line].range(of: #""avatar""#)).lowerBound.utf16Offset(in: lines[line])
        let onID: JSON = ["line": .int(line), "character": .int(idColumn + 2)]
        let whole: JSON = [
            "start": ["line": 0, "character": 0], "end": ["line": .int(lines.count - 1), "character": 0],
        ]
        for (k, width) in ["65", "66", "64"].enumerated() {
            Self.edit(s, version: k + 2, line: line, column, column + 2, width)
            let hover = try s.call("textDocument/hover", ["textDocument": document, "position": onID])
            let markdown = hover["contents"]?["value"]?.stringValue ?? ""
            #expect(markdown.contains("`avatar`") && markdown.contains("a block [32, 32, \(width), 64]"), "\(markdown)")
            let items = try s.call("textDocument/completion", ["textDocument": document, "position": at])
            #expect(items["items"] != nil)
            let symbols = try s.call("textDocument/documentSymbol", ["textDocument": document])
            #expect(symbols.text.contains(#"[16, 16, \#(width), 64]"#), "the outline is the new text's")
            _ = try s.call("textDocument/inlayHint", ["textDocument": document, "range": whole])
            let analyses = try s.call("daemon/status", [:])["analyses"]
            #expect(analyses?["full"] == 1, "only didOpen analysed the whole text")
            #expect(analyses?["incremental"] == .int(k + 1), "each edit analysed one node")
        }
    }
}
