import JSON
import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// One syntax tree per text version: diagnostics (pointers located), the text map (hover, the outline, colours,
/// code actions), formatting, the node span index of the first edit and patches all read the document entry's tree
/// (`DocumentEntry.syntaxTree(of:)`); none builds one of its own (`DocumentEntry.syntaxTreeBuilds`).
@Suite struct SyntaxTreeSharingTests {
    static let uri = "file:///shared-tree.skeleton.json"

    /// A root that is not skeletonable over cards that are: every card has a `not-skeletonable-ancestor` warning,
    /// located in the text by its pointer.
    static let document: String = {
        var lines = [#"{"root": {"type": "UIView", "id": "screen", "frame": [0, 0, 375, 2000], "children": ["#]
        for c in 0..<20 {
            let comma = c == 19 ? "" : ","
            lines.append(
                #"  {"type": "UILabel", "id": "card\#(c)", "frame": [16, \#(c * 90), 343, 80], "isSkeletonable": true, "backgroundColor": "red"}\#(comma)"#
            )
        }
        lines.append("]}}")
        return lines.joined(separator: "\n") + "\n"
    }()

    final class Session {
        let server = InProcessServer()
        var version = 1

        init() throws {
            try server.initialize(["capabilities": [:], "initializationOptions": ["clock": "manual"]])
            server.client.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(SyntaxTreeSharingTests.uri), "languageId": "json", "version": 1,
                        "text": .string(SyntaxTreeSharingTests.document),
                    ]
                ])
        }

        var entry: DocumentEntry {
            get throws { try #require(server.daemon?.documents.entry(SyntaxTreeSharingTests.uri)) }
        }

        var builds: Int { get throws { try entry.syntaxTreeBuilds.load(ordering: .relaxed) } }

        /// Replaces `from..<to` (UTF-16 columns) of `line` with `text`.
        func change(line: Int, _ from: Int, _ to: Int, _ text: String) {
            version += 1
            let range: JSON = [
                "start": ["line": .int(line), "character": .int(from)],
                "end": ["line": .int(line), "character": .int(to)],
            ]
            server.client.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": .string(SyntaxTreeSharingTests.uri), "version": .int(version)],
                    "contentChanges": [["range": range, "text": .string(text)]],
                ])
        }

        /// Every reader of the current text: hover, the outline, colours, code actions, formatting.
        func readEverything() throws {
            let document: JSON = ["uri": .string(SyntaxTreeSharingTests.uri)]
            let position: JSON = ["line": 3, "character": 31]
            let range: JSON = ["start": position, "end": position]
            let requests: [(String, JSON)] = [
                ("textDocument/hover", ["textDocument": document, "position": position]),
                ("textDocument/documentSymbol", ["textDocument": document]),
                ("textDocument/documentColor", ["textDocument": document]),
                (
                    "textDocument/codeAction",
                    ["textDocument": document, "range": range, "context": ["diagnostics": []]]
                ),
                (
                    "textDocument/formatting",
                    ["textDocument": document, "options": ["tabSize": 2, "insertSpaces": true]]
                ),
            ]
            for (method, params) in requests {
                let answer = try server.client.request(method, params)
                #expect(answer["error"] == nil, "\(method): \(answer)")
            }
        }
    }

    @Test func everyReaderOfOneVersionReadsOneTree() throws {
        let s = try Session()
        try s.readEverything()
        // didOpen's diagnostics located the cards' warnings in the tree the features then read.
        #expect(try s.builds == 1)

        // An edit of the root's own frame is analysed as a whole: its diagnostics build the new version's tree, the
        // features (the map followed in place) and the next edit's node span index read it.
        s.change(line: 0, 65, 69, "2100")
        try s.readEverything()
        #expect(try s.builds == 2)

        // An edit inside a card takes the short path (the span index read from version 2's tree); its warnings are
        // located in version 3's tree, which the features read.
        s.change(line: 3, 61, 63, "81")
        try s.readEverything()
        #expect(try s.builds == 3)
        let analyses = try s.server.client.request("daemon/status", [:])["result"]?["analyses"]
        #expect(analyses?["incremental"] == 1, "\(String(describing: analyses))")

        // A patch edits from the current tree; the new text's readers share one tree.
        let patch = try s.server.client.request(
            "skeleton/patch",
            ["uri": .string(Self.uri), "ops": [["op": "set", "node": "card4", "properties": ["text": "Hello"]]]])
        #expect(patch["result"]?["version"] == 4, "\(patch)")
        try s.readEverything()
        #expect(try s.builds == 4)
    }
}
