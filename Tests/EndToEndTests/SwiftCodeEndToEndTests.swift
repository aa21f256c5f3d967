import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The app's Swift files as documents, through the real binary: SkeletonView's CollectionView example
/// (`../shared/fixtures`), whose storyboard sets nothing skeletonable and whose code does.
@Suite struct SwiftCodeEndToEndTests {
    static let storyboard = "file:///app/Main.storyboard"
    static let controller = "file:///app/ViewController.swift"
    static let cell = "file:///app/CollectionViewCell.swift"
    /// The scene's collection view, which the storyboard does not make skeletonable and the code does.
    static let collection: JSON = ["uri": .string(storyboard), "node": "HKL-L0-T2w"]

    /// A file of `../shared/fixtures`.
    static func fixture(_ path: String) throws -> String {
        let url = TestEnvironment.packageRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/fixtures/\(path)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func open(_ s: DaemonSession, _ uri: String, languageId: String, text: String) {
        s.open(uri, text: text, languageId: languageId)
    }

    /// The diagnostics published next for `uri` (at `version`, when given); those of other documents are skipped.
    /// `timeout`: the longest wait for one notification, in seconds.
    static func diagnostics(_ s: DaemonSession, _ uri: String, version: Int? = nil, timeout: Double = 10) throws
        -> [JSON]
    {
        while true {
            let params = try s.notification("textDocument/publishDiagnostics", timeout: timeout)
            guard params["uri"]?.stringValue == uri else { continue }
            if let version, params["version"]?.intValue != version { continue }
            return params["diagnostics"]?.arrayValue ?? []
        }
    }

    /// The storyboard's tree as the daemon describes it (no state).
    static func tree(_ s: DaemonSession) throws -> JSON {
        try s.call("skeleton/treeDescription", ["uri": .string(storyboard)])
    }

    @Test func codeAppliesToTheStoryboardAndFollowsItsEdits() throws {
        let s = try DaemonSession()
        defer { s.close() }
        Self.open(
            s, Self.storyboard, languageId: "storyboard",
            text: try Self.fixture("interface-builder/CollectionView-Main.storyboard"))
        let interfaceBuilderOnly = try Self.tree(s)
        let blank = try s.call("skeleton/show", Self.collection)
        #expect(blank["outcome"]?.stringValue == "notSkeletonable")

        // The cell's file first: were the controller's open alone, linking would say (with the controller's hints,
        // or just after them, as the storyboard's analysis and the controller's reading race) that the cell's code
        // is not open.
        Self.open(
            s, Self.cell, languageId: "swift",
            text: try Self.fixture("swift-code/CollectionView-CollectionViewCell.swift"))
        #expect(try Self.diagnostics(s, Self.cell, version: 1) == [])
        let controllerText = try Self.fixture("swift-code/CollectionView-ViewController.swift")
        Self.open(s, Self.controller, languageId: "swift", text: controllerText)
        let hints = try Self.diagnostics(s, Self.controller, version: 1)
        #expect(
            hints == [
                [
                    "range": ["start": ["line": 22, "character": 12], "end": ["line": 22, "character": 70]],
                    "severity": 4, "code": "notStatic", "source": "skeletond",
                    "message":
                        "`avatarImage.frame.width/2` is not known statically; `avatarImage.layer.cornerRadius` is left as the file sets it",
                ]
            ])

        // The show that drew nothing is a call of this session: on the tree the code gives, it draws.
        #expect(try s.call("skeleton/isActive", Self.collection) == true)
        try s.call("skeleton/hide", ["uri": .string(Self.storyboard), "transition": "none"])

        // No show options: the show the view controller makes (animated), on the collection's 10 cells.
        let shown = try s.call("skeleton/show", Self.collection)
        #expect(shown["outcome"]?.stringValue == "shown")
        let described = try s.call("skeleton/treeDescription", Self.collection)
        let cells = described["tree"]?["children"]?.arrayValue ?? []
        // The tree lists skeletonable children: the first item is not (`prepareCellForSkeleton`).
        #expect(cells.count == 9)
        #expect(cells.allSatisfy { $0["type"]?.stringValue == "UICollectionViewCell" && $0["isSkeletonable"] == true })
        #expect(try s.layers(Self.storyboard, at: 1) != s.layers(Self.storyboard, at: 1.6), "animated")
        try s.call("skeleton/hide", ["uri": .string(Self.storyboard), "transition": "none"])
        // Show options of its own: the request's show, not the code's.
        let still: JSON = ["uri": .string(Self.storyboard), "node": "HKL-L0-T2w", "animated": false]
        #expect(try s.call("skeleton/show", still)["outcome"]?.stringValue == "shown")
        #expect(try s.layers(Self.storyboard, at: 1) == s.layers(Self.storyboard, at: 1.6), "not animated")
        try s.call("skeleton/hide", ["uri": .string(Self.storyboard), "transition": "none"])

        // The collection made not skeletonable in code: nothing to draw again.
        let edited = controllerText.replacingOccurrences(
            of: "collectionView.isSkeletonable = true", with: "collectionView.isSkeletonable = false")
        s.replace(Self.controller, text: edited, version: 2)
        _ = try Self.diagnostics(s, Self.controller, version: 2)
        let notAnyMore = try s.call("skeleton/show", Self.collection)
        #expect(notAnyMore["outcome"]?.stringValue == "notSkeletonable")

        // Closed: the storyboard alone again.
        s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.controller)]])
        #expect(try Self.diagnostics(s, Self.controller) == [])
        #expect(try Self.tree(s) == interfaceBuilderOnly)
    }

    @Test func skeletonMethodsOnASwiftFileSayWhy() throws {
        let s = try DaemonSession()
        defer { s.close() }
        Self.open(
            s, Self.cell, languageId: "swift",
            text: "class Broken: UIView {\n    override func awakeFromNib() { isSkeletonable = true }\n}\n}\n")
        let hints = try Self.diagnostics(s, Self.cell, version: 1)
        #expect(
            hints == [
                [
                    "range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 1]],
                    "severity": 3, "code": "syntax", "source": "skeletond",
                    "message": "the file does not parse here: unexpected `}`; it is skipped",
                ]
            ])
        let error = try s.error("skeleton/show", ["uri": .string(Self.cell)])
        #expect(error["code"]?.intValue == -32602)
        #expect(error["message"]?.stringValue?.contains("a Swift file has no skeleton of its own") == true)
    }
}
