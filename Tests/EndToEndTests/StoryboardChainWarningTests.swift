import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `not-skeletonable-ancestor` on storyboards through the real binary: published on the view's element line, and its
/// quick fix, applied as a client would, leaves the file without warnings.
@Suite struct StoryboardChainWarningTests {
    static let uri = "file:///chain.storyboard"
    /// Root view (skeletonable) → `box` (not) → label `title` (skeletonable).
    static let storyboard = StoryboardXML([
        StoryboardScene(
            id: "s", controller: "vc", root: "root", skeletonable: true,
            subviews: [
                .view(
                    "box", frame: (0, 0, 375, 200),
                    subviews: [
                        .label("title", text: "Title", frame: (8, 8, 200, 20), skeletonable: true)
                    ])
            ])
    ])

    @Test func theWarningAndItsQuickFix() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let diagnostics = try s.diagnostics(of: Self.storyboard, at: Self.uri)
        let lines = Self.storyboard.lines
        let (line, column) = try #require(Self.storyboard.start(ofElement: "title"))
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning["code"] == "not-skeletonable-ancestor")
        #expect(warning["severity"] == 2)
        #expect(warning["range"]?["start"] == ["line": .int(line), "character": .int(column)])
        #expect(warning["range"]?["end"] == ["line": .int(line), "character": .int(lines[line].utf16.count)])
        #expect(
            warning["message"]?.stringValue?.hasPrefix(#""title" is skeletonable but its ancestor "box" is not:"#)
                == true)
        let at: JSON = ["line": .int(line), "character": .int(column + 3)]
        let actions = try StoryboardCodeActionTests.actions(s, Self.uri, at: at)
        let fix = try #require(actions.first)
        #expect(fix["kind"] == "quickfix")
        #expect(fix["isPreferred"] == true)
        #expect(fix["title"] == #"Make the chain to "title" skeletonable (isSkeletonable on 1 view)"#)
        #expect(fix["diagnostics"] == [warning])
        #expect(actions.count == 2 && actions.last?["kind"] == "refactor")
        let edits = fix["edit"]?["changes"]?[Self.uri]?.arrayValue ?? []
        let fixed = StoryboardCodeActionTests.apply(edits, to: Self.storyboard.text)
        s.open("file:///fixed.storyboard", text: fixed, languageId: "storyboard")
        // A clean file publishes nothing; the scene decodes and the title draws without assumeSkeletonable.
        let shown = try s.call("skeleton/show", ["uri": "file:///fixed.storyboard", "transition": "none"])
        #expect(shown["leaves"] == ["title"])
        // A line without a warned view gets the refactor only.
        let elsewhere =
            try s.call(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(Self.uri)],
                    "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                ]
            ).arrayValue ?? []
        #expect(elsewhere.map { $0["kind"] } == ["refactor"])
    }
}
