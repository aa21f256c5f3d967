import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// What linking the app's code to a storyboard says, through the real binary: the storyboard's own warnings
/// with and without the code, and linking's hints published on the Swift files they are about.
@Suite struct SwiftCodeLinkingEndToEndTests {
    typealias Example = SwiftCodeEndToEndTests
    static let storyboard = Example.storyboard
    static let controller = Example.controller
    static let cell = Example.cell

    /// The diagnostics of `uri` published before the answer to a request about the storyboard sent now (the
    /// storyboard's lane has run everything queued before it), oldest first; other notifications stay queued.
    static func published(_ s: DaemonSession, _ uri: String) throws -> [[JSON]] {
        _ = try s.call("skeleton/scenes", ["uri": .string(storyboard)])
        var found: [[JSON]] = []
        s.client.notifications.removeAll { message in
            guard message["method"]?.stringValue == "textDocument/publishDiagnostics",
                message["params"]?["uri"]?.stringValue == uri
            else { return false }
            found.append(message["params"]?["diagnostics"]?.arrayValue ?? [])
            return true
        }
        return found
    }

    /// The next diagnostics of `uri` that satisfy `accept` (earlier ones of `uri` are skipped; other messages stay
    /// queued).
    static func diagnostics(_ s: DaemonSession, _ uri: String, where accept: ([JSON]) -> Bool) throws -> [JSON] {
        let isOurs: (JSON) -> Bool = {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri
        }
        while true {
            if let i = s.client.notifications.firstIndex(where: isOurs) {
                let diagnostics = s.client.notifications.remove(at: i)["params"]?["diagnostics"]?.arrayValue ?? []
                if accept(diagnostics) { return diagnostics }
                continue
            }
            s.client.notifications.append(try s.client.receive(timeout: 10))
        }
    }

    static func codes(_ diagnostics: [JSON]) -> [String] { diagnostics.compactMap { $0["code"]?.stringValue } }

    static let noCellTemplate = "missing-cell-template"

    /// The Swift files opened first (as the CLI and editors restoring a session do): the storyboard's diagnostics
    /// never say its collection has no cell template, not even before the code is read.
    @Test func codeOpenedFirstNeverGivesAMissingCellTemplateWarning() throws {
        let s = try DaemonSession()
        defer { s.close() }
        Example.open(
            s, Self.controller, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-ViewController.swift"))
        Example.open(
            s, Self.cell, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift"))
        Example.open(
            s, Self.storyboard, languageId: "storyboard",
            text: try Example.fixture("interface-builder/CollectionView-Main.storyboard"))
        _ = try Self.diagnostics(s, Self.controller) { _ in true }
        _ = try Self.diagnostics(s, Self.cell) { _ in true }
        let published = try Self.published(s, Self.storyboard)
        #expect(published.allSatisfy { !Self.codes($0).contains(Self.noCellTemplate) }, "\(published)")
        let shown = try s.call("skeleton/show", Example.collection)
        #expect(shown["outcome"]?.stringValue == "shown")
    }

    /// The storyboard alone warns (its collection has no cell and nothing answers one); the controller's code
    /// answers a cell identifier and registers a class for it, so the warning goes, even before the cell's own
    /// file is open: its cells are plain until then, and linking says so on the controller's `register` call.
    @Test func theWarningIsTheStoryboardsAloneAndLinkingSaysWhatIsMissing() throws {
        let s = try DaemonSession()
        defer { s.close() }
        Example.open(
            s, Self.storyboard, languageId: "storyboard",
            text: try Example.fixture("interface-builder/CollectionView-Main.storyboard"))
        let alone = try Self.diagnostics(s, Self.storyboard) { _ in true }
        #expect(Self.codes(alone) == [Self.noCellTemplate])

        Example.open(
            s, Self.controller, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-ViewController.swift"))
        let linked = try Self.diagnostics(s, Self.controller) { Self.codes($0).contains("assumed") }
        let register = try #require(linked.first { $0["code"]?.stringValue == "assumed" })
        #expect(
            register == [
                "range": ["start": ["line": 16, "character": 12], "end": ["line": 16, "character": 110]],
                "severity": 3, "code": "assumed", "source": "skeletond",
                "message":
                    "CollectionViewCell is not in an open Swift file: its cells (\"CollectionViewCell\") are drawn as plain cells; open its file to apply its code",
            ])
        #expect(Self.codes(linked) == ["assumed", "notStatic"])
        #expect(try Self.diagnostics(s, Self.storyboard) { _ in true } == [])

        // The cell's file opens: its code applies, and the controller's hint about it goes.
        Example.open(
            s, Self.cell, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift"))
        #expect(try Self.diagnostics(s, Self.controller) { !Self.codes($0).contains("assumed") }.count == 1)
        #expect(try Self.published(s, Self.storyboard).allSatisfy { !Self.codes($0).contains(Self.noCellTemplate) })

        // Both closed: the storyboard alone again, with its warning.
        s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.controller)]])
        s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.cell)]])
        #expect(
            try Self.diagnostics(s, Self.storyboard) { Self.codes($0).contains(Self.noCellTemplate) }.count == 1)
    }

    /// Linking's hint about a cell's code, on the cell's file: a label whose constraints no longer give its
    /// vertical frame is not drawn, and the hint says so at its `addSubview`; fixed, the hint goes and the label
    /// is drawn again. Closing the storyboard takes linking's hints away.
    @Test func linkerHintsArePublishedOnTheSwiftFileTheyAreAbout() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let cellText = try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift")
        Example.open(
            s, Self.storyboard, languageId: "storyboard",
            text: try Example.fixture("interface-builder/CollectionView-Main.storyboard"))
        Example.open(
            s, Self.controller, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-ViewController.swift"))
        Example.open(s, Self.cell, languageId: "swift", text: cellText)
        // Both files read (each queued the storyboard's re-analysis before publishing), the cell's without hints.
        _ = try Self.diagnostics(s, Self.controller) { _ in true }
        #expect(try Self.diagnostics(s, Self.cell) { _ in true } == [])
        let cellNode: JSON = ["uri": .string(Self.storyboard), "node": "HKL-L0-T2w[0,0]/0"]
        let placed = try s.call("skeleton/treeDescription", cellNode)["tree"]?["children"]?.arrayValue ?? []
        #expect(
            placed.compactMap { $0["reference"]?.stringValue } == [
                "HKL-L0-T2w[0,0]/label", "HKL-L0-T2w[0,0]/imageView",
            ])

        let broken = cellText.replacingOccurrences(
            of: "label.bottomAnchor.constraint(equalTo: bottomAnchor),", with: "")
        s.replace(Self.cell, text: broken, version: 2)
        let hinted = try Self.diagnostics(s, Self.cell) { !$0.isEmpty }
        #expect(
            hinted == [
                [
                    "range": ["start": ["line": 45, "character": 8], "end": ["line": 45, "character": 25]],
                    "severity": 4, "code": "notStatic", "source": "skeletond",
                    "message":
                        "`label` of CollectionViewCell: its constraints do not give its vertical frame in a 115 × 115 cell (only equalities between anchors and constants are read); it is not drawn",
                ]
            ])
        let unplaced = try s.call("skeleton/treeDescription", cellNode)["tree"]?["children"]?.arrayValue ?? []
        #expect(unplaced.compactMap { $0["reference"]?.stringValue } == ["HKL-L0-T2w[0,0]/imageView"])

        s.replace(Self.cell, text: cellText, version: 3)
        #expect(try Self.diagnostics(s, Self.cell) { $0.isEmpty } == [])

        s.replace(Self.cell, text: broken, version: 4)
        #expect(try Self.diagnostics(s, Self.cell) { !$0.isEmpty }.count == 1)
        s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.storyboard)]])
        #expect(try Self.diagnostics(s, Self.cell) { $0.isEmpty } == [])
    }
}
