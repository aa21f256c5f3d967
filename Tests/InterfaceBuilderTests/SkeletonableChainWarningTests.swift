import Foundation
import SkeletonModel
import SkeletondTestSupport
import Testing

@testable import InterfaceBuilder

/// `not-skeletonable-ancestor` for storyboards and XIBs: on the view's element, only in scenes that use SkeletonView
/// in Interface Builder, with a quick fix that clears it; and quiet on real files.
@Suite struct SkeletonableChainWarningTests {
    /// Scene `feed`: root view → `box` (not skeletonable) → `card` (not) → label `title` (skeletonable) and image
    /// `photo` (skeletonable, directly in `box`); scene `plain`: no skeletonable view at all.
    static let storyboard = StoryboardXML([
        StoryboardScene(
            id: "s-feed", controller: "feedVC", root: "feedRoot", skeletonable: true,
            subviews: [
                .view(
                    "box", frame: (0, 0, 375, 200),
                    subviews: [
                        .view(
                            "card", frame: (0, 0, 300, 100),
                            subviews: [
                                .label("title", text: "Title", frame: (8, 8, 200, 20), skeletonable: true)
                            ]),
                        StoryboardView(
                            "imageView", id: "photo", ["contentMode": "scaleAspectFill"], frame: (0, 120, 60, 60),
                            skeletonable: true),
                    ])
            ]),
        StoryboardScene(
            id: "s-plain", controller: "plainVC", root: "plainRoot",
            subviews: [.label("hello", text: "Hello", frame: (8, 8, 200, 20))]),
    ])

    /// The 1-based line where the element with `id` starts.
    static func line(of id: String) -> Int { (storyboard.start(ofElement: id)?.line ?? -1) + 1 }

    /// Every warning of every scene of `bytes`.
    static func warnings(_ bytes: [UInt8]) -> [DocumentProblem] {
        let file = InterfaceBuilderFile.parse(bytes: bytes)
        return file.scenes.flatMap { file.skeletonableChainWarnings(scene: $0.id) }
    }

    @Test func aSkeletonableViewUnderOneThatIsNotIsWarnedOnItsElement() throws {
        let warnings = Self.warnings(Array(Self.storyboard.text.utf8))
        #expect(warnings.map(\.line) == [Self.line(of: "title"), Self.line(of: "photo")])
        #expect(warnings.allSatisfy { $0.code == .notSkeletonableAncestor && $0.severity == .warning })
        #expect(warnings.allSatisfy { $0.pointer.tokens.isEmpty && $0.column != nil })
        #expect(
            warnings.first?.message
                == "\"title\" is skeletonable but its ancestor \"card\" is not (nor are 1 more above it): SkeletonView "
                + "only recurses through skeletonable views, so this skeleton never shows")
        #expect(warnings.last?.message.hasPrefix("\"photo\" is skeletonable but its ancestor \"box\" is not:") == true)
    }

    @Test func whatTheDecodedSceneSaysWins() throws {
        let file = InterfaceBuilderFile.parse(bytes: Array(Self.storyboard.text.utf8))
        // The app's code makes `box` and `card` skeletonable: nothing stops the label or the image.
        let known: (String) -> Bool? = { ["box": true, "card": true][$0] }
        #expect(file.skeletonableChainWarnings(scene: "feedVC", known: known).isEmpty)
    }

    /// SkeletonView starts from the view the code calls show on: only the views between it and a skeletonable view
    /// under it can stop that view, and views under no shown view are not warned about.
    @Test func viewsTheCodeShowsFromBoundTheChain() throws {
        let file = InterfaceBuilderFile.parse(bytes: Array(Self.storyboard.text.utf8))
        // `title.showAnimatedSkeleton()`: the label is shown itself, the image is under no shown view.
        #expect(file.skeletonableChainWarnings(scene: "feedVC", shownFrom: ["title"]).isEmpty)
        // `card.showSkeleton()`: the card itself is not skeletonable; the box above it does not matter.
        let fromCard = file.skeletonableChainWarnings(scene: "feedVC", shownFrom: ["card"])
        #expect(fromCard.map(\.line) == [Self.line(of: "title")])
        #expect(
            fromCard.first?.message.hasPrefix("\"title\" is skeletonable but its ancestor \"card\" is not:") == true)
        // Known skeletonable card: nothing stops the label, whatever the box is.
        let known: (String) -> Bool? = { ["card": true][$0] }
        #expect(file.skeletonableChainWarnings(scene: "feedVC", shownFrom: ["card"], known: known).isEmpty)
        #expect(file.skeletonableChainWarnings(scene: "feedVC", known: known).count == 3, "from the root: the box")
    }

    @Test func theQuickFixMakesTheChainSkeletonable() throws {
        let text = Self.storyboard.text
        var bytes = Array(text.utf8)
        let line = Self.line(of: "title")
        let offset = Self.storyboard.lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 }
        let file = InterfaceBuilderFile.parse(bytes: bytes)
        let fix = try #require(file.skeletonableChainEdits(in: bytes, at: offset + 4))
        #expect(fix.name == "title")
        #expect(fix.edits.count == 2, "box and card")
        for edit in fix.edits.reversed() { bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }
        #expect(Self.warnings(bytes).isEmpty, "the photo was stopped by box only: fixed too")
        #expect(InterfaceBuilderFile.parse(bytes: bytes).problems.isEmpty)
        // No fix where no view is warned.
        #expect(file.skeletonableChainEdits(in: Array(text.utf8), at: 0) == nil)
    }

    /// The shared corpora: SkeletonView's own storyboards and real apps'. Files that never set `isSkeletonable` get
    /// nothing; SkeletonView's examples get only the warnings they really have.
    @Test func theCorporaAreQuiet() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        var counts: [String: Int] = [:]
        for folder in ["interface-builder", "real-ib"] {
            let directory = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
                let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
                let warnings = Self.warnings(bytes)
                let count = warnings.count
                if name == "iOSExample-Main.storyboard" {
                    // The table view (explicitly NO) is what stops each of them.
                    #expect(warnings.allSatisfy { $0.message.contains(#"its ancestor "UCB-SP-lQk" is not"#) })
                }
                let usesSkeletonView = String(decoding: bytes, as: UTF8.self).contains(#"keyPath="isSkeletonable""#)
                if !usesSkeletonView { #expect(count == 0, "\(name)") }
                if count > 0 { counts[name] = count }
            }
        }
        #expect(counts == Self.expectedCorpusWarnings, "\(counts)")
    }

    /// The warnings the corpora really have, checked by hand: SkeletonView's iOS example sets its table view's
    /// `isSkeletonable` to NO in the storyboard while its prototype cell and the cell's views are YES (the file alone
    /// never shows them; the app's code, once opened and linked, decides). Every other file is quiet.
    static let expectedCorpusWarnings: [String: Int] = ["iOSExample-Main.storyboard": 4]
}
