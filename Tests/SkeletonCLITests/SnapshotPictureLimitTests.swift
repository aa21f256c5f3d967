import Foundation
import SkeletondTestSupport
import Testing

@testable import skeleton

/// A snapshot run makes at most 10,000 pictures: one over is refused before anything is pictured, with the count and
/// what to do.
@Suite struct SnapshotPictureLimitTests {
    /// 2 schemes × 2 directions × 16 widths × (2 types × 16 times + content) = 2,112 variants.
    static let manyVariants = [
        "--schemes", "light,dark", "--directions", "ltr,rtl",
        "--widths", (1...16).map { "\(300 + $0)" }.joined(separator: ","),
        "--types", "solid,gradient,content", "--times", (0..<16).map { "\($0)" }.joined(separator: ","),
    ]

    static let card = #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10], "isSkeletonable": true}}"#

    /// A storyboard of `count` plain scenes.
    static func storyboard(scenes count: Int) -> String {
        let scenes = (0..<count).map { k in
            """
            <scene sceneID="s\(k)"><objects><viewController id="vc\(k)" sceneMemberID="viewController">
            <view key="view" contentMode="scaleToFill" id="v\(k)"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
            </viewController></objects></scene>
            """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc0">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <scenes>\(scenes.joined(separator: "\n"))</scenes>
            </document>
            """
    }

    @Test func documentsTimesVariantsOverTheLimitAreRefusedBeforeAnyPicture() throws {
        let directory = try TemporaryDirectory()
        let files = try (0..<5).map { try directory.write("card\($0).skeleton.json", Self.card) }
        let snaps = directory.file("snaps")
        let run = try CLIRunner.run(
            ["snapshot", "record"] + files + ["--snapshots", snaps] + Self.manyVariants, directory: directory.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "the run makes at least 10560 pictures (5 documents × 2112 variants), more than 10000 a run: "
                    + "split it into several (fewer documents or variants each)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: snaps), "nothing is written")
    }

    @Test func exactlyTheLimitIsAllowedAndOneMoreIsNot() {
        #expect(SnapshotLimits.refusal(documents: 5, variants: 2000) == nil)
        #expect(SnapshotLimits.refusal(documents: 10_001, variants: 1) != nil)
        #expect(SnapshotLimits.refusal(documents: Int.max, variants: 2) != nil, "an overflow is refused, not wrapped")
        #expect(SnapshotLimits.refusal(of: "a", scenes: 3, variants: 1000, after: 7000) == nil)
        #expect(SnapshotLimits.refusal(of: "a", scenes: 3, variants: 1000, after: 7001) != nil)
        #expect(SnapshotLimits.refusal(of: "a", scenes: Int.max, variants: 2, after: 0) != nil)
    }

    @Test func aDocumentsScenesTimesVariantsOverTheLimitAreRefusedBeforeItsVariantsOpen() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("Main.storyboard", Self.storyboard(scenes: 5))
        let snaps = directory.file("snaps")
        let run = try CLIRunner.run(
            ["snapshot", "record", file, "--snapshots", snaps] + Self.manyVariants, directory: directory.url)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "Main.storyboard has 5 scenes × 2112 variants = 10560 pictures, which take the run to 10560 pictures, "
                    + "more than 10000 a run"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: snaps))
    }
}
