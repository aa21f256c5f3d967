import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// Issue #25, row 1, through the real binary: Swift code nested or chained deeper than the parser and the reader
/// can recurse was a stack overflow on a document lane (SIGSEGV, every open document lost). Each construct is now one
/// `tooLarge` warning where it passes the limit, the daemon keeps serving every other document as it was, and its
/// peak memory stays within the hostile-client budget.
@Suite struct SwiftCodeDepthEndToEndTests {
    typealias Example = SwiftCodeEndToEndTests

    /// A class whose `awakeFromNib` holds `body` on line 3 (0-based: 2).
    static func view(_ body: String) -> String {
        "class V: UIView {\n    override func awakeFromNib() {\n        \(body)\n    }\n}\n"
    }

    /// Each construct of the issue, at the size it reported (6 KB of generics overflowed; chains of ~30,000 links).
    static let constructs: [(name: String, text: String, says: String)] = [
        (
            "generics",
            "let x: " + String(repeating: "A<", count: 2_000) + "Int" + String(repeating: ">", count: 2_000) + " = 1\n",
            "generic arguments"
        ),
        (
            "elseIf",
            view(
                "if a { isSkeletonable = true }"
                    + String(repeating: " else if a { isSkeletonable = true }", count: 2_000)),
            "`else if` chain"
        ),
        ("tries", view("let v = " + String(repeating: "try ", count: 10_000) + "f()"), "`try` in a row"),
        ("forced", view("x" + String(repeating: "!", count: 30_000) + ".isSkeletonable = true"), "syntax levels"),
        ("calls", view("f" + String(repeating: "()", count: 30_000)), "syntax levels"),
        ("members", view("a" + String(repeating: ".x", count: 30_000) + " = 1"), "syntax levels"),
        ("optionals", view("a" + String(repeating: "?.b", count: 30_000) + " = 1"), "syntax levels"),
        ("subscripts", view("a" + String(repeating: "[0]", count: 30_000) + " = 1"), "syntax levels"),
        ("closures", view("_ = v" + String(repeating: ".map{}", count: 30_000)), "syntax levels"),
    ]

    @Test func everyDeepConstructIsOneWarningAndEveryOtherDocumentIsServed() throws {
        let s = try DaemonSession()
        defer { s.close() }
        // Another document of each kind first: a JSON card and a Swift file that reads.
        s.open("file:///card.json", HostileClientTests.card)
        let card = try s.call("skeleton/treeDescription", ["uri": "file:///card.json"])
        let readable = "file:///app/Readable.swift"
        Example.open(
            s, readable, languageId: "swift", text: Self.view("isSkeletonable = true\n        let v = try f()"))
        #expect(try Example.diagnostics(s, readable, version: 1).isEmpty)

        for construct in Self.constructs {
            let uri = "file:///app/\(construct.name).swift"
            Example.open(s, uri, languageId: "swift", text: construct.text)
            // A debug build parses a 30,000-link chain in seconds, more while other tests run (no time is asserted).
            let hints = try Example.diagnostics(s, uri, version: 1, timeout: 300)
            #expect(hints.count == 1, "\(construct.name)")
            #expect(hints.first?["code"] == "tooLarge", "\(construct.name)")
            #expect(hints.first?["severity"] == 2, "\(construct.name)")
            let message = hints.first?["message"]?.stringValue ?? ""
            #expect(message.contains(construct.says), "\(construct.name): \(message)")
            #expect(
                message.hasSuffix(
                    "it is not read, and nothing in it applies to storyboards (they are previewed as if it were closed)"
                ))
            // Where it passes: on the construct's line, never on the file's first line unless it is there.
            let line = hints.first?["range"]?["start"]?["line"]?.intValue
            #expect(line == (construct.name == "generics" ? 0 : 2), "\(construct.name)")
            try HostileClientTests.stillServing(s)
        }
        #expect(try s.call("daemon/status", [:])["documents"] == .int(2 + Self.constructs.count))
        #expect(try s.call("skeleton/treeDescription", ["uri": "file:///card.json"]) == card)
        // The readable file still reads as before: edited, it is read again, with no hint.
        s.replace(readable, text: Self.view("isSkeletonable = false"), version: 2)
        #expect(try Example.diagnostics(s, readable, version: 2).isEmpty)
    }

    /// Row 11: `asyncAfter(deadline: .now() + 1e308)` around the view controller's show made the scene's default
    /// show one "at 1e+308" seconds, which a request may not ask for; now no delay is assumed, and a hint says so.
    @Test func aDelayReadFromCodeMeetsTheShowDelaysLimit() throws {
        let s = try DaemonSession()
        defer { s.close() }
        Example.open(
            s, Example.storyboard, languageId: "storyboard",
            text: try Example.fixture("interface-builder/CollectionView-Main.storyboard"))
        // The cell's file first: were the controller's open alone, the storyboard's analysis could add, with its
        // hints or just after them, that the cell's code is not open.
        Example.open(
            s, Example.cell, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift"))
        let code = try Example.fixture("swift-code/CollectionView-ViewController.swift").replacingOccurrences(
            of: "self.view.showAnimatedSkeleton()",
            with: "DispatchQueue.main.asyncAfter(deadline: .now() + 1e308) { self.view.showAnimatedSkeleton() }")
        Example.open(s, Example.controller, languageId: "swift", text: code)
        let hints = try Example.diagnostics(s, Example.controller, version: 1)
        let assumed = hints.filter { $0["code"] == "assumed" }.compactMap { $0["message"]?.stringValue }
        #expect(
            assumed == [
                "`.now() + 1e308`: 1e+308 seconds is outside the 0 to 1000000000 seconds a show's delay may be; "
                    + "no delay is assumed"
            ])
        Example.open(
            s, Example.cell, languageId: "swift",
            text: try Example.fixture("swift-code/CollectionView-CollectionViewCell.swift"))
        #expect(try Example.diagnostics(s, Example.cell, version: 1) == [])
        try s.call("skeleton/hide", ["uri": .string(Example.storyboard), "transition": "none"])

        // The scene's default show: the code's, animated, without a delay.
        let shown = try s.call("skeleton/show", Example.collection)
        #expect(shown["outcome"]?.stringValue == "shown")
        #expect(try s.call("skeleton/isActive", Example.collection) == true)
        try HostileClientTests.stillServing(s)
    }
}
