import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// A big workspace while and after it is indexed, through the real binary: requests about an open storyboard are
/// answered while the index is still being read (they never wait for it), and the index holds the syntax trees of
/// at most its budget of Swift source (the other files keep their text and are parsed again when the app is read),
/// so its memory does not grow by every file's tree.
@Suite(.serialized) struct WorkspaceIndexingEndToEndTests {
    typealias App = WorkspaceEndToEndTests.App
    typealias Example = SwiftCodeEndToEndTests

    /// The CollectionView app with `count` generated Swift files (`Generated/ModelN.swift`, each `units` model
    /// types with a service class: about 1.3 KB a unit) beside it; returns the bytes of Swift written.
    static func generate(_ app: App, count: Int, units: Int) throws -> Int {
        let folder = app.folder.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var bytes = 0
        for n in 0..<count {
            var text = "import Foundation\n\n"
            for u in 0..<units {
                text += """
                    struct Model\(n)x\(u): Codable, Hashable {
                        let id: Int
                        var title: String
                        var subtitle: String?
                        var tags: [String] = []
                        static let pageSize = \(u + 20)
                    }

                    final class Service\(n)x\(u) {
                        private var cache: [Int: Model\(n)x\(u)] = [:]
                        func load(_ id: Int, completion: @escaping (Result<Model\(n)x\(u), Error>) -> Void) {
                            if let hit = cache[id] { return completion(.success(hit)) }
                            let model = Model\(n)x\(u)(id: id, title: "Item \\(id)", subtitle: nil)
                            cache[id] = model
                            DispatchQueue.main.async { completion(.success(model)) }
                        }
                        func titles(matching prefix: String) -> [String] {
                            cache.values.map(\\.title).filter { $0.hasPrefix(prefix) }.sorted()
                        }
                    }


                    """
            }
            let data = Data(text.utf8)
            bytes += data.count
            try data.write(to: folder.appendingPathComponent("Model\(n).swift"))
        }
        return bytes
    }

    /// A daemon on `app` that has answered `initialize` and not yet been sent `initialized` (indexing starts then).
    static func uninitialised(_ app: App, workspace: JSONObject = [:]) throws -> DaemonProcess {
        let daemon = try DaemonProcess()
        var options: JSONObject = ["clock": "manual"]
        if !workspace.pairs.isEmpty { options["workspace"] = .object(workspace) }
        let answer = try daemon.client.request(
            "initialize",
            [
                "capabilities": ["window": ["workDoneProgress": true]], "initializationOptions": .object(options),
                "workspaceFolders": [["uri": .string(app.uri), "name": "app"]],
            ])
        guard answer["result"] != nil else { throw ClientError("initialize failed: \(answer.text)") }
        return daemon
    }

    static func finish(_ daemon: DaemonProcess) {
        daemon.client.closeInput()
        _ = daemon.waitForExit(timeout: 60)
    }

    /// The daemon's peak resident memory so far (`VmHWM`), in bytes.
    static func peak(_ daemon: DaemonProcess) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
        }
        throw ClientError("no VmHWM for the daemon")
    }

    /// A request's result; a `$/progress` `end` seen meanwhile is noted in `ended`.
    static func call(_ daemon: DaemonProcess, _ method: String, _ params: JSON, ended: inout Bool) throws -> JSON {
        let answer = try daemon.client.request(method, params, timeout: 120)
        ended =
            ended
            || daemon.client.notifications.contains {
                $0["method"] == "$/progress" && $0["params"]?["value"]?["kind"] == "end"
            }
        guard let result = answer["result"] else { throw ClientError("\(method) failed: \(answer.text)") }
        return result
    }

    /// Hover, scenes and a render of a storyboard opened right after `initialized` are answered while 400 Swift
    /// files are still being read (before indexing's progress ends): with the code read so far, as documented; once
    /// `skeleton/workspace` answers, the storyboard is linked with all of it.
    @Test func requestsDuringIndexingAreAnsweredAndCatchUp() throws {
        let app = try App()
        defer { app.remove() }
        _ = try Self.generate(app, count: 400, units: 1)
        let daemon = try Self.uninitialised(app)
        defer { Self.finish(daemon) }
        let text = try Example.fixture("interface-builder/CollectionView-Main.storyboard")
        daemon.client.notify("initialized", [:])
        daemon.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(app.storyboard), "languageId": "storyboard", "version": 1, "text": .string(text),
                ]
            ])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains(#"id="HKL-L0-T2w""#) })
        // Inside the id's value.
        let column = (lines[line].components(separatedBy: #"id="HKL-L0-T2w""#).first?.utf16.count ?? 0) + 6
        var ended = false
        let hover = try Self.call(
            daemon, "textDocument/hover",
            [
                "textDocument": ["uri": .string(app.storyboard)],
                "position": ["line": .int(line), "character": .int(column)],
            ], ended: &ended)
        #expect(!ended, "the hover waited for the index")
        #expect(hover["contents"]?["value"]?.stringValue?.contains("HKL-L0-T2w") == true, "\(hover)")
        let scenes = try Self.call(daemon, "skeleton/scenes", ["uri": .string(app.storyboard)], ended: &ended)
        #expect(scenes[0]?["id"] == "irH-dz-xqL", "\(scenes)")
        let render = try Self.call(
            daemon, "preview/render", ["uri": .string(app.storyboard), "encoding": "raw"], ended: &ended)
        #expect(render["width"]?.intValue ?? 0 > 0, "\(render)")
        #expect(!ended, "the requests waited for the index")

        let workspace = try Self.call(daemon, "skeleton/workspace", [:], ended: &ended)
        #expect(workspace["phase"] == "ready")
        #expect(workspace["swiftFiles"]?.arrayValue?.count == 402)
        let linked = try Self.call(daemon, "skeleton/scenes", ["uri": .string(app.storyboard)], ended: &ended)
        #expect(linked[0]?["class"] == "ViewController", "\(linked)")
        let shown = try Self.call(daemon, "skeleton/show", app.collection, ended: &ended)
        #expect(shown["outcome"] == "shown", "the workspace's code makes the collection skeletonable: \(shown)")
    }

    /// 300 generated Swift files (about 640 KB): the index holds the trees of its budget of source only (128 KiB
    /// here), the other files their text, and the app is still read whole: its storyboard links, parsing the files
    /// whose trees are not held again. Indexing's peak memory is bounded (measured: 49 MiB added in a debug build,
    /// mostly swift-syntax's arenas while files are parsed on every core, not what the index holds).
    @Test func indexingHoldsTheSyntaxTreesOfItsBudgetOnly() throws {
        let app = try App()
        defer { app.remove() }
        let swiftBytes = try Self.generate(app, count: 300, units: 3)
        let daemon = try Self.uninitialised(app, workspace: ["maxSyntaxTreeBytes": .int(128 << 10)])
        defer { Self.finish(daemon) }
        let before = try Self.peak(daemon)
        daemon.client.notify("initialized", [:])
        var ended = false
        let workspace = try Self.call(daemon, "skeleton/workspace", [:], ended: &ended)
        let added = try Self.peak(daemon) - before
        #expect(workspace["swiftFiles"]?.arrayValue?.count == 302, "\(workspace["leftOut"] ?? .null)")
        let trees = workspace["syntaxTrees"]
        #expect((trees?["bytes"]?.intValue ?? .max) <= 128 << 10, "\(trees ?? .null)")
        #expect((trees?["held"]?.intValue ?? .max) < 302, "\(trees ?? .null)")
        #expect(added < 96 << 20, "indexing added \(added) bytes for \(swiftBytes) bytes of Swift")

        daemon.client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(app.storyboard), "languageId": "storyboard", "version": 1,
                    "text": .string(try Example.fixture("interface-builder/CollectionView-Main.storyboard")),
                ]
            ])
        let shown = try Self.call(daemon, "skeleton/show", app.collection, ended: &ended)
        #expect(shown["outcome"] == "shown", "\(shown)")
        let after = try Self.call(daemon, "skeleton/workspace", [:], ended: &ended)
        #expect((after["syntaxTrees"]?["parsedAgain"]?.intValue ?? 0) > 0, "\(after)")
    }
}
