import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `textDocument/codeAction` with the diagnostics the client sends in `context`, through the real binary: editors ask
/// with the cursor where it is (often the start of a line) and the diagnostics on that line, and the fixes for those
/// diagnostics are offered even where the cursor is not inside the node they are about.
@Suite struct CodeActionContextTests {
    typealias Editing = LanguageEditingTests
    static let uri = Editing.uri

    static func actions(_ s: DaemonSession, _ uri: String, line: Int, character: Int, diagnostics: [JSON]) throws
        -> [JSON]
    {
        let at: JSON = ["line": .int(line), "character": .int(character)]
        return try s.call(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)], "range": ["start": at, "end": at],
                "context": ["diagnostics": .array(diagnostics)],
            ]
        ).arrayValue ?? []
    }

    /// `diagnostic` with member `key` set to `value`.
    static func with(_ diagnostic: JSON, _ key: String, _ value: JSON) -> JSON {
        var object = diagnostic.objectValue ?? [:]
        object[key] = value
        return .object(object)
    }

    /// The chain fix's title on `Editing.unreachable`.
    static let chainFix = "Make the chain to \"title\" skeletonable (isSkeletonable on 2 nodes)"

    @Test func theCursorAtTheLineStartGetsTheFixOfTheLinesDiagnostic() throws {
        let s = try DaemonSession()
        defer { s.close() }
        s.open(Self.uri, text: Editing.unreachable)
        let warning = try #require(try s.notification("textDocument/publishDiagnostics")["diagnostics"]?[0])
        let line = try #require(warning["range"]?["start"]?["line"]?.intValue)

        // The cursor at the start of the warned line is in the indentation, outside the title's node.
        let alone = try Self.actions(s, Self.uri, line: line, character: 0, diagnostics: [])
        #expect(!alone.contains { $0["title"]?.stringValue == Self.chainFix })

        let withContext = try Self.actions(s, Self.uri, line: line, character: 0, diagnostics: [warning])
        let fix = try #require(withContext.first { $0["title"]?.stringValue == Self.chainFix })
        #expect(fix["diagnostics"] == [warning])
        #expect(fix["isPreferred"] == true)
        // Offered once, though the range and the diagnostic both lead to it.
        let inside = try Self.actions(
            s, Self.uri, line: line, character: warning["range"]?["start"]?["character"]?.intValue ?? 0,
            diagnostics: [warning])
        #expect(inside.filter { $0["title"]?.stringValue == Self.chainFix }.count == 1)
    }

    @Test func othersDiagnosticsAndStaleRangesArePassedOver() throws {
        let s = try DaemonSession()
        defer { s.close() }
        s.open(Self.uri, text: Editing.unreachable)
        let warning = try #require(try s.notification("textDocument/publishDiagnostics")["diagnostics"]?[0])
        let line = try #require(warning["range"]?["start"]?["line"]?.intValue)

        // Another server's diagnostic at the same range is not ours to fix.
        let foreign = Self.with(warning, "source", "jsonls")
        let notOurs = try Self.actions(s, Self.uri, line: line, character: 0, diagnostics: [foreign])
        #expect(!notOurs.contains { $0["title"]?.stringValue == Self.chainFix })

        // A diagnostic from before an edit, past the end of the text now, or with a malformed range, is no error.
        let stale = Self.with(
            warning, "range", ["start": ["line": 900, "character": 0], "end": ["line": 900, "character": 4]])
        let malformed = Self.with(warning, "range", ["start": ["line": -1, "character": "x"]])
        let answered = try Self.actions(
            s, Self.uri, line: line, character: 0, diagnostics: [stale, malformed, "not a diagnostic", warning])
        #expect(answered.contains { $0["title"]?.stringValue == Self.chainFix })

        // The request's own range is still checked.
        let bad = try s.error(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(Self.uri)],
                "range": ["start": ["line": 900, "character": 0], "end": ["line": 900, "character": 0]],
                "context": ["diagnostics": [warning]],
            ])
        #expect(bad["code"] == -32602)
        #expect(bad["data"]?["pointer"] == "/params/range/start/line")
    }

    @Test func onlyTheFirstDiagnosticsOfAHugeContextAreLookedAt() throws {
        let s = try DaemonSession()
        defer { s.close() }
        s.open(Self.uri, text: Editing.unreachable)
        let warning = try #require(try s.notification("textDocument/publishDiagnostics")["diagnostics"]?[0])
        let line = try #require(warning["range"]?["start"]?["line"]?.intValue)
        let elsewhere = Self.with(
            warning, "range", ["start": ["line": 0, "character": 1], "end": ["line": 0, "character": 2]])
        // 32 diagnostics are looked at (`CodeActions.maxContextDiagnostics`); the warning's own comes after them.
        let flood = Array(repeating: elsewhere, count: 2_000)
        let late = try Self.actions(s, Self.uri, line: line, character: 0, diagnostics: flood + [warning])
        #expect(!late.contains { $0["title"]?.stringValue == Self.chainFix })
        let early = try Self.actions(
            s, Self.uri, line: line, character: 0, diagnostics: Array(flood.prefix(31)) + [warning])
        #expect(early.contains { $0["title"]?.stringValue == Self.chainFix })
        try HostileClientTests.stillServing(s)
    }

    @Test func aStoryboardsFixFollowsItsDiagnosticFromAnotherLine() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let storyboard = StoryboardChainWarningTests.storyboard
        let uri = "file:///context.storyboard"
        let warning = try #require(try s.diagnostics(of: storyboard, at: uri).first)
        let title = #"Make the chain to "title" skeletonable (isSkeletonable on 1 view)"#
        // Line 0 (the XML declaration) has no view: the scene's refactor only, unless the client sends the warning.
        let alone = try Self.actions(s, uri, line: 0, character: 0, diagnostics: [])
        #expect(alone.map { $0["kind"] } == ["refactor"])
        let withContext = try Self.actions(s, uri, line: 0, character: 0, diagnostics: [warning])
        let fix = try #require(withContext.first { $0["title"]?.stringValue == title })
        #expect(fix["diagnostics"] == [warning])
        #expect(withContext.filter { $0["kind"] == "refactor" }.count == 1)
    }
}
