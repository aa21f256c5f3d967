import Foundation
import JSON
import MCP
import SkeletonProtocol

extension SkeletonTools {
    static let listScenesTool = Tool(
        name: "list_scenes", title: "List scenes",
        description: """
            List the scenes of a storyboard or XIB (a JSON document has one, with id ""), or, without `file`, every \
            scene of every layout the server may read (each storyboard and XIB under --project, and the files named \
            on its command line). Each scene: {file, id, title, initial, frame: [x, y, width, height], class?, \
            show?}: `class` is the class the scene is in the app's code, `show` the show that code makes, `initial` \
            marks the scene tools use without `scene`. Layouts that cannot be listed are in `problems`.
            """,
        inputSchema: schema(["file": fileProperty]),
        annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false))

    /// At most this many layouts are listed by one call without `file` (the workspace holds at most 2,000 files).
    static let maxListedLayouts = 2000

    func listScenes(_ arguments: [String: Value]?) async throws(ToolError) -> CallTool.Result {
        let args = try ToolArguments(tool: Self.listScenesTool.name, arguments, known: ["file"])
        if let file = try args.optionalString("file", maxBytes: FileScope.maxPathBytes) {
            let document = try ToolDocument(file, in: scope)
            let scenes = try await host.perform { daemon throws(ToolError) in
                try daemon.withValid(document) { _ throws(ToolError) in try daemon.sceneList(document) }
            }
            return Self.sceneResult(scenes, problems: [])
        }
        let scope = self.scope
        let (scenes, problems) = try await host.perform { daemon throws(ToolError) in
            var files = scope.files.keys.sorted()
            if scope.project != nil {
                let workspace = try daemon.request(WorkspaceRequest.self, NoParams())
                files += ProjectDocuments.paths(in: workspace).filter { scope.files[$0] == nil }
            }
            var scenes: [JSON] = []
            var problems: [JSON] = []
            for path in files.prefix(Self.maxListedLayouts) {
                do throws(ToolError) {
                    let document = try ToolDocument(path, in: scope)
                    scenes += try daemon.withValid(document) { _ throws(ToolError) in try daemon.sceneList(document) }
                } catch {
                    if error.daemonFailed { throw error }
                    problems.append(["file": .string(scope.shown(path)), "message": .string(error.message)])
                }
            }
            return (scenes, problems)
        }
        return Self.sceneResult(scenes, problems: problems)
    }

    private static func sceneResult(_ scenes: [JSON], problems: [JSON]) -> CallTool.Result {
        var lines = scenes.map { scene in
            let frame = (scene["frame"]?.arrayValue ?? []).dropFirst(2).map(Layers.number).joined(separator: "×")
            var line = "\(scene["file"]?.stringValue ?? "")  \(scene["id"]?.stringValue ?? "")  \(frame)"
            line += "  \(scene["title"]?.stringValue ?? "")"
            if let className = scene["class"]?.stringValue { line += "  class \(className)" }
            return line + (scene["initial"] == true ? "  (initial)" : "")
        }
        lines += problems.map { "\($0["file"]?.stringValue ?? ""): \($0["message"]?.stringValue ?? "")" }
        return success(
            lines.isEmpty ? "no layouts" : lines.joined(separator: "\n"),
            ["scenes": .array(scenes), "problems": .array(problems)])
    }
}

extension DaemonSession {
    /// The scenes of an open document, each with its `file`, as `list_scenes` lists them.
    func sceneList(_ document: ToolDocument) throws(ToolError) -> [JSON] {
        let identifier = TextDocumentIdentifier(uri: document.source.uri)
        let scenes = try request(ScenesRequest.self, .init(document: identifier)).arrayValue ?? []
        return scenes.map { scene in
            var item: JSONObject = [
                "file": .string(document.shown), "id": scene["id"] ?? .null, "title": scene["title"] ?? .null,
                "initial": scene["initial"] ?? false, "frame": scene["frame"] ?? .null,
            ]
            if let className = scene["class"] { item["class"] = className }
            if let show = scene["show"] { item["show"] = show }
            return .object(item)
        }
    }
}
