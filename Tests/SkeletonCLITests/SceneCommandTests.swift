import Foundation
import JSON
import SkeletonImaging
import SkeletondTestSupport
import Testing

/// Storyboards through the CLI: `scenes`, `--scene`, `--all-scenes`, `--assume-skeletonable`, and a show that
/// draws nothing failing with its reason.
@Suite struct SceneCommandTests {
    /// Our own four-scene storyboard (its scenes set `isSkeletonable` in the file).
    let screens = TestEnvironment.packageRoot.appendingPathComponent(
        "Tests/InterfaceBuilderTests/Fixtures/Screens.storyboard"
    ).path
    /// A real app's screen that sets `isSkeletonable` in code, not in the file (RxSwift, MIT; beside the clone).
    let signup = TestEnvironment.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/fixtures/real-ib/ReactiveX+RxSwift__RxExample_RxExample_Examples_GitHubSignup_GitHubSignup1.storyboard"
    ).path

    @Test func scenesListsEverySceneInFileOrderAndAsJSON() throws {
        let text = try CLIRunner.run(["scenes", screens])
        #expect(text.status == 0)
        #expect(
            text.stdout.split(separator: "\n") == [
                "gridVC  375×667  Grid", "feedVC  375×667  Feed  (initial)", "hostVC  375×667  Host",
                "childVC  375×200  ChildViewController  class ChildViewController",
            ])
        let json = try CLIRunner.run(["scenes", "--json", screens])
        let scenes = try JSONDocument.parse(Array(json.stdout.utf8)).value
        #expect(scenes.count == 4)
        #expect(scenes[1]?["id"]?.string == "feedVC")
        #expect(scenes[1]?["initial"]?.bool == true)
        #expect(scenes[3]?["frame"]?[3]?.double == 200)
        #expect(scenes[0]?.members.map(\.0).sorted() == ["frame", "id", "initial", "title"])
        #expect(scenes[3]?["class"]?.string == "ChildViewController")
    }

    @Test func sceneChoosesWhatIsRendered() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("child.png")
        let result = try CLIRunner.run(["render", screens, "--scene", "childVC", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try ImageFiles.png(out).height == 200)
        let unknown = try CLIRunner.run(["render", screens, "--scene", "nope", "-o", out])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("scene"))
    }

    @Test func allScenesWritesOnePictureNamedWithEachSceneID() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["render", screens, "--all-scenes", "-o", directory.file("s.png")])
        for id in ["gridVC", "feedVC", "hostVC", "childVC"] {
            #expect(FileManager.default.fileExists(atPath: directory.file("s-\(id).png")), "\(id)")
        }
        #expect(try ImageFiles.png(directory.file("s-childVC.png")).height == 200)
        // Scenes that draw nothing are named on stderr and make the status 4; the others are still written.
        if result.status != 0 {
            #expect(result.status == 4)
            #expect(result.errorLines.last?.contains("scenes drew no skeleton") == true)
        }
        let sheet = try CLIRunner.run(["matrix", screens, "--all-scenes", "-o", directory.file("sheet.png")])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        // Four 375-point pictures in a row: 48 + 4 × (375 + 2) + 72 pixels wide.
        #expect(try ImageFiles.png(directory.file("sheet.png")).width == 48 + 4 * 377 + 72)
    }

    @Test func aScreenThatSetsIsSkeletonableInCodeFailsWithTheReasonUnlessAssumed() throws {
        let directory = try TemporaryDirectory()
        let flat = directory.file("flat.png")
        let plain = try CLIRunner.run(["render", signup, "-o", flat])
        #expect(plain.status == 4)
        #expect(plain.stderr.contains("not skeletonable"))
        #expect(plain.stderr.contains("--assume-skeletonable"))
        #expect(!FileManager.default.fileExists(atPath: flat))
        let gif = try CLIRunner.run([
            "animate", signup, "--duration", "0.5", "--fps", "2", "-o", directory.file("a.gif"),
        ])
        #expect(gif.status == 4)
        #expect(gif.stderr.contains("isSkeletonable"))

        let assumed = directory.file("assumed.png")
        let result = try CLIRunner.run(["render", signup, "--assume-skeletonable", "-o", assumed])
        #expect(result.status == 0, "\(result.stderr)")
        let layers = try CLIRunner.run(["layers", signup, "--assume-skeletonable", "--json"])
        let list = try JSONDocument.parse(Array(layers.stdout.utf8)).value["layers"]
        #expect((list?.count ?? 0) > 0)
        let animated = try CLIRunner.run([
            "animate", signup, "--assume-skeletonable", "--duration", "0.5", "--fps", "2", "-o",
            directory.file("b.gif"),
        ])
        #expect(animated.status == 0, "\(animated.stderr)")
    }
}
