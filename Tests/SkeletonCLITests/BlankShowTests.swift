import Foundation
import SkeletondTestSupport
import Testing

/// A show that draws nothing never leaves a blank picture behind with status 0 (render, matrix, a show the code
/// delays past the time drawn), and `--scene ID` prints that scene's diagnostics only.
@Suite struct BlankShowTests {
    /// Two scenes, each a root that is not skeletonable over a skeletonable label (one warning per scene).
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vcA">
        <scenes>
        <scene sceneID="sA"><objects>
        <viewController id="vcA" customClass="Delayed" sceneMemberID="viewController">
        <view key="view" id="rootA"><rect key="frame" x="0" y="0" width="200" height="100"/>
        <subviews><label id="labelA" text="A"><rect key="frame" x="10" y="10" width="100" height="20"/>
        <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes>
        </label></subviews></view>
        </viewController></objects></scene>
        <scene sceneID="sB"><objects>
        <viewController id="vcB" sceneMemberID="viewController">
        <view key="view" id="rootB"><rect key="frame" x="0" y="0" width="200" height="100"/>
        <subviews><label id="labelB" text="B"><rect key="frame" x="10" y="10" width="100" height="20"/>
        <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes>
        </label></subviews></view>
        </viewController></objects></scene>
        </scenes></document>
        """

    /// Scene A's class: it makes its root skeletonable and shows it five seconds after it loads.
    static let code = """
        class Delayed: UIViewController {
            override func viewDidLoad() {
                view.isSkeletonable = true
                DispatchQueue.main.asyncAfter(deadline: .now() + 5) { self.view.showSkeleton() }
            }
        }
        """

    @Test func sceneOptionPrintsThatScenesDiagnosticsOnly() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Two.storyboard")
        try Self.storyboard.write(toFile: file, atomically: true, encoding: .utf8)
        let both = try CLIRunner.run(["render", file, "--scene", "vcB", "-o", directory.file("b.png")])
        #expect(both.status == 4, "\(both.stderr)")
        #expect(both.stderr.contains("labelB"), "\(both.stderr)")
        #expect(!both.stderr.contains("labelA"), "scene A's warning is not scene B's: \(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("b.png")))
    }

    @Test func matrixOfAShowThatDrawsNothingExitsFourWithoutAPicture() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Two.storyboard")
        try Self.storyboard.write(toFile: file, atomically: true, encoding: .utf8)
        let sheet = directory.file("sheet.png")
        let result = try CLIRunner.run(["matrix", file, "--scene", "vcB", "-o", sheet])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.errorLines.last?.contains("not skeletonable") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sheet))
    }

    @Test func aShowTheCodeDelaysPastTheTimeDrawnExitsFour() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("Two.storyboard")
        try Self.storyboard.write(toFile: file, atomically: true, encoding: .utf8)
        let swift = directory.file("Delayed.swift")
        try Self.code.write(toFile: swift, atomically: true, encoding: .utf8)
        let early = directory.file("early.png")
        let result = try CLIRunner.run(["render", file, "--code", swift, "--time", "1", "-o", early])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.errorLines.last?.contains("scheduled at 5 s") == true, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: early))
        let late = directory.file("late.png")
        let drawn = try CLIRunner.run(["render", file, "--code", swift, "--time", "6", "-o", late])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(FileManager.default.fileExists(atPath: late))
    }
}
