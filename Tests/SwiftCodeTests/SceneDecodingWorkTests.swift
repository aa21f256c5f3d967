import CodeLinking
import Foundation
import InterfaceBuilder
import JSON
import SkeletonModel
import SwiftCode
import Testing

/// How often each scene is mapped and decoded (`InterfaceBuilderFile.work(scene:)`) when the daemon analyses a
/// storyboard as it does on `didOpen` and again on every change of a Swift file it links (`DocumentStore.analyse`:
/// every scene decoded, then each scene that binds a class of the code linked): once per open (a linked scene twice:
/// alone, whose sizes the code refers to, and with the code), once more per change that alters what code adds to the
/// scene, none for a change that does not.
@Suite("Scene decoding work")
struct SceneDecodingWorkTests {
    /// One analysis as the daemon makes it, its files kept by `recent` (a test's own, as `RecentFiles.shared` is the
    /// daemon's: no other test's files evict them); the same bytes give the same file, with its counters.
    static func analyse(_ bytes: [UInt8], code: [SwiftCodeFacts], recent: RecentFiles) -> (
        IBDecodingResult, [String: LinkedScene]
    ) {
        let result = InterfaceBuilderDocument.decode(bytes: bytes, recent: recent)
        let app = AppCode(files: code)
        let defined = Set(app.code.classes.map(\.name))
        var linked: [String: LinkedScene] = [:]
        for scene in result.scenes {
            let classes = Set(result.file.classBindings(scene: scene.id).map(\.className))
            guard !classes.isDisjoint(with: defined) else { continue }
            linked[scene.id] = SceneCodeLinker.link(file: result.file, scene: scene.id, app: app)
        }
        return (result, linked)
    }

    /// The file's text made unique to this test (a trailing comment), so that no other test shares its counters.
    static func unique(_ text: String) -> [UInt8] { Array((text + "\n<!-- \(UUID()) -->\n").utf8) }

    static func work(_ result: IBDecodingResult) -> [String: SceneWork] {
        Dictionary(result.scenes.map { ($0.id, result.file.work(scene: $0.id)) }, uniquingKeysWith: { a, _ in a })
    }

    /// The example's code, with `items` skeleton items and `comment` at the end of each file.
    static func collectionViewCode(items: Int = 10, comment: String = "") throws -> [SwiftCodeFacts] {
        try ["CollectionView-ViewController.swift", "CollectionView-CollectionViewCell.swift"].map { name in
            let text =
                try Code.sharedFixture("swift-code/\(name)")
                .replacingOccurrences(
                    of: "numberOfItemsInSection section: Int) -> Int {\n        return 10",
                    with: "numberOfItemsInSection section: Int) -> Int {\n        return \(items)") + comment
            return SwiftCodeReader.read(text: text, file: "file:///app/\(name)")
        }
    }

    static let once = SceneWork(mapped: 1, decoded: 1)
    static let twice = SceneWork(mapped: 2, decoded: 2)

    /// Each scene once, a linked one twice.
    static func expected(_ result: IBDecodingResult, linked: some Collection<String>) -> [String: SceneWork] {
        Dictionary(
            result.scenes.map { ($0.id, linked.contains($0.id) ? twice : once) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func aLinkedSceneIsMappedAndDecodedOnceAloneOnceWithItsCode() throws {
        let recent = RecentFiles()
        let bytes = Self.unique(try Code.sharedFixture("interface-builder/CollectionView-Main.storyboard"))
        let (result, linked) = Self.analyse(bytes, code: try Self.collectionViewCode(), recent: recent)
        #expect(linked.count == 1)
        #expect(Self.work(result) == Self.expected(result, linked: linked.keys))
    }

    @Test func aSwiftChangeThatKeepsTheOverlayDecodesNothing() throws {
        let recent = RecentFiles()
        let bytes = Self.unique(try Code.sharedFixture("interface-builder/CollectionView-Main.storyboard"))
        let (first, linked) = Self.analyse(bytes, code: try Self.collectionViewCode(), recent: recent)
        let (again, relinked) = Self.analyse(
            bytes, code: try Self.collectionViewCode(comment: "\n// a comment\n"), recent: recent)
        #expect(relinked.mapValues(\.result.problems) == linked.mapValues(\.result.problems))
        #expect(Self.work(again) == Self.expected(first, linked: linked.keys))
    }

    @Test func aSwiftChangeThatAltersTheOverlayDecodesItsScenesOnceMore() throws {
        let recent = RecentFiles()
        let bytes = Self.unique(try Code.sharedFixture("interface-builder/CollectionView-Main.storyboard"))
        let (_, linked) = Self.analyse(bytes, code: try Self.collectionViewCode(), recent: recent)
        let (again, relinked) = Self.analyse(bytes, code: try Self.collectionViewCode(items: 7), recent: recent)
        let scene = try #require(linked.keys.first)
        #expect(relinked.keys.first == scene)
        #expect(relinked[scene]?.result.document?.nodeCount != linked[scene]?.result.document?.nodeCount)
        var expected = Self.expected(again, linked: linked.keys)
        expected[scene] = SceneWork(mapped: 3, decoded: 3)
        #expect(Self.work(again) == expected)
    }

    /// `Examples/screens.storyboard` with the examples' Swift code (which binds none of its scenes), and every real
    /// storyboard of the shared fixtures (SkeletonView's bind the code's classes): each scene once (a linked one
    /// twice), however often the file is analysed.
    @Test(arguments: ["Examples/screens.storyboard", "interface-builder", "real-ib"])
    func everySceneOnceAcrossAnalyses(_ source: String) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let files: [URL]
        if source.hasSuffix(".storyboard") {
            files = [repository.appendingPathComponent(source)]
        } else {
            let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/\(source)")
            files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "storyboard" }
        }
        #expect(!files.isEmpty)
        let code = try Self.collectionViewCode()
        for url in files {
            let recent = RecentFiles()
            let bytes = Self.unique(try String(contentsOf: url, encoding: .utf8))
            let (first, linked) = Self.analyse(bytes, code: code, recent: recent)
            let (again, _) = Self.analyse(bytes, code: code, recent: recent)
            // A scene whose code adds nothing to it decodes as the file alone does: once.
            let changed = linked.filter { $0.value.result.document != first.documents[$0.key]?.document }
            var expected = Self.expected(again, linked: changed.keys)
            for scene in first.scenes {
                // A scene the file's view budget refuses is not mapped at all; one too deep to map is not decoded.
                let problems = first.documents[scene.id]?.problems.map(\.code) ?? []
                if problems.contains(.tooManyNodes) { expected[scene.id] = SceneWork() }
                if first.documents[scene.id]?.document == nil, problems.contains(.tooDeep) {
                    expected[scene.id] = SceneWork(mapped: 1)
                }
            }
            #expect(Self.work(again) == expected, "\(url.lastPathComponent)")
        }
    }
}
