import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Completion on text cut mid-keystroke and the quick fixes for SkeletonView's pitfalls, through the real binary.
@Suite struct LanguageEditingTests {
    typealias D = DaemonSession
    static let uri = "file:///edit.skeleton.json"

    /// `text` cut at `|`: the text without the bar, and the bar's line and character (ASCII text).
    static func cut(_ text: String) -> (text: String, line: Int, character: Int) {
        let before = text.components(separatedBy: "|")[0]
        let lines = before.components(separatedBy: "\n")
        return (text.replacingOccurrences(of: "|", with: ""), lines.count - 1, lines[lines.count - 1].count)
    }

    static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSON {
        ["start": ["line": .int(l0), "character": .int(c0)], "end": ["line": .int(l1), "character": .int(c1)]]
    }

    /// The completion items for `text` cut at `|`.
    static func complete(_ text: String) throws -> (items: [JSON], line: Int, character: Int) {
        let s = try D()
        defer { s.close() }
        let (plain, line, character) = cut(text)
        s.open(uri, text: plain)
        let list = try s.call(
            "textDocument/completion",
            [
                "textDocument": ["uri": .string(uri)],
                "position": ["line": .int(line), "character": .int(character)],
            ])
        return (list["items"]?.arrayValue ?? [], line, character)
    }

    static func item(_ items: [JSON], _ label: String) -> JSON? {
        items.first { $0["label"]?.stringValue == label }
    }

    /// `edits` (LSP `TextEdit`s of ASCII text, not overlapping) applied to `text`.
    static func apply(_ edits: [JSON], to text: String) -> String {
        let lines = text.components(separatedBy: "\n")
        func offset(_ p: JSON?) -> Int {
            let line = p?["line"]?.intValue ?? 0
            let character = p?["character"]?.intValue ?? 0
            return lines[..<line].reduce(0) { $0 + $1.utf8.count + 1 } + character
        }
        var bytes = Array(text.utf8)
        let sorted = edits.sorted { offset($0["range"]?["start"]) > offset($1["range"]?["start"]) }
        for edit in sorted {
            let start = offset(edit["range"]?["start"])
            let end = offset(edit["range"]?["end"])
            bytes.replaceSubrange(start..<end, with: Array((edit["newText"]?.stringValue ?? "").utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Completion

    @Test func initializeAnnouncesCompletionAndQuickFixes() throws {
        let d = try DaemonProcess()
        defer {
            d.client.notify("exit", nil)
            _ = d.waitForExit()
        }
        let capabilities = try d.client.request("initialize", ["capabilities": [:]])["result"]?["capabilities"]
        #expect(capabilities?["completionProvider"]?["triggerCharacters"] == ["\"", ":"])
        #expect(capabilities?["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "refactor"])
    }

    @Test func insideAKeyOffersTheTypesMembersNotYetWritten() throws {
        let (items, line, character) = try Self.complete(
            "{\"root\": {\"type\": \"UILabel\", \"frame\": [0, 0, 100, 20],\n  \"numb|")
        let lines = try #require(Self.item(items, "numberOfLines"))
        #expect(lines["textEdit"]?["range"] == Self.range(line, 3, line, character))
        #expect(lines["textEdit"]?["newText"] == "numberOfLines\": ")
        #expect(lines["documentation"]?["value"]?.stringValue?.contains("UILabel's line count") == true)
        #expect(Self.item(items, "textAlignment") != nil)
        #expect(Self.item(items, "frame") == nil, "already written")
        #expect(Self.item(items, "type") == nil, "already written")
        #expect(Self.item(items, "rowHeight") == nil, "not a label's")
        // `frame` typed anew inserts a snippet.
        let (more, _, _) = try Self.complete("{\"root\": {\"type\": \"UIView\", \"fr|")
        let frame = try #require(Self.item(more, "frame"))
        #expect(frame["insertTextFormat"] == 2)
        #expect(frame["textEdit"]?["newText"] == "frame\": [${1:0}, ${2:0}, ${3:100}, ${4:44}]")
    }

    @Test func afterAColonOffersTheMembersValues() throws {
        let (items, line, character) = try Self.complete("{\"root\": {\"frame\": [0, 0, 10, 10], \"type\":|")
        let label = try #require(Self.item(items, "UILabel"))
        #expect(label["textEdit"]?["range"] == Self.range(line, character, line, character))
        #expect(label["textEdit"]?["newText"] == "\"UILabel\"")
        #expect(items.count == 12)
    }

    @Test func inAnEnumValueOrAColourTheWordIsReplaced() throws {
        let (items, line, character) = try Self.complete(
            "{\"root\": {\"type\": \"UILabel\", \"textAlignment\": \"cen|")
        let center = try #require(Self.item(items, "center"))
        #expect(center["textEdit"]?["range"] == Self.range(line, character - 3, line, character))
        #expect(center["textEdit"]?["newText"] == "center\"")
        #expect(items.compactMap { $0["label"]?.stringValue } == ["natural", "left", "center", "right", "justified"])
        let (colors, _, _) = try Self.complete("{\"root\": {\"type\": \"UIView\", \"backgroundColor\": \"tur|\"}}")
        let turquoise = try #require(Self.item(colors, "turquoise"))
        #expect(turquoise["textEdit"]?["newText"] == "turquoise")
        #expect(turquoise["documentation"]?["value"]?.stringValue?.contains("#1ABC9C") == true)
        #expect(colors.count >= 22)
    }

    @Test func inATemplateNameOffersTheTemplatesInScope() throws {
        let (items, line, character) = try Self.complete(
            """
            {"root": {"type": "UITableView", "frame": [0, 0, 320, 480],
              "sections": [{"rows": 2, "cell": "Po|st"}],
              "templates": {"PostCell": {"type": "UITableViewCell", "frame": [0, 0, 320, 44]}, "Header": {"type": "UIView"
            """)
        let labels = items.compactMap { $0["label"]?.stringValue }
        #expect(labels == ["PostCell", "Header"])
        #expect(
            Self.item(items, "PostCell")?["textEdit"]?["range"] == Self.range(line, character - 2, line, character + 2))
        #expect(Self.item(items, "PostCell")?["textEdit"]?["newText"] == "PostCell")
    }

    // MARK: Quick fixes

    static let unreachable = """
        {"root": {"type": "UIView", "frame": [0, 0, 320, 200], "children": [
          {"type": "UIView", "id": "card", "frame": [0, 0, 320, 100], "isSkeletonable": false, "children": [
            {"type": "UILabel", "id": "title", "frame": [10, 10, 200, 20], "isSkeletonable": true}
          ]}
        ]}}
        """

    @Test func aSkeletonUnderANonSkeletonableAncestorIsFixed() throws {
        let s = try D()
        defer { s.close() }
        s.open(Self.uri, text: Self.unreachable)
        // A warning on the title's isSkeletonable member, naming the card that stops it.
        let published = try s.notification("textDocument/publishDiagnostics")
        let warning = try #require(published["diagnostics"]?[0])
        #expect(published["diagnostics"]?.arrayValue?.count == 1)
        #expect(warning["code"] == "not-skeletonable-ancestor")
        #expect(warning["severity"] == 2)
        #expect(warning["range"] == Self.range(2, 67, 2, 83))
        #expect(
            warning["message"]?.stringValue
                == "\"title\" is skeletonable but its ancestor \"card\" is not (nor are 1 more above it): SkeletonView "
                + "only recurses through skeletonable views, so this skeleton never shows")
        // The document is still valid: the show runs, and draws nothing for the title.
        _ = try s.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        #expect(try s.layers(Self.uri).isEmpty)

        // The fix is offered for that diagnostic, and names it.
        let actions = try s.call(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(Self.uri)], "range": warning["range"] ?? .null,
                "context": ["diagnostics": [warning]],
            ])
        let fix = try #require(actions[0])
        #expect(fix["diagnostics"] == [warning])
        #expect(fix["kind"] == "quickfix")
        #expect(fix["title"] == "Make the chain to \"title\" skeletonable (isSkeletonable on 2 nodes)")
        let edits = try #require(fix["edit"]?["changes"]?[Self.uri]?.arrayValue)
        #expect(edits.count == 2)
        let fixed = Self.apply(edits, to: Self.unreachable)
        #expect(fixed.contains("{\"root\": {\"type\": \"UIView\", \"isSkeletonable\": true, \"frame\""))
        #expect(fixed.contains("\"id\": \"card\", \"frame\": [0, 0, 320, 100], \"isSkeletonable\": true,"))

        // Applied: the warning is withdrawn, and the title's skeleton shows.
        s.replace(Self.uri, text: fixed, version: 2)
        #expect(try s.notification("textDocument/publishDiagnostics")["diagnostics"] == [])
        let t = try D()
        defer { t.close() }
        t.open(Self.uri, text: fixed)
        _ = try t.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        #expect(
            !t.client.notifications.contains { $0["method"] == "textDocument/publishDiagnostics" },
            "a clean document publishes nothing")
        let layers = try t.layers(Self.uri)
        #expect(layers.contains { $0["node"] == "title" })
        #expect(
            try t.call(
                "textDocument/codeAction",
                ["textDocument": ["uri": .string(Self.uri)], "range": Self.range(2, 30, 2, 30)]) == [])
    }

    @Test func unknownNamesGetDidYouMeanFixesThatDecode() throws {
        let text = """
            {"root": {"type": "UIVeiw", "frame": [0, 0, 320, 200], "isSkeletonable": true,
              "backgroundColour": "turquise", "children": [
                {"type": "UILabel", "frame": [0, 0, 100, 20], "isSkeletonable": true, "numberOfLine": 2}
              ]}}
            """
        let s = try D()
        defer { s.close() }
        s.open(Self.uri, text: text)
        func fixes(_ line: Int, _ character: Int) throws -> [JSON] {
            try s.call(
                "textDocument/codeAction",
                ["textDocument": ["uri": .string(Self.uri)], "range": Self.range(line, character, line, character)]
            ).arrayValue ?? []
        }
        let type = try fixes(0, 22)
        #expect(type.first?["title"] == "Did you mean \"UIView\"?")
        #expect(type.first?["isPreferred"] == true)
        let member = try fixes(1, 6)
        #expect(member.first?["title"] == "Did you mean \"backgroundColor\"?")
        let lines = try fixes(2, 80)
        #expect(lines.first?["title"] == "Did you mean \"numberOfLines\"?")
        var fixed = text
        for action in [type, member, lines].compactMap(\.first) {
            fixed = Self.apply(action["edit"]?["changes"]?[Self.uri]?.arrayValue ?? [], to: fixed)
        }
        s.replace(Self.uri, text: fixed, version: 2)
        let colour = try fixes(1, 28)
        #expect(colour.first?["title"] == "Did you mean \"turquoise\"?")
        fixed = Self.apply(colour.first?["edit"]?["changes"]?[Self.uri]?.arrayValue ?? [], to: fixed)
        #expect(fixed.contains("\"type\": \"UIView\""))
        #expect(fixed.contains("\"backgroundColor\": \"turquoise\""))
        #expect(fixed.contains("\"numberOfLines\": 2"))
        let t = try D()
        defer { t.close() }
        t.open(Self.uri, text: fixed)
        _ = try t.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        #expect(try t.layers(Self.uri).contains { $0["node"] == "0.0" })
    }

    @Test func aTableWithoutACellTemplateIsAWarningThatKeepsTheDocumentValid() throws {
        let s = try D()
        defer { s.close() }
        s.open(
            Self.uri,
            text: """
                {"root": {"type": "UIView", "frame": [0, 0, 320, 200], "isSkeletonable": true, "children": [
                  {"type": "UITableView", "frame": [0, 0, 320, 100], "isSkeletonable": true},
                  {"type": "UILabel", "frame": [0, 100, 320, 65], "isSkeletonable": true, "numberOfLines": 3}
                ]}}
                """)
        let published = try s.notification("textDocument/publishDiagnostics")
        let codes = published["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue }
        #expect(codes == ["missing-cell-template"])
        #expect(published["diagnostics"]?.arrayValue?.allSatisfy { $0["severity"] == 2 } == true)
        _ = try s.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        #expect(try s.layers(Self.uri).contains { $0["node"] == "0.1" })
    }
}
