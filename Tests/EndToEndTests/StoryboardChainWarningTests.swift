import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `not-skeletonable-ancestor` on storyboards through the real binary: published on the view's element line, and its
/// quick fix, applied as a client would, leaves the file without warnings.
@Suite struct StoryboardChainWarningTests {
    static let uri = "file:///chain.storyboard"
    static let attribute =
        #"<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" "#
        + #"keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes>"#
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc">
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <view contentMode="scaleToFill" id="box">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                                        <subviews>
                                            <label text="Title" id="title">
                                                <rect key="frame" x="8" y="8" width="200" height="20"/>
                                                \(attribute)
                                            </label>
                                        </subviews>
                                    </view>
                                </subviews>
                                \(attribute)
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    @Test func theWarningAndItsQuickFix() throws {
        let s = try DaemonSession()
        defer { s.close() }
        StoryboardCodeActionTests.open(s, Self.uri, Self.text, languageId: "storyboard")
        let published = try s.notification("textDocument/publishDiagnostics")
        let diagnostics = published["diagnostics"]?.arrayValue ?? []
        let lines = Self.text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(#"id="title""#) })
        let column = try #require(lines[line].firstIndex(of: "<")).utf16Offset(in: lines[line])
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
        let fixed = StoryboardCodeActionTests.apply(edits, to: Self.text)
        StoryboardCodeActionTests.open(s, "file:///fixed.storyboard", fixed, languageId: "storyboard")
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
