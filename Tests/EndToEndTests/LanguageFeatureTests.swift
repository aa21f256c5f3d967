import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The requests editors send unprompted, through the real binary, with exact ranges on the examples: every
/// position is found by what stands there in `Examples/feed.skeleton.json` (`TextPositions`), never written as
/// numbers, so the tests follow the example as it changes.
@Suite struct LanguageFeatureTests {
    typealias D = DaemonSession
    typealias P = TextPositions.Position
    static let uri = "file:///feed.skeleton.json"

    /// A daemon with the feed example open, and positions in its text.
    static func feed() throws -> (D, TextPositions) {
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/feed.skeleton.json"),
            encoding: .utf8)
        let s = try D()
        s.open(uri, text: text)
        return (s, TextPositions(text))
    }

    static func at(_ position: P, _ more: JSONObject = [:]) -> JSON {
        at(position.line, position.character, more)
    }

    static func at(_ line: Int, _ character: Int, _ more: JSONObject = [:]) -> JSON {
        var params: JSONObject = [
            "textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)],
        ]
        for (key, value) in more { params[key] = value }
        return .object(params)
    }

    static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSON {
        ["start": ["line": .int(l0), "character": .int(c0)], "end": ["line": .int(l1), "character": .int(c1)]]
    }

    @Test func initializeAnnouncesEachFeature() throws {
        let d = try DaemonProcess()
        defer {
            d.client.notify("exit", nil)
            _ = d.waitForExit()
        }
        let capabilities = try d.client.request("initialize", ["capabilities": [:]])["result"]?["capabilities"]
        for name in [
            "documentSymbolProvider", "hoverProvider", "definitionProvider", "referencesProvider", "colorProvider",
            "foldingRangeProvider", "inlayHintProvider",
        ] {
            #expect(capabilities?[name] == true, "\(name)")
        }
    }

    @Test func theOutlineIsTheViewTreeWithTemplatesUnderTheirTable() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        let symbols = try s.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])
        let screen = try #require(symbols[0])
        #expect(screen["name"] == "screen")
        #expect(screen["detail"] == "UIView [0, 0, 375, 667]")
        #expect(screen["range"] == (try text.value(ofMember: "root")).json)
        #expect(screen["selectionRange"] == (try text.range(of: #""screen""#)).json)
        let feed = try #require(screen["children"]?[1])
        #expect(feed["name"] == "feed")
        #expect(screen["kind"] == 19)  // Object: a view holding others
        #expect(feed["kind"] == 10)  // Enum: a table enumerating its rows
        #expect(feed["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["SectionHeader", "PostCell"])
        let header = try #require(feed["children"]?[0])
        #expect(header["kind"] == 5)
        let template = try text.value(ofMember: "SectionHeader")
        #expect(header["range"] == template.json)
        #expect(header["children"]?[0]?["name"] == "title")
        #expect(header["children"]?[0]?["kind"] == 15)  // String: a label's text
        #expect(
            header["children"]?[0]?["selectionRange"] == (try text.range(of: #""title""#, from: template.start)).json)
    }

    @Test func hoverOnANodeSaysWhatItsSkeletonIs() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        // The author label of the cell template (hovered on its type): its first instance's single line.
        let authorNode = try text.range(of: #"{"type": "UILabel", "id": "author""#)
        let authorType = try text.value(ofMember: "type", from: authorNode.start)
        let author = try s.call("textDocument/hover", Self.at(authorType.start.moved(by: 2)))
        #expect(author["range"] == authorType.json)
        #expect(author["contents"]?["kind"] == "markdown")
        let markdown = author["contents"]?["value"]?.stringValue ?? ""
        #expect(markdown.contains("First instance: `feed[0,0]/author`"))
        #expect(markdown.contains("1 line, 15 pt high, the last 140 pt wide; solid `#ECF0F1FF`"))
        // A view that is not skeletonable says why.
        let barNode = try text.range(of: #"{"type": "UIView", "id": "navigationBar""#)
        let bar = try s.call("textDocument/hover", Self.at(barNode.start.moved(by: 12)))
        #expect(bar["contents"]?["value"]?.stringValue?.contains("not drawn: `isSkeletonable` is false") == true)
        // The root is a container.
        let root = try s.call("textDocument/hover", Self.at(text.range(of: #""screen""#).start.moved(by: 2)))
        #expect(root["contents"]?["value"]?.stringValue?.contains("its 1 skeletonable child is drawn") == true)
        // Once shown, the live layer is described.
        _ = try s.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        let shown = try s.call("textDocument/hover", Self.at(authorType.start.moved(by: 2)))
        #expect(shown["contents"]?["value"]?.stringValue?.contains("Skeleton active now.") == true)
    }

    @Test func hoverOnMembersAndColours() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        let typeKey = try text.range(of: #""type""#, from: text.range(of: #""children""#).end)
        let type = try s.call("textDocument/hover", Self.at(typeKey.start.moved(by: 3)))
        #expect(type["range"] == typeKey.json)
        #expect(type["contents"]?["value"]?.stringValue?.hasPrefix("**`type`**") == true)
        let rows = try s.call("textDocument/hover", Self.at(text.range(of: #""rows""#).start))
        #expect(rows["contents"]?["value"]?.stringValue?.contains("SkeletonView: `numberOfRowsInSection`") == true)
        let white = try text.value(ofMember: "backgroundColor")
        let color = try s.call("textDocument/hover", Self.at(white.start.moved(by: 4)))
        #expect(color["contents"]?["value"] == "Light: `#FFFFFFFF`\n\nDark: `#FFFFFFFF`")
        #expect(color["range"] == white.json)
    }

    @Test func templatesHaveADefinitionAndReferences() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        let sections = try text.value(ofMember: "sections")
        let cellUse = try text.value(ofMember: "cell", from: sections.start)
        let headerUse = try text.value(ofMember: "header", from: sections.start)
        let cellTemplate = try text.range(of: #""PostCell""#, from: text.range(of: #""templates""#).end)
        let definition = try s.call("textDocument/definition", Self.at(cellUse.start.moved(by: 2)))
        #expect(definition == ["uri": .string(Self.uri), "range": cellTemplate.json])
        let barType = try text.range(of: #""UIView", "id": "navigationBar""#)
        let none = try s.call("textDocument/definition", Self.at(barType.start.moved(by: 3)))
        #expect(none == .null)
        let references = try s.call(
            "textDocument/references",
            Self.at(cellTemplate.start.moved(by: 2), ["context": ["includeDeclaration": true]]))
        #expect(references.arrayValue?.map { $0["range"] ?? .null } == [cellTemplate.json, cellUse.json])
        let uses = try s.call(
            "textDocument/references",
            Self.at(headerUse.start.moved(by: 2), ["context": ["includeDeclaration": false]]))
        #expect(uses.arrayValue?.map { $0["range"] ?? .null } == [headerUse.json])
    }

    /// A supplementary kind named `header` (or `footer`) names a template too: go to it, and find it as a use.
    @Test func aSupplementaryHeaderIsATemplateUse() throws {
        let s = try D()
        defer { s.close() }
        let text = #"""
            {"root": {"type": "UICollectionView", "frame": [0, 0, 375, 500], "isSkeletonable": true,
              "sections": [{"items": 2, "cell": "Tile", "supplementary": {"header": "Top", "footer": "Top"}}],
              "templates": {
                "Top": {"type": "UIView", "frame": [0, 0, 375, 44], "isSkeletonable": true},
                "Tile": {"type": "UICollectionViewCell", "frame": [0, 0, 50, 50], "isSkeletonable": true}}}}
            """#
        s.open(Self.uri, text: text)
        let positions = TextPositions(text)
        let header = try positions.value(ofMember: "header")
        let footer = try positions.value(ofMember: "footer")
        let template = try positions.range(of: #""Top""#, from: positions.range(of: #""templates""#).end)
        let definition = try s.call("textDocument/definition", Self.at(header.start.moved(by: 2)))
        #expect(definition == ["uri": .string(Self.uri), "range": template.json])
        let uses = try s.call(
            "textDocument/references", Self.at(template.start.moved(by: 1), ["context": ["includeDeclaration": false]]))
        #expect(uses.arrayValue?.map { $0["range"] ?? .null } == [header.json, footer.json])
    }

    @Test func coloursAndTheirPresentations() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        // The first colour's characters, inside its quotes.
        let quoted = try text.value(ofMember: "backgroundColor")
        let white = TextPositions.Range(start: quoted.start.moved(by: 1), end: quoted.end.moved(by: -1))
        let colors = try s.call("textDocument/documentColor", ["textDocument": ["uri": .string(Self.uri)]])
        #expect((colors.arrayValue?.count ?? 0) >= 2)
        #expect(colors[0]?["range"] == white.json)
        #expect(colors[0]?["color"] == ["red": 1, "green": 1, "blue": 1, "alpha": 1])
        let presentations = try s.call(
            "textDocument/colorPresentation",
            [
                "textDocument": ["uri": .string(Self.uri)], "range": white.json,
                "color": ["red": 0.1, "green": 0.7, "blue": 0.6, "alpha": 1],
            ])
        #expect(presentations.arrayValue?.compactMap { $0["label"]?.stringValue } == ["#1AB399", "turquoise"])
        #expect(presentations[1]?["textEdit"]?["range"] == white.json)
    }

    @Test func foldingRangesCoverObjectsAndArrays() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        let ranges = try s.call("textDocument/foldingRange", ["textDocument": ["uri": .string(Self.uri)]])
        let pairs = ranges.arrayValue?.compactMap { r in
            r["startLine"]?.intValue.map { ($0, r["endLine"]?.intValue ?? -1) }
        }
        // Every object and array folds from its opening line to the line before its closing bracket, when that
        // leaves at least one line to hide.
        let expected = try text.multilineBrackets().filter { $0.end - 1 > $0.start }
        #expect(expected.count >= 8)
        #expect(pairs?.map(\.0) == expected.map(\.start))
        #expect(pairs?.map(\.1) == expected.map { $0.end - 1 })
    }

    @Test func badPositionsAndUnknownDocumentsArePointedAt() throws {
        let (s, text) = try Self.feed()
        defer { s.close() }
        let past = try s.error("textDocument/hover", Self.at(text.lineCount + 300, 0))
        #expect(past["code"] == -32602)
        #expect(past["data"]?["pointer"] == "/params/position/line")
        let negative = try s.error("textDocument/definition", Self.at(1, -4))
        #expect(negative["data"]?["pointer"] == "/params/position/character")
        let unknown = try s.error(
            "textDocument/documentSymbol", ["textDocument": ["uri": "file:///nowhere.skeleton.json"]])
        #expect(unknown["data"]?["pointer"] == "/params/textDocument/uri")
    }

    @Test func aDocumentWithoutAValidTreeAnswersWhatCanBeKnown() throws {
        let s = try D()
        defer { s.close() }
        s.open(Self.uri, text: "{\"root\": {\"type\": \"UILabel\", \"frame\": [0, 0, 10,")
        let symbols = try s.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(symbols[0]?["detail"] == "UILabel [0, 0, 10,")
        let hover = try s.call("textDocument/hover", Self.at(0, 9))
        #expect(hover["contents"]?["value"]?.stringValue?.contains("The text has errors") == true)
        s.replace(Self.uri, text: "", version: 2)
        #expect(try s.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]]) == [])
        #expect(try s.call("textDocument/hover", Self.at(0, 0)) == .null)
    }

    @Test func storyboardsHaveScenesInTheirOutline() throws {
        let s = try D()
        defer { s.close() }
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/screens.storyboard"),
            encoding: .utf8)
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": "file:///screens.storyboard", "languageId": "storyboard", "version": 1,
                    "text": .string(text),
                ]
            ])
        let symbols = try s.call("textDocument/documentSymbol", ["textDocument": ["uri": "file:///screens.storyboard"]])
        #expect((symbols.arrayValue?.count ?? 0) >= 1)
        #expect(symbols[0]?["kind"] == 2)
        #expect(symbols[0]?["children"]?[0]?["name"] != nil)
        let colors = try s.call("textDocument/documentColor", ["textDocument": ["uri": "file:///screens.storyboard"]])
        #expect(colors == [])
    }
}
