import Foundation
import SkeletonImaging
import SkeletondTestSupport
import Testing

/// `--code` with an app's files read together (`Tests/Fixtures/patterns/`): shows on the outlets the code calls
/// them on, cells from the XIB a `--code` file gives, and a class split over extension files.
@Suite struct AppCodeTests {
    /// A file of a pattern's fixture.
    static func pattern(_ name: String, _ file: String) -> String {
        TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/patterns/\(name)/\(file)").path
    }

    /// `avatarView.showAnimatedGradientSkeleton()` and `nameLabel.…`: the root is not skeletonable, so a show from
    /// it draws nothing (exit 4 before); each outlet's own show draws it, and the biography label, under neither,
    /// keeps its text and gets no chain warning.
    @Test func showsStartFromTheOutletsTheCodeShows() throws {
        let storyboard = Self.pattern("show-on-outlet", "Main.storyboard")
        let code = Self.pattern("show-on-outlet", "ProfileViewController.swift")
        let directory = try TemporaryDirectory()
        let out = directory.file("x.png")
        let render = try CLIRunner.run(["render", storyboard, "--code", code, "-o", out])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try ImageFiles.png(out).width == 375)
        #expect(!render.stderr.contains("not-skeletonable-ancestor"), "\(render.stderr)")
        let layers = try CLIRunner.run(["layers", storyboard, "--code", code, "--time", "1"])
        #expect(layers.status == 0, "\(layers.stderr)")
        let drawn = layers.stdout.split(separator: "\n").filter { $0.contains(" block ") || $0.contains(" line ") }
        #expect(drawn.map { $0.split(separator: "#").first.map(String.init) ?? "" } == ["PSO-im-avt", "PSO-lb-nam"])
        #expect(drawn.allSatisfy { $0.contains("gradient(") }, "each show's own options")
    }

    /// `register(UINib(nibName: "FeedCell", bundle: nil), …)`: with `--code FeedCell.xib` the rows are the XIB's
    /// cell (an image block and a label's line each); without it, they are plain cells and the hint says why.
    @Test func cellsComeFromTheXIBsTheCodeRegisters() throws {
        let files = ["FeedViewController.swift", "FeedCell.swift"].map { Self.pattern("cell-nib", $0) }
        let storyboard = Self.pattern("cell-nib", "Main.storyboard")
        let code = files.flatMap { ["--code", $0] }
        let withXIB = try CLIRunner.run(
            ["layers", storyboard, "--time", "1"] + code + ["--code", Self.pattern("cell-nib", "FeedCell.xib")])
        #expect(withXIB.status == 0, "\(withXIB.stderr)")
        for row in 0..<3 {
            #expect(withXIB.stdout.contains("PCN-tv-001[0,\(row)]/PCN-im-001#block block"), "\(withXIB.stdout)")
            #expect(withXIB.stdout.contains("PCN-tv-001[0,\(row)]/PCN-lb-001#line0 line"))
        }
        #expect(!withXIB.stdout.contains("PCN-tv-001[0,3]"))
        let without = try CLIRunner.run(["layers", storyboard, "--time", "1"] + code)
        #expect(!without.stdout.contains("PCN-im-001"))
        #expect(without.stderr.contains("the nib \"FeedCell\" is not among the app's files"), "\(without.stderr)")
    }

    /// The skeleton data source in `OrdersViewController+SkeletonView.swift`, the show in the class's own file: the
    /// same rows whichever order the files are given in.
    @Test func aClassSplitOverFilesIsReadWhole() throws {
        let storyboard = Self.pattern("extension-files", "Main.storyboard")
        let files = [
            "OrdersViewController.swift", "OrdersViewController+Setup.swift", "OrdersViewController+SkeletonView.swift",
        ]
        .map { Self.pattern("extension-files", $0) }
        let forward = try CLIRunner.run(["layers", storyboard, "--time", "1"] + files.flatMap { ["--code", $0] })
        let backward = try CLIRunner.run(
            ["layers", storyboard, "--time", "1"] + files.reversed().flatMap { ["--code", $0] })
        #expect(forward.status == 0 && backward.status == 0, "\(forward.stderr)\(backward.stderr)")
        #expect(forward.stdout == backward.stdout)
        #expect(forward.stdout.split(separator: "\n").count > 2, "\(forward.stdout)")
    }
}
