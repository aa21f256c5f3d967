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

    @Test func aMissingCodeFileIsNamed() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run([
            "render", storyboard, "--code", "/nonexistent.swift", "-o", directory.file("x.png"),
        ])
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent.swift"))
    }
}
