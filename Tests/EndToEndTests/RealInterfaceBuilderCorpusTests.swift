import Foundation
import InterfaceBuilder
import JSON
import SkeletonModel
import SkeletondTestSupport
import Testing

/// Real storyboards and XIBs from public iOS apps (`../shared/fixtures/real-ib/`, licences beside them) and
/// SkeletonView's own (`../shared/fixtures/interface-builder/`), through the real binary: every scene opens, and
/// with `assumeSkeletonable` every scene that holds content draws a skeleton. The counts are printed, and pinned:
/// 47 files, 71 scenes, all 71 opened, 60 hold content and draw with `assumeSkeletonable` (2 without), 50 draw
/// text (their labels' texts, buttons' titles, placeholders) before a show. RxSwift's
/// macOS storyboard (`targetRuntime="MacOSX.Cocoa"`) is one `unsupported-platform` error and no scene since it is no
/// longer read as iOS: its one scene (which held content) left the counts, from 72 scenes and 61 with content.
@Suite struct RealInterfaceBuilderCorpusTests {
    /// The corpus folders, beside the clone (`../shared`).
    static let folders = ["real-ib", "interface-builder"].map {
        TestEnvironment.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/\($0)")
    }

    /// Every `.storyboard` and `.xib` in the corpus folders, by name.
    static func files() -> [URL] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { ["storyboard", "xib"].contains($0.pathExtension) }
        }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Whether a node or any node under it holds content (`Node.holdsContent`), as decoded here.
    static func leadsToContent(_ node: Node) -> Bool {
        node.holdsContent || node.children.contains(where: leadsToContent)
    }

    /// What one show did on every scene of the corpus.
    struct Counts: CustomStringConvertible {
        var files = 0
        var scenes = 0
        var opened = 0
        var withContent = 0
        var drawn = 0
        /// Scenes whose preview draws text (labels' texts, buttons' titles, placeholders) before a show.
        var withText = 0
        var contentNotDrawn: [String] = []
        var description: String {
            "\(files) files, \(scenes) scenes, \(opened) opened, \(withContent) hold content, \(withText) draw text, "
                + "\(drawn) draw a skeleton"
        }
    }

    /// Opens every file, and on every scene shows a skeleton (with `extra` show members) and counts what it drew.
    static func survey(_ extra: JSONObject) throws -> Counts {
        var counts = Counts()
        let s = try DaemonSession()
        defer { s.close() }
        for url in files() {
            counts.files += 1
            let decoded = InterfaceBuilderDocument.decode(bytes: Array(try Data(contentsOf: url)))
            let uri = "file:///corpus/\(url.lastPathComponent)"
            s.client.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": .string(uri), "languageId": .string(url.pathExtension), "version": 1,
                        "text": .string(try String(contentsOf: url, encoding: .utf8)),
                    ]
                ])
            let scenes = (try? s.call("skeleton/scenes", ["uri": .string(uri)]).arrayValue) ?? []
            for scene in scenes {
                counts.scenes += 1
                let id = scene["id"] ?? .null
                guard (try? s.call("skeleton/treeDescription", ["uri": .string(uri), "scene": id])) != nil else {
                    continue
                }
                counts.opened += 1
                let hasContent =
                    decoded.result(scene: id.stringValue)?.document.map { leadsToContent($0.root) } ?? false
                if hasContent { counts.withContent += 1 }
                let before = try s.call("skeleton/layers", ["uri": .string(uri), "scene": id, "includeContent": true])
                if before["layers"]?.arrayValue?.contains(where: { $0["kind"] == "text" }) == true {
                    counts.withText += 1
                }
                var show: JSONObject = ["uri": .string(uri), "scene": id, "transition": "none"]
                for (k, v) in extra { show[k] = v }
                _ = try s.call("skeleton/show", .object(show))
                let layers = try s.call("skeleton/layers", ["uri": .string(uri), "scene": id])["layers"]?.arrayValue
                if let layers, !layers.isEmpty {
                    counts.drawn += 1
                } else if hasContent {
                    counts.contentNotDrawn.append("\(url.lastPathComponent)#\(id.stringValue ?? "")")
                }
            }
            s.client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        }
        return counts
    }

    @Test func everySceneOpensAndEverySceneWithContentDrawsWhenSkeletonableIsAssumed() throws {
        let plain = try Self.survey([:])
        print("corpus, plain skeleton/show: \(plain)")
        let assuming = try Self.survey(["assumeSkeletonable": true])
        print("corpus, skeleton/show with assumeSkeletonable: \(assuming)")
        #expect(assuming.files >= 40)
        #expect(assuming.opened == assuming.scenes)
        #expect(assuming.contentNotDrawn == [])
        #expect(assuming.drawn >= assuming.withContent)
        #expect(assuming.drawn > plain.drawn)
        #expect((assuming.files, assuming.scenes, assuming.opened, assuming.withContent) == (47, 71, 71, 60))
        #expect(assuming.drawn == 60)
        // Their texts, titles and placeholders are read: 50 scenes draw text under the skeleton.
        #expect(assuming.withText == 50)
    }

    /// The corpus's macOS storyboard: one error at its `<document>` element, no scenes (-32803, as any file without
    /// a valid tree).
    @Test func theMacOSStoryboardIsOneUnsupportedPlatformErrorAndNoScenes() throws {
        let url = try #require(Self.files().first { $0.lastPathComponent.contains("macOS_Main") })
        let s = try DaemonSession()
        defer { s.close() }
        let uri = "file:///corpus/\(url.lastPathComponent)"
        s.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "storyboard", "version": 1,
                    "text": .string(try String(contentsOf: url, encoding: .utf8)),
                ]
            ])
        let diagnostics = try s.notification("textDocument/publishDiagnostics")["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?["code"]?.stringValue == "unsupported-platform")
        #expect(diagnostics.first?["severity"]?.intValue == 1)
        #expect(diagnostics.first?["range"]?["start"]?["line"]?.intValue == 1)
        #expect(try s.error("skeleton/scenes", ["uri": .string(uri)])["code"]?.intValue == -32803)
    }
}
