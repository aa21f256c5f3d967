import ArgumentParser
import Foundation
import JSON
import SkeletonProtocol

/// `skeleton scenes`: the scenes of a storyboard or XIB (one, with id "", for a JSON document), or every screen of
/// an app (`--project DIR` without a FILE).
struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the scenes of a storyboard or XIB, or every screen of an app (--project).",
        discussion: """
            Prints one line per scene, in file order: the id, the canvas size in points, the title, the class the \
            scene is in code ("class NAME"), the show that code makes where it is read ("shows gradient, \
            animated"), and "(initial)" for the scene commands use without --scene. With --project DIR and no \
            FILE: every skeleton layout (*.skeleton.json), every scene of every storyboard and every screen a XIB \
            defines under DIR, each line starting with the file's path. With --json: [{"file"?, "id", "title", "initial", "frame": [x, y, width, \
            height], "class"?, "show"?}] on one line.

            Protocol: initialize (workspaceFolders with --project), textDocument/didOpen, skeleton/isActive, \
            skeleton/workspace, skeleton/scenes, shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument

    @Flag(help: "Print the scenes as JSON.")
    var json = false

    func run() throws {
        if document.file == nil, let project = try document.app.folder() {
            return try listProject(project)
        }
        let source = try document.load()
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)
        for line in lines(try daemon.scenes(of: source), file: nil) { try StandardOutput.line(line) }
    }

    /// Every screen of the app under `project`: the scenes of each skeleton layout, storyboard and XIB the daemon's
    /// workspace holds (`ProjectDocuments`), in path order; a file that is not valid says so on stderr and the others are listed.
    private func listProject(_ project: String) throws {
        let daemon = try DaemonSession.start(project: project)
        defer { daemon.finish() }
        let files = ProjectDocuments.paths(in: try daemon.call(WorkspaceRequest.self))
        var listed: [String] = []
        var all: [JSON] = []
        var failures = 0
        for path in files {
            let shown = Self.relative(path, to: project)
            do {
                let source = try SourceDocument.load(path)
                try daemon.openValid(source)
                let scenes = try daemon.scenes(of: source)
                if json {
                    all += scenes.map { Self.listed($0, file: shown) }
                } else {
                    listed += lines(scenes, file: shown)
                }
            } catch {
                failures += 1
                StandardError.line("skeleton: \(error)")
            }
        }
        if json { listed = [JSON.array(all).text] }
        for line in listed { try StandardOutput.line(line) }
        if failures > 0, failures == files.count {
            throw CLIError(
                "no skeleton layout, storyboard or XIB under \(project) could be read", status: .invalidDocument)
        }
    }

    /// The scenes as lines (or one line of JSON), each after `file` when given.
    private func lines(_ scenes: [SceneSummary], file: String?) -> [String] {
        if json { return [JSON.array(scenes.map { Self.listed($0, file: file) }).text] }
        return scenes.map { scene in
            let size = scene.frame.dropFirst(2).map { Layers.number(.double($0)) }.joined(separator: "×")
            var line = (file.map { $0 + "  " } ?? "") + "\(scene.id)  \(size)"
            line += "  \(scene.title)"
            if let className = scene.className { line += "  class \(className)" }
            if let show = scene.show {
                line += "  shows \(show.type)" + (show.animated ? ", animated" : "")
                if let delay = show.delay { line += " after \(Layers.number(.double(delay))) s" }
            }
            return line + (scene.initial ? "  (initial)" : "")
        }
    }

    /// A scene as `--json` lists it.
    private static func listed(_ scene: SceneSummary, file: String?) -> JSON {
        var item: JSONObject = [
            "id": .string(scene.id), "title": .string(scene.title), "initial": .bool(scene.initial),
            "frame": .array(scene.frame.map(JSON.double)),
        ]
        if let file { item["file"] = .string(file) }
        if let className = scene.className { item["class"] = .string(className) }
        if let show = scene.show { item["show"] = .encoded(show.encoded) }
        return .object(item)
    }

    /// `path` below `folder`, else as it is.
    private static func relative(_ path: String, to folder: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
