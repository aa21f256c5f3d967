import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `lines-do-not-fit` on storyboards through the real binary: published on the label's element, named by its id.
@Suite struct StoryboardLineWarningTests {
    static let uri = "file:///lines.storyboard"
    /// Root view (skeletonable) → label `caption` (zero lines, `height` high), the image `badge` when asked for (its
    /// hide flag set, itself not skeletonable), and label `title` (one line, 10 pt high); the labels skeletonable.
    static func storyboard(height: Double, badge: Bool = false) -> StoryboardXML {
        let caption = StoryboardView.label(
            "caption", text: "Caption", numberOfLines: 0, frame: (8, 8, 200, height), skeletonable: true)
        let image = StoryboardView(
            "imageView", id: "badge", frame: (300, 8, 20, 20), flags: ["isHiddenWhenSkeletonIsActive"])
        let title = StoryboardView.label("title", text: "Title", frame: (8, 100, 200, 10), skeletonable: true)
        return StoryboardXML([
            StoryboardScene(
                id: "s", controller: "vc", root: "root", skeletonable: true,
                subviews: [caption] + (badge ? [image] : []) + [title])
        ])
    }

    @Test func aLowLabelWithZeroLinesIsWarnedAboutOnItsElement() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let storyboard = Self.storyboard(height: 12)
        let diagnostics = try s.diagnostics(of: storyboard, at: Self.uri)
        let (line, column) = try #require(storyboard.start(ofElement: "caption"))
        // The one-line title, 10 pt high, is centred: no warning.
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning["code"] == "lines-do-not-fit")
        #expect(warning["severity"] == 2)
        #expect(warning["range"]?["start"] == ["line": .int(line), "character": .int(column)])
        #expect(warning["message"]?.stringValue?.hasPrefix(#""caption": this label's skeleton is one block"#) == true)
        // A taller caption holds its lines: nothing to say.
        s.replace(Self.uri, text: Self.storyboard(height: 60).text, version: 2)
        let again = try s.publishedDiagnostics()
        #expect(again.isEmpty)
    }

    @Test func aHideFlagOnAViewThatIsNotSkeletonableIsWarnedAbout() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let storyboard = Self.storyboard(height: 60, badge: true)
        let diagnostics = try s.diagnostics(of: storyboard, at: Self.uri)
        let line = try #require(storyboard.start(ofElement: "badge")).line
        #expect(diagnostics.map { $0["code"] } == ["hidden-flag-ignored"])
        #expect(diagnostics.first?["range"]?["start"]?["line"] == .int(line))
        #expect(
            diagnostics.first?["message"]?.stringValue?.hasPrefix(#""badge": isHiddenWhenSkeletonIsActive"#) == true)
        // Its quick fix adds the isSkeletonable attribute to the badge; the fixed file says nothing.
        let at: JSON = ["line": .int(line), "character": 20]
        let actions = try StoryboardCodeActionTests.actions(s, Self.uri, at: at)
        let fix = try #require(actions.first)
        #expect(fix["title"] == #"Make "badge" skeletonable"#)
        #expect(fix["kind"] == "quickfix" && fix["isPreferred"] == true)
        #expect(fix["diagnostics"]?[0]?["code"] == "hidden-flag-ignored")
        let fixed = StoryboardCodeActionTests.apply(
            fix["edit"]?["changes"]?[Self.uri]?.arrayValue ?? [], to: storyboard.text)
        #expect(fixed.contains(#"keyPath="isSkeletonable" value="YES""#))
        s.replace(Self.uri, text: fixed, version: 2)
        #expect(try s.publishedDiagnostics().isEmpty)
    }
}
