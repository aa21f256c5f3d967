import Foundation
import SkeletondTestSupport
import Testing

/// `--project DIR`: the app's folder as the unit (issue #26). SkeletonView's CollectionView example laid out as an
/// app: its storyboard, its two Swift files and an asset catalogue, beside build output and dependencies that are
/// not the app's.
@Suite struct ProjectOptionTests {
    /// The example app in a fresh folder: `App/Base.lproj/Main.storyboard`, `App/*.swift`, a colour set, and files
    /// the project skips (`Pods/`, `build/`, `.git/`), each of which would break the show if it were read.
    static func app() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let fm = FileManager.default
        for folder in ["App/Base.lproj", "App/Assets.xcassets/Brand.colorset", "Pods/Broken", "build/Debug", ".git"] {
            try fm.createDirectory(atPath: directory.file(folder), withIntermediateDirectories: true)
        }
        try fm.copyItem(
            atPath: CodeOptionTests.fixture("interface-builder/CollectionView-Main.storyboard"),
            toPath: directory.file("App/Base.lproj/Main.storyboard"))
        try fm.copyItem(
            atPath: CodeOptionTests.fixture("swift-code/CollectionView-ViewController.swift"),
            toPath: directory.file("App/ViewController.swift"))
        try fm.copyItem(
            atPath: CodeOptionTests.fixture("swift-code/CollectionView-CollectionViewCell.swift"),
            toPath: directory.file("App/CollectionViewCell.swift"))
        _ = try directory.write(
            "App/Assets.xcassets/Brand.colorset/Contents.json",
            #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0xFF","green":"0x80","blue":"0","alpha":"1.000"}},"idiom":"universal"},{"appearances":[{"appearance":"luminosity","value":"dark"}],"color":{"color-space":"srgb","components":{"red":"0","green":"0","blue":"255","alpha":"1.000"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        )
        // Declared first in uri order, these would win over the app's classes if they were read.
        let wrong = "class ViewController: UIViewController {}\nclass CollectionViewCell: UICollectionViewCell {}\n"
        for skipped in ["Pods/Broken/A.swift", "build/Debug/A.swift", ".git/A.swift"] {
            _ = try directory.write(skipped, wrong)
        }
        return directory
    }

    @Test func aStoryboardWithinItsProjectTakesTheCodeFromTheFolder() throws {
        let app = try Self.app()
        let storyboard = app.file("App/Base.lproj/Main.storyboard")
        let alone = try CLIRunner.run(["tree", storyboard, "--node", "HKL-L0-T2w"])
        let linked = try CLIRunner.run(["tree", storyboard, "--node", "HKL-L0-T2w", "--project", app.url.path])
        #expect(alone.status == 0 && linked.status == 0, "\(alone.stderr)\(linked.stderr)")
        // The collection view's ten cells come from the code's data source, read from the folder; the tree lists the
        // nine skeletonable ones (`prepareCellForSkeleton` makes the first not skeletonable).
        #expect(!alone.stdout.contains("UICollectionViewCell"), "\(alone.stdout)")
        let cells = linked.stdout.split(separator: "\n").filter { $0.contains("UICollectionViewCell") }
        #expect(cells.count == 9, "\(linked.stdout)")

        let out = app.file("x.png")
        let render = try CLIRunner.run([
            "render", storyboard, "--node", "HKL-L0-T2w", "--project", app.url.path, "-o", out,
        ])
        #expect(render.status == 0, "\(render.stderr)")
    }

    @Test func scenesListsEveryScreenOfTheAppAndWhatShowsIt() throws {
        let app = try Self.app()
        // A XIB beside the storyboard: its screen is listed too.
        _ = try app.write(
            "App/Card.xib",
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view id="card" customClass="CardView"><rect key="frame" x="0" y="0" width="200" height="80"/></view>
                </objects>
            </document>
            """#)
        let result = try CLIRunner.run(["scenes", "--project", app.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(
            lines == [
                "App/Base.lproj/Main.storyboard  irH-dz-xqL  375×667  View Controller  class ViewController  "
                    + "shows solid, animated  (initial)",
                "App/Card.xib  card  200×80  CardView  class CardView  (initial)",
            ], "\(lines)")

        let json = try CLIRunner.run(["scenes", "--project", app.url.path, "--json"])
        #expect(json.stdout.contains(#""file":"App/Base.lproj/Main.storyboard""#), "\(json.stdout)")
        #expect(
            json.stdout.contains(#""class":"ViewController","show":{"type":"solid","animated":true}"#), "\(json.stdout)"
        )
    }

    /// A skeleton layout (`*.skeleton.json`) in the project is one of its documents for every command that runs over
    /// the project without FILEs: `scenes` lists it, `snapshot record` records it.
    @Test func theProjectsSkeletonLayoutsAreItsDocumentsToo() throws {
        let app = try Self.app()
        try FileManager.default.createDirectory(atPath: app.file("App/Screens"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CLIRunner.example("profile-card"), toPath: app.file("App/Screens/card.skeleton.json"))
        let scenes = try CLIRunner.run(["scenes", "--project", app.url.path])
        #expect(scenes.status == 0, "\(scenes.stderr)")
        let files = scenes.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(files == ["App/Base.lproj/Main.storyboard", "App/Screens/card.skeleton.json"], "\(scenes.stdout)")

        let snaps = app.file("snaps")
        let record = try CLIRunner.run(
            ["snapshot", "record", "--project", app.url.path, "--snapshots", snaps, "--schemes", "light"],
            directory: app.url)
        #expect(record.status == 0, "\(record.stderr)")
        let recorded = (try? FileManager.default.subpathsOfDirectory(atPath: snaps)) ?? []
        #expect(recorded.contains("App/Screens/card.skeleton.json/light-ltr-solid-1s.png"), "\(recorded.sorted())")
        #expect(recorded.contains { $0.hasPrefix("App/Base.lproj/Main.storyboard/") }, "\(recorded.sorted())")
    }

    /// `<color name="Brand">`: the file's `<resources>` copy (one value) alone; with `--project`, the app's colour
    /// set, light and dark.
    @Test func namedColoursComeFromTheProjectsColourSets() throws {
        let app = try Self.app()
        let card = try app.write(
            "App/Card.xib",
            #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <view id="card"><rect key="frame" x="0" y="0" width="200" height="80"/>
                        <color key="backgroundColor" name="Brand"/>
                    </view>
                </objects>
                <resources>
                    <namedColor name="Brand"><color red="0" green="1" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
                </resources>
            </document>
            """#)
        let arguments = ["layers", card, "--include-content", "--assume-skeletonable"]
        let alone = try CLIRunner.run(arguments + ["--scheme", "dark"])
        #expect(alone.stdout.contains("card#content content [0 0 200 80] #00FF00FF"), "\(alone.stdout)\(alone.stderr)")
        for (scheme, colour) in [("light", "#FF8000FF"), ("dark", "#0000FFFF")] {
            let linked = try CLIRunner.run(arguments + ["--scheme", scheme, "--project", app.url.path])
            #expect(linked.stdout.contains("card#content content [0 0 200 80] \(colour)"), "\(linked.stdout)")
        }
    }

    @Test func aMissingProjectFolderOrFileIsNamed() throws {
        let missing = try CLIRunner.run(["scenes", "--project", "/nonexistent/app"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--project /nonexistent/app: no such folder"), "\(missing.stderr)")
        let noFile = try CLIRunner.run(["tree", "--project", "/tmp"])
        #expect(noFile.status == 2)
        #expect(noFile.stderr.contains("a FILE is needed"), "\(noFile.stderr)")
    }
}
