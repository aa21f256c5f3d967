import Foundation
import JSON
import SkeletondTestSupport

/// The corpus of screens that use SkeletonView (`Tests/Fixtures/apps/MANIFEST.json`, described in the README beside
/// it): public apps' screens (read from a folder outside the repository, see `AppCorpus.appsRoot`) and the
/// patterns' own fixtures (`Tests/Fixtures/patterns/`), each with what SkeletonView 1.31 shows there.
enum AppCorpus {
    /// One screen: a storyboard's scene or a XIB, the Swift files it needs, and what SkeletonView shows.
    struct Screen: Sendable {
        var id: String
        /// The folder the screen's paths are relative to.
        var root: URL
        /// The app's project folder under `root` (empty: `root` itself), for a repository that holds several apps.
        var project: String
        var file: String
        /// The scene's view controller id; empty for a XIB's or the initial scene.
        var scene: String
        /// The Swift files, then the XIBs, of its app that it needs (each given as `--code`).
        var code: [String]
        var expect: Expectation
    }

    /// What SkeletonView shows: whether anything is drawn, and then its kind and the views that hold skeletons.
    struct Expectation: Sendable, Equatable {
        var drawn: Bool
        var type: String?
        var animated: Bool?
        /// `#RRGGBBAA` of a solid, not animated skeleton, when the manifest gives one.
        var color: String?
        /// Node reference → `block` or `line`, for the nodes outside lists.
        var holders: [String: String]
        var lists: [String: List]
    }

    /// A table's or collection's skeleton: the rows on screen per section, and its cells' holders by local reference.
    struct List: Sendable, Equatable {
        var rows: [Int]
        var cell: [String: String]
    }

    static let manifestURL = TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/apps/MANIFEST.json")

    /// Where the apps' files are: `$SKELETON_APP_CORPUS`, else `../shared/fixtures/apps` beside the clone, one
    /// folder per app (`owner+repo`) keeping the app's own relative paths. The repository keeps none of them.
    static var appsRoot: URL {
        if let path = ProcessInfo.processInfo.environment["SKELETON_APP_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return TestEnvironment.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/apps")
    }

    /// The manifest, parsed once.
    static let manifest: JSON = {
        guard let text = try? String(contentsOf: manifestURL, encoding: .utf8),
            let document = try? JSONDocument.parse(text)
        else { return .null }
        return document.value.json
    }()

    /// Screen id → the patterns it is known to miss.
    static var knownGaps: [String: [String]] {
        var gaps: [String: [String]] = [:]
        for (id, patterns) in manifest["knownGaps"]?.objectValue ?? [:] {
            gaps[id] = patterns.arrayValue?.compactMap(\.stringValue) ?? []
        }
        return gaps
    }

    /// The patterns' screens, whose files are in the repository.
    static var patternScreens: [Screen] { fixtureScreens("patterns") }

    /// Screens of our own that today's product draws as SkeletonView does: if they fail, the harness or the
    /// product broke, whatever the known gaps say.
    static var controlScreens: [Screen] { fixtureScreens("controls") }

    /// The screens of a manifest list whose files are in the repository (`folder` under `Tests/Fixtures/`).
    static func fixtureScreens(_ list: String) -> [Screen] {
        (manifest[list]?.arrayValue ?? []).compactMap { entry in
            guard let folder = entry["folder"]?.stringValue else { return nil }
            return screen(entry, root: TestEnvironment.packageRoot.appendingPathComponent("Tests/Fixtures/\(folder)"))
        }
    }

    /// The apps' screens whose app folder is present under `appsRoot`.
    static var appScreens: [Screen] {
        (manifest["apps"]?.arrayValue ?? []).flatMap { app -> [Screen] in
            guard let id = app["id"]?.stringValue else { return [] }
            let root = appsRoot.appendingPathComponent(id)
            guard FileManager.default.fileExists(atPath: root.path) else { return [] }
            return (app["screens"]?.arrayValue ?? []).compactMap { screen($0, root: root) }
        }
    }

    /// Every screen id the manifest lists, present or not.
    static var allScreenIDs: [String] {
        let apps = (manifest["apps"]?.arrayValue ?? []).flatMap { $0["screens"]?.arrayValue ?? [] }
        let fixtures = ["patterns", "controls"].flatMap { manifest[$0]?.arrayValue ?? [] }
        return (apps + fixtures).compactMap { $0["id"]?.stringValue }
    }

    static func screen(_ entry: JSON, root: URL) -> Screen? {
        guard let id = entry["id"]?.stringValue, let file = entry["file"]?.stringValue,
            let expect = entry["expect"]
        else { return nil }
        return Screen(
            id: id, root: root, project: entry["project"]?.stringValue ?? "", file: file,
            scene: entry["scene"]?.stringValue ?? "",
            // The screen's XIBs belong to its app: given as `--code` files, the nibs its code loads by name.
            code: (entry["code"]?.arrayValue?.compactMap(\.stringValue) ?? [])
                + (entry["nibs"]?.arrayValue?.compactMap(\.stringValue) ?? []),
            expect: expectation(expect))
    }

    static func expectation(_ json: JSON) -> Expectation {
        var lists: [String: List] = [:]
        for (id, list) in json["lists"]?.objectValue ?? [:] {
            lists[id] = List(
                rows: list["rows"]?.arrayValue?.compactMap(\.intValue) ?? [], cell: kinds(list["cell"]))
        }
        let color = json["color"]?.stringValue.flatMap { $0.hasPrefix("#") ? $0 : nil }
        return Expectation(
            drawn: json["drawn"]?.boolValue ?? false, type: json["type"]?.stringValue,
            animated: json["animated"]?.boolValue, color: color, holders: kinds(json["holders"]), lists: lists)
    }

    static func kinds(_ json: JSON?) -> [String: String] {
        var kinds: [String: String] = [:]
        for (id, kind) in json?.objectValue ?? [:] { kinds[id] = kind.stringValue ?? "" }
        return kinds
    }
}
