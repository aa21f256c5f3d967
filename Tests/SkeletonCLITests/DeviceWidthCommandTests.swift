import Foundation
import SkeletonImaging
import SkeletondTestSupport
import Testing

/// `render --width` and `snapshot --widths`: a screen laid out at a device width, its flexible views stretched.
@Suite struct DeviceWidthCommandTests {
    /// A bar pinned to both sides (flexible width) above a box with a fixed frame.
    static let screen = #"""
        {"root": {"type": "UIView", "frame": [0, 0, 375, 120], "isSkeletonable": true, "backgroundColor": "#FFFFFF",
          "children": [
            {"type": "UIView", "id": "bar", "frame": [16, 16, 343, 40], "isSkeletonable": true,
             "autoresizingMask": ["flexibleWidth"]},
            {"type": "UIView", "id": "box", "frame": [16, 70, 40, 40], "isSkeletonable": true}]}}
        """#

    static let skeleton = 0xECF0F1
    static let white = 0xFFFFFF

    @Test func theFlexibleBarStretchesAndTheFixedBoxStaysPixelForPixel() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("screen.skeleton.json", Self.screen)
        var pictures: [Int: RGBAImage] = [:]
        for width in [375, 430] {
            let out = directory.file("w\(width).png")
            let result = try CLIRunner.run(["render", file, "--width", "\(width)", "-o", out])
            #expect(result.status == 0, "\(result.stderr)")
            pictures[width] = try ImageFiles.png(out)
        }
        let narrow = try #require(pictures[375])
        let wide = try #require(pictures[430])
        #expect(narrow.width == 375 && wide.width == 430 && narrow.height == 120 && wide.height == 120)
        // The bar ends 16 points before the right edge at both widths.
        #expect(narrow.rgb(350, 36) == Self.skeleton && narrow.rgb(365, 36) == Self.white)
        #expect(wide.rgb(365, 36) == Self.skeleton && wide.rgb(405, 36) == Self.skeleton)
        #expect(wide.rgb(420, 36) == Self.white)
        // Below the bar nothing is flexible: the same pixels where both pictures have them.
        var differing = 0
        for y in 60..<120 {
            for x in 0..<375 where narrow.rgb(x, y) != wide.rgb(x, y) { differing += 1 }
        }
        #expect(differing == 0)
        #expect(narrow.rgb(30, 90) == Self.skeleton)
    }

    @Test func theDocumentsOwnWidthIsTheDefault() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("screen.skeleton.json", Self.screen)
        let plain = directory.file("plain.png")
        let same = directory.file("same.png")
        #expect(try CLIRunner.run(["render", file, "-o", plain]).status == 0)
        #expect(try CLIRunner.run(["render", file, "--width", "375", "-o", same]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) == Data(contentsOf: URL(fileURLWithPath: same)))
    }

    @Test(arguments: [
        (["--width", "0"], "--width must be a number of points from 1 to 16384, not 0"),
        (["--width", "16385"], "--width must be a number of points from 1 to 16384, not 16385"),
        (["--width", "nan"], "--width must be a number of points from 1 to 16384, not nan"),
    ])
    func badWidthsAreUsageErrors(_ flags: [String], _ message: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("screen.skeleton.json", Self.screen)
        let result = try CLIRunner.run(["render", file, "-o", directory.file("x.png")] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func aStoryboardsViewsFollowTheirConstraints() throws {
        let directory = try TemporaryDirectory()
        let fixture = TestEnvironment.packageRoot.appendingPathComponent(
            "Tests/InterfaceBuilderTests/Fixtures/Widths.xib")
        let out = directory.file("wide.png")
        let result = try CLIRunner.run([
            "render", fixture.path, "--width", "430", "--scheme", "dark", "--assume-skeletonable", "-o", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ImageFiles.png(out)
        #expect(image.width == 430)
        // The button pinned to the trailing margin moved 55 points right: its old place is empty.
        let button = image.rgb(400, 225)
        #expect(button != image.rgb(300, 225))
    }

    @Test func snapshotsRecordAndVerifyEachWidthUnderItsName() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("screen.skeleton.json", Self.screen)
        let snaps = directory.file("snaps")
        let record = try CLIRunner.run(
            ["snapshot", "record", file, "--snapshots", snaps, "--schemes", "light", "--widths", "375,430"],
            directory: directory.url)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("snapshot record: 2 pictures of 1 documents"))
        let wide = try ImageFiles.png("\(snaps)/screen.skeleton.json/light-ltr-430pt-solid-1s.png")
        let narrow = try ImageFiles.png("\(snaps)/screen.skeleton.json/light-ltr-375pt-solid-1s.png")
        #expect(wide.width == 430 && narrow.width == 375)
        let manifest = try String(contentsOfFile: "\(snaps)/manifest.json", encoding: .utf8)
        #expect(manifest.contains("\"widths\":[375,430]") || manifest.contains("\"widths\": [375, 430]"), "\(manifest)")
        #expect(manifest.contains("light-ltr-430pt-solid-1s") && manifest.contains("\"width\":430"))
        // The widths come from the manifest when not given again.
        let verify = try CLIRunner.run(["snapshot", "verify", file, "--snapshots", snaps], directory: directory.url)
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("snapshot verify: 2 pictures, 2 match"))
        let bad = try CLIRunner.run(
            ["snapshot", "verify", file, "--snapshots", snaps, "--widths", "375,375"], directory: directory.url)
        #expect(bad.status == 64 && bad.stderr.contains("a variant value is repeated"))
    }
}
