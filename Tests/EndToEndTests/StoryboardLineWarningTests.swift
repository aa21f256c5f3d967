import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `lines-do-not-fit` on storyboards through the real binary: published on the label's element, named by its id.
@Suite struct StoryboardLineWarningTests {
    static let uri = "file:///lines.storyboard"
    static let attribute = StoryboardChainWarningTests.attribute

    static func text(height: String, badge: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc">
            <scenes>
                <scene sceneID="s">
                    <objects>
                        <viewController id="vc" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="root">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
                                    <label text="Caption" numberOfLines="0" id="caption">
                                        <rect key="frame" x="8" y="8" width="200" height="\(height)"/>
                                        \(attribute)
                                    </label>
                                    \(badge)
                                    <label text="Title" id="title">
                                        <rect key="frame" x="8" y="100" width="200" height="10"/>
                                        \(attribute)
                                    </label>
                                </subviews>
                                \(attribute)
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
    }

    @Test func aLowLabelWithZeroLinesIsWarnedAboutOnItsElement() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let text = Self.text(height: "12")
        StoryboardCodeActionTests.open(s, Self.uri, text, languageId: "storyboard")
        let diagnostics = try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue ?? []
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(#"id="caption""#) })
        let column = try #require(lines[line].firstIndex(of: "<")).utf16Offset(in: lines[line])
        // The one-line title, 10 pt high, is centred: no warning.
        #expect(diagnostics.count == 1)
        let warning = try #require(diagnostics.first)
        #expect(warning["code"] == "lines-do-not-fit")
        #expect(warning["severity"] == 2)
        #expect(warning["range"]?["start"] == ["line": .int(line), "character": .int(column)])
        #expect(warning["message"]?.stringValue?.hasPrefix(#""caption": this label's skeleton is one block"#) == true)
        // A taller caption holds its lines: nothing to say.
        s.replace(Self.uri, text: Self.text(height: "60"), version: 2)
        let again = try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue ?? []
        #expect(again.isEmpty)
    }

    @Test func aHideFlagOnAViewThatIsNotSkeletonableIsWarnedAbout() throws {
        let s = try DaemonSession()
        defer { s.close() }
        let badge = """
            <imageView id="badge">
                <rect key="frame" x="300" y="8" width="20" height="20"/>
                <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isHiddenWhenSkeletonIsActive" value="YES"/></userDefinedRuntimeAttributes>
            </imageView>
            """
        let text = Self.text(height: "60", badge: badge)
        StoryboardCodeActionTests.open(s, Self.uri, text, languageId: "storyboard")
        let diagnostics = try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue ?? []
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(#"id="badge""#) })
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
        let fixed = StoryboardCodeActionTests.apply(fix["edit"]?["changes"]?[Self.uri]?.arrayValue ?? [], to: text)
        #expect(fixed.contains(#"keyPath="isSkeletonable" value="YES""#))
        s.replace(Self.uri, text: fixed, version: 2)
        #expect(try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue?.isEmpty == true)
    }
}
