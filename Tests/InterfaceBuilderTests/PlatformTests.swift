import InterfaceBuilder
import SkeletonModel
import Testing

/// The platform a file targets: UIKit files (iOS, tvOS) are read; macOS (AppKit) files are one clear error.
@Suite("Platforms")
struct PlatformTests {
    /// `storyboard(_:)`'s document with a `targetRuntime`.
    static func storyboard(runtime: String) -> String {
        let scene = """
            <scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="v"><rect key="frame" x="0" y="0" width="1920" height="1080"/></view>
            </viewController></objects></scene>
            """
        return InterfaceBuilderTests.storyboard(scene).replacingOccurrences(
            of: "version=\"3.0\"", with: "version=\"3.0\" targetRuntime=\"\(runtime)\"")
    }

    @Test func aMacOSFileIsOneErrorAtItsDocumentElementAndHasNoScenes() {
        let file = InterfaceBuilderFile.parse(text: Self.storyboard(runtime: "MacOSX.Cocoa"))
        #expect(file.scenes.isEmpty)
        #expect(file.kind == .storyboard)
        #expect(file.problems.count == 1, "\(file.problems)")
        let p = file.problems.first
        #expect(p?.code == .unsupportedPlatform && p?.severity == .error)
        #expect(p?.line == 2 && p?.column == 1)
        #expect(p?.message.contains("macOS") == true)
    }

    @Test func tvOSAndIOSFilesAreRead() throws {
        for runtime in ["AppleTV", "iOS.CocoaTouch"] {
            let file = InterfaceBuilderFile.parse(text: Self.storyboard(runtime: runtime))
            #expect(file.problems.isEmpty, "\(runtime): \(file.problems)")
            #expect(file.scenes.map(\.id) == ["vc"])
        }
    }
}
