import JSON
import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// One syntax tree per text version: diagnostics (pointers located), the text map (hover, the outline, colours,
/// code actions), completion, formatting, the node span index of the first edit and patches all read the document
/// entry's tree (`DocumentEntry.syntaxTree(of:)`); none builds one of its own. An edit inside one token has its tree
/// worked out from the previous version's (`syntaxTreeFollows`), any other is built (`syntaxTreeBuilds`).
@Suite struct SyntaxTreeSharingTests {
    static let uri = "file:///shared-tree.skeleton.json"

    /// A root that is not skeletonable over cards that are: every card has a `not-skeletonable-ancestor` warning,
    /// located in the text by its pointer.
    static let document: String = {
        var lines = [#"{"root": {"type": "UIView", "id": "screen", "frame": [0, 0, 375, 2000], "children": ["#]
        for c in 0..<20 {
            let comma = c == 19 ? "" : ","
            lines.append(
                ##"  {"type": "UIView", "id": "card\##(c)", "frame": [16, \##(c * 90), 343, 80], "isSkeletonable": true, "backgroundColor": "#E74C3C"}\##(comma)"##
            )
        }
        lines.append("]}}")
        return lines.joined(separator: "\n") + "\n"
    }()

    final class Session {
        let server = InProcessServer()
        var version = 1

        init(text: String = SyntaxTreeSharingTests.document) throws {
            try server.initialize(["capabilities": [:], "initializationOptions": ["clock": "manual"]])
            server.client.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(SyntaxTreeSharingTests.uri), "languageId": "json", "version": 1,
                        "text": .string(text),
                    ]
                ])
        }

        var entry: DocumentEntry {
            get throws { try #require(server.daemon?.documents.entry(SyntaxTreeSharingTests.uri)) }
        }

        /// Trees built and followed so far.
        var trees: (built: Int, followed: Int) {
            get throws {
                let entry = try entry
                return (
                    entry.syntaxTreeBuilds.load(ordering: .relaxed), entry.syntaxTreeFollows.load(ordering: .relaxed)
                )
            }
        }

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

        /// Every reader of the current text: hover, the outline, colours, code actions, completion, formatting.
        func readEverything() throws {
            let document: JSON = ["uri": .string(SyntaxTreeSharingTests.uri)]
            let position: JSON = ["line": 3, "character": 30]
            let range: JSON = ["start": position, "end": position]
            let requests: [(String, JSON)] = [
                ("textDocument/hover", ["textDocument": document, "position": position]),
                ("textDocument/documentSymbol", ["textDocument": document]),
                ("textDocument/documentColor", ["textDocument": document]),
                ("textDocument/completion", ["textDocument": document, "position": position]),
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
        #expect(try s.trees == (1, 0))

        // An edit of the root's own frame is analysed as a whole; the new version's tree is worked out from the
        // previous one's (the edit is inside one number) for its diagnostics, and the features and the next edit's
        // node span index read it.
        s.change(line: 0, 65, 69, "2100")
        try s.readEverything()
        #expect(try s.trees == (1, 1))

        // An edit inside a card takes the short path (the span index read from version 2's tree); its warnings are
        // located in version 3's tree, which the features read.
        s.change(line: 3, 60, 62, "81")
        try s.readEverything()
        #expect(try s.trees == (1, 2))
        let analyses = try s.server.client.request("daemon/status", [:])["result"]?["analyses"]
        #expect(analyses?["incremental"] == 1, "\(String(describing: analyses))")

        // A patch edits from the current tree, and the new text's readers share the tree the editor made of it.
        let patch = try s.server.client.request(
            "skeleton/patch",
            [
                "uri": .string(Self.uri),
                "ops": [["op": "set", "node": "card4", "properties": ["tintColor": "#3498DB"]]],
            ])
        #expect(patch["result"]?["version"] == 4, "\(patch)")
        try s.readEverything()
        let afterPatch = try s.trees
        #expect(afterPatch == (1, 2), "\(afterPatch)")

        // A space typed before a card is no edit inside a token: the tree is built again, once.
        s.version = 4
        s.change(line: 5, 0, 0, " ")
        try s.readEverything()
        let afterSpace = try s.trees
        #expect(afterSpace == (2, 2), "\(afterSpace)")
    }

    /// Typing in a 10,000-node document with completion, hover, the outline and the code actions asked after each
    /// keystroke (as editors do): no tree is built after didOpen's, each version's is worked out from the one before.
    @Test func typingInALargeDocumentBuildsNoTree() throws {
        var lines = [
            #"{"root": {"type": "UIView", "id": "screen", "frame": [0, 0, 375, 90000], "isSkeletonable": true, "children": ["#
        ]
        for c in 0..<2_000 {
            let comma = c == 1_999 ? "" : ","
            lines.append(
                #"  {"type": "UIView", "frame": [0, \#(c * 45), 375, 44], "isSkeletonable": true, "children": ["#
                    + #"{"type": "UILabel", "frame": [8, 4, 200, 20]}, {"type": "UILabel", "frame": [8, 24, 100, 16]}, "#
                    + #"{"type": "UIImageView", "frame": [300, 4, 36, 36]}, {"type": "UIView", "frame": [0, 43, 375, 1]}]}\#(comma)"#
            )
        }
        lines.append("]}}")
        let s = try Session(text: lines.joined(separator: "\n") + "\n")
        try s.readEverything()
        #expect(try s.trees == (1, 0))
        // The first label's width on card 1000, typed digit by digit.
        let line = 1_001
        let column = try #require(lines[line].range(of: "200, 20")).lowerBound.utf16Offset(in: lines[line])
        for (k, width) in ["2", "20", "201", "2015"].enumerated() {
            s.change(line: line, column, column + (k == 0 ? 3 : k), width)
            try s.readEverything()
        }
        #expect(try s.trees == (1, 4))
    }
}
