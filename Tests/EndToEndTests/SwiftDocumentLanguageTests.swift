import JSON
import SkeletondTestSupport
import Testing

/// A Swift document is the app's code, not a layout: what an editor sends unprompted about it is answered empty,
/// never as if its text were JSON and never with an error.
@Suite struct SwiftDocumentLanguageTests {
    @Test func layoutFeaturesAnswerNothingForSwiftSource() throws {
        let s = try DaemonSession()
        let uri = "file:///app/ViewController.swift"
        let source = try SwiftCodeEndToEndTests.fixture("swift-code/CollectionView-ViewController.swift")
        SwiftCodeEndToEndTests.open(s, uri, languageId: "swift", text: source)
        _ = try SwiftCodeEndToEndTests.diagnostics(s, uri)
        let document: JSON = ["uri": .string(uri)]
        let position: JSON = ["line": 10, "character": 4]
        let range: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 20, "character": 0]]
        let calls: [(String, JSON, JSON)] = [
            ("textDocument/documentSymbol", ["textDocument": document], []),
            ("textDocument/hover", ["textDocument": document, "position": position], .null),
            ("textDocument/definition", ["textDocument": document, "position": position], .null),
            (
                "textDocument/references",
                ["textDocument": document, "position": position, "context": ["includeDeclaration": true]], []
            ),
            ("textDocument/documentColor", ["textDocument": document], []),
            ("textDocument/foldingRange", ["textDocument": document], []),
            ("textDocument/completion", ["textDocument": document, "position": position], []),
            ("textDocument/inlayHint", ["textDocument": document, "range": range], []),
            (
                "textDocument/formatting",
                ["textDocument": document, "options": ["tabSize": 2, "insertSpaces": true]], []
            ),
            (
                "textDocument/codeAction", ["textDocument": document, "range": range, "context": ["diagnostics": []]],
                []
            ),
        ]
        for (method, params, empty) in calls {
            #expect(try s.call(method, params) == empty, "\(method)")
        }
    }
}
