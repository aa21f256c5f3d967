import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Swift files at and over the size skeletond reads, and code nested deeper than the parser follows, through the
/// real binary: the daemon answers right after, within its memory budget, and what it says is exact.
@Suite struct SwiftCodeLimitsEndToEndTests {
    typealias Example = SwiftCodeEndToEndTests
    typealias Linking = SwiftCodeLinkingEndToEndTests

    /// The largest Swift file read (`SwiftCodeReader.maxBytes`, `Protocol/base-protocol.md`).
    static let maxBytes = 4 << 20

    /// `head`, then a comment that makes the text exactly `bytes` long, then `tail`.
    static func padded(_ head: String, to bytes: Int, tail: String = "") -> String {
        let fill = bytes - head.utf8.count - tail.utf8.count - 3
        return head + "//" + String(repeating: "x", count: max(fill, 0)) + "\n" + tail
    }

    @Test func aFileOverTheLimitIsOneWarningAndItsScenesAreAsWithoutIt() throws {
        let s = try DaemonSession()
        defer { s.close() }
        Example.open(
            s, Example.storyboard, languageId: "storyboard",
            text: try Example.fixture("interface-builder/CollectionView-Main.storyboard"))
        let alone = try Example.tree(s)
        // The cell's file first, so that linking has nothing to say of the controller's (its hints and the
        // storyboard's analysis would race).
        Example.open(
            s, Example.cell, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift"))
        _ = try Example.diagnostics(s, Example.cell, version: 1)
        let code = try Example.fixture("swift-code/CollectionView-ViewController.swift")
        Example.open(s, Example.controller, languageId: "swift", text: code)
        let hints = try Example.diagnostics(s, Example.controller, version: 1)
        #expect(hints.map { $0["code"] } == ["notStatic"])
        #expect(try Example.tree(s) != alone)

        // One byte over: not read; one warning on the first line; the storyboard as if the file were closed.
        let firstLine = code.prefix { $0 != "\n" && $0 != "\r\n" }.utf16.count
        let over = Self.padded(code, to: Self.maxBytes + 1)
        #expect(over.utf8.count == Self.maxBytes + 1)
        s.replace(Example.controller, text: over, version: 2)
        // (Published first with the linking hints of the storyboard's last analysis, then without them once the
        // re-analysis the change queued has run.)
        let tooLarge = try Linking.diagnostics(s, Example.controller) { $0.count == 1 }
        #expect(Linking.codes(tooLarge) == ["tooLarge"])
        #expect(
            tooLarge.first?["range"]
                == ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": .int(firstLine)]])
        #expect(tooLarge.first?["severity"] == 2)
        #expect(tooLarge.first?["code"] == "tooLarge")
        let message = tooLarge.first?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix("this file is 4194305 bytes (4.0 MiB), over the 4 MiB skeletond reads"), "\(message)")
        try HostileClientTests.stillServing(s)
        #expect(try Example.tree(s) == alone)
        #expect(try s.call("skeleton/show", Example.collection)["outcome"]?.stringValue == "notSkeletonable")

        // Back under the limit: read as usual, and the code applies again.
        s.replace(Example.controller, text: code, version: 3)
        let again = try Linking.diagnostics(s, Example.controller) { !Linking.codes($0).contains("tooLarge") }
        #expect(Linking.codes(again).contains("notStatic"))
        #expect(try Example.tree(s) != alone)
        try HostileClientTests.stillServing(s)
    }

    @Test func aFileAtTheLimitIsRead() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let uri = "file:///app/AtTheLimit.swift"
        let tail = "class Card: UIView { override func awakeFromNib() { skeletonCornerRadius = radius } }\n"
        let text = Self.padded("import UIKit\n", to: Self.maxBytes, tail: tail)
        #expect(text.utf8.count == Self.maxBytes)
        s.open(uri, text: text, languageId: "swift")
        // A debug build parses 4 MiB in seconds, more while other tests run: a long wait (no time is asserted).
        let published = try s.notification("textDocument/publishDiagnostics", timeout: 300)
        #expect(published["uri"]?.stringValue == uri)
        let hints = published["diagnostics"]?.arrayValue ?? []
        #expect(hints.map { $0["code"] } == ["notStatic"])
        // The last line, placed exactly after 4 MiB of text.
        #expect(
            hints.first?["range"] == ["start": ["line": 2, "character": 52], "end": ["line": 2, "character": 81]])
        try HostileClientTests.stillServing(s)
    }

    /// Deeper than `NestingScan.maxDepth` (256 levels): not parsed, one warning on the bracket that passes it (the
    /// 255th `run {`, inside the class's and the method's braces).
    @Test func codeNestedTenThousandDeepIsOneWarning() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let uri = "file:///app/Deep.swift"
        let depth = 10_000
        let closures = String(repeating: "run { ", count: depth) + String(repeating: "} ", count: depth)
        let parentheses = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        let text =
            "class Deep: UIView {\n    override func awakeFromNib() {\n        isSkeletonable = true\n"
            + "        \(closures)\n        let x = \(parentheses)\n    }\n}\n"
        s.open(uri, text: text, languageId: "swift")
        let hints = try Example.diagnostics(s, uri, version: 1)
        #expect(hints.map { $0["code"] } == ["tooLarge"])
        let column = 8 + 6 * 254 + 4
        #expect(
            hints.first?["range"]
                == [
                    "start": ["line": 3, "character": .int(column)], "end": ["line": 3, "character": .int(column + 1)],
                ])
        try HostileClientTests.stillServing(s)
        #expect(try s.call("daemon/status", [:])["documents"] == 1)
    }
}
