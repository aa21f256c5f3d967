import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Hover and the outline on `Examples/screens.storyboard` through the real binary, for every view the skeleton tree
/// has: views of table and collection cells, headers and footers included (they are templates, placed once per row).
@Suite struct StoryboardHoverAndOutlineTests {
    static let uri = "file:///screens.storyboard"

    static func open() throws -> (DaemonSession, String, TextPositions) {
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/screens.storyboard"),
            encoding: .utf8)
        let s = try DaemonSession()
        s.open(uri, text: text, languageId: "storyboard")
        return (s, text, TextPositions(text))
    }

    /// Every symbol under `symbols`, depth first.
    static func flatten(_ symbols: [JSON]) -> [JSON] {
        symbols.flatMap { [$0] + flatten($0["children"]?.arrayValue ?? []) }
    }

    /// The element id a node's reference names: the part after the instance's path (`feed[0,0]/author` → `author`).
    static func elementID(_ reference: String) -> String {
        String(reference.split(separator: "/").last ?? Substring(reference))
    }

    @Test func everyViewAnswersAHoverOnItsID() throws {
        let (s, _, text) = try Self.open()
        defer { s.close() }
        let outline = try s.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])
        let views = Self.flatten(outline.arrayValue ?? []).filter { $0["kind"] != 2 }
        let ids = Set(views.compactMap { $0["name"]?.stringValue }.map(Self.elementID))
        #expect(ids.count == 20)
        var inCells = 0
        for id in ids.sorted() {
            let quoted = try text.range(of: "id=\"\(id)\"")
            let value = TextPositions.Range(start: quoted.start.moved(by: 4), end: quoted.end.moved(by: -1))
            let hover = try s.call(
                "textDocument/hover",
                ["textDocument": ["uri": .string(Self.uri)], "position": value.start.moved(by: 1).json])
            #expect(hover["range"] == value.json, "\(id)")
            let markdown = hover["contents"]?["value"]?.stringValue ?? ""
            #expect(markdown.contains("`\(id)` in scene"), "\(id): \(markdown)")
            if markdown.contains("First instance: `") { inCells += 1 }
        }
        // The example's cells, headers, footers and their contents: 11 views that once answered nothing.
        #expect(inCells == 11)
    }

    @Test func cellInstancesStandAtTheirElementNotTheTable() throws {
        let (s, _, text) = try Self.open()
        defer { s.close() }
        let outline = try s.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])
        let instances = Self.flatten(outline.arrayValue ?? []).filter {
            $0["name"]?.stringValue?.contains("[") == true
        }
        #expect(instances.count == 39)
        for symbol in instances {
            let name = symbol["name"]?.stringValue ?? ""
            let element = try text.range(of: "id=\"\(Self.elementID(name))\"")
            let line = symbol["selectionRange"]?["start"]?["line"]?.intValue
            #expect(line == element.start.line, "\(name)")
        }
    }
}
