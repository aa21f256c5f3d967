import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The requests editors send unprompted, through the real binary, with exact ranges on the examples.
@Suite struct LanguageFeatureTests {
    typealias D = DaemonSession
    static let uri = "file:///feed.skeleton.json"

    /// A daemon with `Tests/Fixtures/feed.skeleton.json` open (the feed example as the ranges below were taken on).
    static func feed() throws -> D {
        let s = try D()
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/feed.skeleton.json"),
            encoding: .utf8)
        s.open(uri, text: text)
        return s
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
        let s = try Self.feed()
        defer { s.close() }
        let symbols = try s.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])
        let screen = try #require(symbols[0])
        #expect(screen["name"] == "screen")
        #expect(screen["detail"] == "UIView [0, 0, 375, 667]")
        #expect(screen["range"] == Self.range(2, 10, 28, 3))
        #expect(screen["selectionRange"] == Self.range(3, 28, 3, 36))
        let feed = try #require(screen["children"]?[1])
        #expect(feed["name"] == "feed")
        #expect(feed["kind"] == 18)
        #expect(feed["children"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["SectionHeader", "PostCell"])
        let header = try #require(feed["children"]?[0])
        #expect(header["kind"] == 5)
        #expect(header["range"] == Self.range(11, 27, 14, 11))
        #expect(header["children"]?[0]?["name"] == "title")
        #expect(header["children"]?[0]?["selectionRange"] == Self.range(13, 51, 13, 58))
    }

    @Test func hoverOnANodeSaysWhatItsSkeletonIs() throws {
        let s = try Self.feed()
        defer { s.close() }
        // The author label of the cell template: its first instance's single line.
        let author = try s.call("textDocument/hover", Self.at(20, 25))
        #expect(author["range"] == Self.range(20, 23, 20, 32))
        #expect(author["contents"]?["kind"] == "markdown")
        let text = author["contents"]?["value"]?.stringValue ?? ""
        #expect(text.contains("First instance: `feed[0,0]/author`"))
        #expect(text.contains("1 line, 15 pt high, the last 140 pt wide; solid `#ECF0F1FF`"))
        // A view that is not skeletonable says why.
        let bar = try s.call("textDocument/hover", Self.at(5, 20))
        #expect(bar["contents"]?["value"]?.stringValue?.contains("not drawn: `isSkeletonable` is false") == true)
        // The root is a container.
        let root = try s.call("textDocument/hover", Self.at(3, 30))
        #expect(root["contents"]?["value"]?.stringValue?.contains("its 1 skeletonable child is drawn") == true)
        // Once shown, the live layer is described.
        _ = try s.call("skeleton/show", ["uri": .string(Self.uri), "transition": "none"])
        let shown = try s.call("textDocument/hover", Self.at(20, 25))
        #expect(shown["contents"]?["value"]?.stringValue?.contains("Skeleton active now.") == true)
    }

    @Test func hoverOnMembersAndColours() throws {
        let s = try Self.feed()
        defer { s.close() }
        let type = try s.call("textDocument/hover", Self.at(5, 10))
        #expect(type["range"] == Self.range(5, 7, 5, 13))
        #expect(type["contents"]?["value"]?.stringValue?.hasPrefix("**`type`**") == true)
        let rows = try s.call("textDocument/hover", Self.at(9, 22))
        #expect(rows["contents"]?["value"]?.stringValue?.contains("SkeletonView: `numberOfRowsInSection`") == true)
        let color = try s.call("textDocument/hover", Self.at(3, 112))
        #expect(color["contents"]?["value"] == "Light: `#FFFFFFFF`\n\nDark: `#FFFFFFFF`")
        #expect(color["range"] == Self.range(3, 108, 3, 117))
    }

    @Test func templatesHaveADefinitionAndReferences() throws {
        let s = try Self.feed()
        defer { s.close() }
        let definition = try s.call("textDocument/definition", Self.at(9, 53))
        #expect(definition == ["uri": .string(Self.uri), "range": Self.range(15, 10, 15, 20)])
        let none = try s.call("textDocument/definition", Self.at(5, 20))
        #expect(none == .null)
        let references = try s.call(
            "textDocument/references", Self.at(15, 12, ["context": ["includeDeclaration": true]]))
        #expect(
            references.arrayValue?.map { $0["range"] ?? .null } == [
                Self.range(15, 10, 15, 20), Self.range(9, 51, 9, 61),
            ])
        let uses = try s.call("textDocument/references", Self.at(9, 75, ["context": ["includeDeclaration": false]]))
        #expect(uses.arrayValue?.map { $0["range"] ?? .null } == [Self.range(9, 73, 9, 88)])
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
        let definition = try s.call("textDocument/definition", Self.at(1, 74))
        #expect(definition == ["uri": .string(Self.uri), "range": Self.range(3, 4, 3, 9)])
        let uses = try s.call("textDocument/references", Self.at(3, 5, ["context": ["includeDeclaration": false]]))
        #expect(uses.arrayValue?.map { $0["range"] ?? .null } == [Self.range(1, 72, 1, 77), Self.range(1, 89, 1, 94)])
    }

    @Test func coloursAndTheirPresentations() throws {
        let s = try Self.feed()
        defer { s.close() }
        let colors = try s.call("textDocument/documentColor", ["textDocument": ["uri": .string(Self.uri)]])
        #expect(colors.arrayValue?.count == 2)
        #expect(colors[0]?["range"] == Self.range(3, 109, 3, 116))
        #expect(colors[0]?["color"] == ["red": 1, "green": 1, "blue": 1, "alpha": 1])
        let presentations = try s.call(
            "textDocument/colorPresentation",
            [
                "textDocument": ["uri": .string(Self.uri)], "range": Self.range(3, 109, 3, 116),
                "color": ["red": 0.1, "green": 0.7, "blue": 0.6, "alpha": 1],
            ])
        #expect(presentations.arrayValue?.compactMap { $0["label"]?.stringValue } == ["#1AB399", "turquoise"])
        #expect(presentations[1]?["textEdit"]?["range"] == Self.range(3, 109, 3, 116))
    }

    @Test func foldingRangesCoverObjectsAndArrays() throws {
        let s = try Self.feed()
        defer { s.close() }
        let ranges = try s.call("textDocument/foldingRange", ["textDocument": ["uri": .string(Self.uri)]])
        let pairs = ranges.arrayValue?.compactMap { r in
            r["startLine"]?.intValue.map { ($0, r["endLine"]?.intValue ?? -1) }
        }
        #expect(pairs?.map(\.0) == [0, 2, 4, 6, 10, 11, 15, 17])
        #expect(pairs?.map(\.1) == [28, 27, 26, 25, 24, 13, 23, 22])
    }

    @Test func badPositionsAndUnknownDocumentsArePointedAt() throws {
        let s = try Self.feed()
        defer { s.close() }
        let past = try s.error("textDocument/hover", Self.at(300, 0))
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
