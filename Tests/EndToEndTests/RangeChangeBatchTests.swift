import Foundation
import JSON
import JSONRPC
import SkeletondTestSupport
import Testing

/// One `didChange` with many range changes: each costs its distance from the previous one (a gap buffer), not the
/// document's size, and changes that jump back and forth across a large text are refused at the documented
/// movement budget (64 MiB plus 8 times the text), with nothing applied. Work is read from `daemon/status`.
@Suite struct RangeChangeBatchTests {
    static let uri = "file:///batch.json"
    static let body =
        #"{"root": {"type": "UIView", "frame": [0, 0, 100, 100], "children": [{"type": "UILabel", "id": "t", "frame": [0, 0, 50, 20]}]}}"#
    /// 8 MiB of spaces before the document: one line to break.
    static let padding = 8 << 20

    static func textSync(_ session: DaemonSession) throws -> (rangeChanges: Int, bytesVisited: Int) {
        let status = try session.call("daemon/status", [:])["textSync"]
        return (status?["rangeChanges"]?.intValue ?? -1, status?["bytesVisited"]?.intValue ?? -1)
    }

    /// The line the root node's symbol starts on.
    static func rootLine(_ session: DaemonSession) throws -> Int? {
        let symbols = try session.call("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
        return symbols[0]?["range"]?["start"]?["line"]?.intValue
    }

    static func change(_ session: DaemonSession, version: Int, _ changes: [JSON]) {
        session.client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": .array(changes)])
    }

    static func insertion(line: Int, character: Int, _ text: String) -> JSON {
        let at: JSON = ["line": .int(line), "character": .int(character)]
        return ["range": ["start": at, "end": at], "text": .string(text)]
    }

    /// 40,000 line breaks typed down an 8 MiB text in one change (each moved the whole text before).
    @Test func fortyThousandChangesInOrderMoveTheTextOnce() throws {
        let session = try DaemonSession()
        session.open(Self.uri, text: String(repeating: " ", count: Self.padding) + Self.body)
        #expect(try Self.rootLine(session) == 0)
        let edits = 40_000
        // Change k inserts a line break at the start of line k, pushing the rest of the text down.
        Self.change(session, version: 2, (0..<edits).map { k in Self.insertion(line: k, character: 0, "\n") })
        #expect(try Self.rootLine(session) == edits)
        let work = try Self.textSync(session)
        #expect(work.rangeChanges == edits)
        // The gap starts at the end: one trip to the start and one copy to widen it, then nothing per change.
        #expect(work.bytesVisited <= 2 * (Self.padding + Self.body.utf8.count), "\(work.bytesVisited)")
        #expect(try HostileClientTests.peakMemory(session) < HostileClientTests.memoryBudget)
    }

    /// Changes that alternate between the two ends of the 8 MiB text: refused at the budget, the text unchanged.
    @Test func changesThatJumpBackAndForthAreRefused() throws {
        let session = try DaemonSession()
        session.open(Self.uri, text: String(repeating: " ", count: Self.padding) + Self.body)
        #expect(try Self.rootLine(session) == 0)
        let end = Self.padding + Self.body.utf8.count
        Self.change(
            session, version: 2,
            (0..<1_000).map { k in
                // After j line breaks at the start, the text's last line is line j.
                k % 2 == 0
                    ? Self.insertion(line: 0, character: 0, "\n")
                    : Self.insertion(line: (k + 1) / 2, character: end, " ")
            })
        #expect(try Self.rootLine(session) == 0, "nothing was applied")
        let work = try Self.textSync(session)
        #expect(work.rangeChanges == 0)
        // The next change (the same version: the refused one did not take it) is applied.
        Self.change(session, version: 2, [Self.insertion(line: 0, character: 0, "\n")])
        #expect(try Self.rootLine(session) == 1)
        try HostileClientTests.stillServing(session)
    }
}
