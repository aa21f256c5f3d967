import Foundation
import SkeletonImaging
import SkeletondTestSupport
import Testing

/// `--code`: the app's Swift files applied to its storyboard (SkeletonView's CollectionView example, beside the
/// clone), whose storyboard does not make the collection view skeletonable and whose code does.
@Suite struct CodeOptionTests {
    /// A file of `../shared/fixtures`.
    static func fixture(_ path: String) -> String {
        TestEnvironment.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/\(path)").path
    }

    let storyboard = fixture("interface-builder/CollectionView-Main.storyboard")
    let code = ["CollectionView-ViewController.swift", "CollectionView-CollectionViewCell.swift"].map {
        fixture("swift-code/\($0)")
    }

    @Test func renderDrawsWhatTheCodeMakesSkeletonable() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("x.png")
        let alone = try CLIRunner.run(["render", storyboard, "--node", "HKL-L0-T2w", "-o", out])
        #expect(alone.status == 4)
        #expect(alone.stderr.contains("the node is not skeletonable"), "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let withCode = try CLIRunner.run([
            "render", storyboard, "--node", "HKL-L0-T2w", "--code", code[0], "--code", code[1], "-o", out,
        ])
        #expect(withCode.status == 0, "\(withCode.stderr)")
        let png = try ImageFiles.png(out)
        #expect(png.width > 0 && png.height > 0)
    }

    @Test func theSwiftFilesHintsArePrintedOnStderrAsLintPrintsDiagnostics() throws {
        let result = try CLIRunner.run(["layers", storyboard, "--code", code[0], "--code", code[1]])
        #expect(result.status == 0, "\(result.stderr)")
        let line =
            "\(code[0]):23:13: hint: `avatarImage.frame.width/2` is not known statically; "
            + "`avatarImage.layer.cornerRadius` is left as the file sets it [notStatic]"
        #expect(result.stderr.split(separator: "\n").contains { $0 == line }, "\(result.stderr)")
        #expect(!result.stdout.contains("[notStatic]"))
    }

    /// `viewDidLoad` shows an animated skeleton: without show options the CLI sends none, so that show is made (at
    /// 0.6 s the pulse has darkened the solid colour); `--type solid` makes exactly a solid, still skeleton.
    @Test func withoutShowOptionsTheCodesShowApplies() throws {
        let codeShow = try CLIRunner.run(["layers", storyboard, "--code", code[0], "--code", code[1], "--time", "0.6"])
        let solid = try CLIRunner.run([
            "layers", storyboard, "--code", code[0], "--code", code[1], "--time", "0.6", "--type", "solid",
        ])
        let alone = try CLIRunner.run(["layers", storyboard, "--time", "0.6", "--assume-skeletonable"])
        #expect(codeShow.status == 0 && solid.status == 0 && alone.status == 0, "\(codeShow.stderr)\(solid.stderr)")
        let still = "obr-b6-dib#line0 line [45 142 287 15] #ECF0F1FF opacity 1"
        #expect(solid.stdout.contains(still), "\(solid.stdout)")
        #expect(alone.stdout.contains(still), "no code: SkeletonView's default show, \(alone.stdout)")
        #expect(codeShow.stdout.contains("obr-b6-dib#line0 line [45 142 287 15]"), "\(codeShow.stdout)")
        #expect(!codeShow.stdout.contains(still), "animated as viewDidLoad shows it: \(codeShow.stdout)")
    }

    @Test func aMissingCodeFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run([
            "render", storyboard, "--code", "/nonexistent.swift", "-o", directory.file("x.png"),
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent.swift"))
    }
}
