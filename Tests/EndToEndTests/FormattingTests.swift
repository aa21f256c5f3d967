import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `textDocument/formatting` through the real binary: a stable layout that decodes to the same tree, idempotent,
/// the client's indentation, and nothing for broken text.
@Suite struct FormattingTests {
    typealias D = DaemonSession
    static let uri = "file:///format.skeleton.json"

    /// The edits formatting `uri` gives with `options`.
    static func format(_ s: D, _ options: JSON = ["tabSize": 2, "insertSpaces": true]) throws -> [JSON] {
        try s.call("textDocument/formatting", ["textDocument": ["uri": .string(uri)], "options": options]).arrayValue
            ?? []
    }

    /// The text after formatting `text` (opened as version 1) and the session's tree before and after.
    static func formatted(_ text: String, _ options: JSON = ["tabSize": 2, "insertSpaces": true]) throws -> (
        text: String, before: JSON, after: JSON, again: [JSON]
    ) {
        let s = try D()
        defer { s.close() }
        s.open(uri, text: text)
        let before = try s.call("skeleton/treeDescription", ["uri": .string(uri)])
        let edits = try format(s, options)
        let result = LanguageEditingTests.apply(edits, to: text)
        s.replace(uri, text: result, version: 2)
        let after = try s.call("skeleton/treeDescription", ["uri": .string(uri)])
        return (result, before, after, try format(s, options))
    }

    @Test(arguments: ["feed.skeleton.json", "grid.skeleton.json", "profile-card.skeleton.json"])
    func theExamplesFormatToTheSameTreeAndStay(name: String) throws {
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
        let result = try Self.formatted(text)
        #expect(result.after == result.before, "the same tree")
        #expect(result.again == [], "formatting is idempotent")
        #expect(result.text.hasSuffix("}\n"))
        #expect(
            try JSONDocument.parse(result.text).value.json == JSONDocument.parse(text).value.json,
            "only whitespace changed")
    }

    @Test func theLayout() throws {
        let text =
            #"{"root":{"type":"UIView","frame":[0,0,320,  200.5],"children":[ {"type":"UILabel","frame":[1,2,3,4],"#
            + ##""font":{"lineHeight":17}}, {"type":"UIView","frame":[0,0,1,1],"children":[]}],"backgroundColor":"#FFFFFF"}}"##
        let result = try Self.formatted(text)
        #expect(
            result.text == """
                {
                  "root": {
                    "type": "UIView",
                    "frame": [0, 0, 320, 200.5],
                    "children": [
                      {
                        "type": "UILabel",
                        "frame": [1, 2, 3, 4],
                        "font": {
                          "lineHeight": 17
                        }
                      },
                      {
                        "type": "UIView",
                        "frame": [0, 0, 1, 1],
                        "children": []
                      }
                    ],
                    "backgroundColor": "#FFFFFF"
                  }
                }

                """)
        #expect(result.after == result.before)
        // The client's indentation: 4 spaces, or tabs.
        let four = try Self.formatted(text, ["tabSize": 4, "insertSpaces": true])
        #expect(four.text.hasPrefix("{\n    \"root\": {\n        \"type\""))
        let tabs = try Self.formatted(text, ["tabSize": 4, "insertSpaces": false])
        #expect(tabs.text.hasPrefix("{\n\t\"root\": {\n\t\t\"type\""))
        #expect(tabs.again == [])
    }

    @Test func brokenTextGetsNoEdits() throws {
        let s = try D()
        defer { s.close() }
        s.open(Self.uri, text: "{\"root\": {\"type\": \"UIView\", \"frame\": [0, 0, 1, 1]")
        #expect(try Self.format(s) == [])
    }
}
