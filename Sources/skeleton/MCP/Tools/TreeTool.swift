import JSON
import MCP
import SkeletonProtocol

extension SkeletonTools {
    static let treeTool = Tool(
        name: "tree", title: "Skeleton tree",
        description: """
            SkeletonView's skeletonTreeDescription of a layout's scene (or of `node`'s subtree), as `skeleton tree` \
            prints it: each view's type, its reference (use it as `node` in the other tools) and whether it is \
            skeletonable; with `state: true`, also isSkeletonActive, isHidden, isUserInteractionEnabled. \
            Structured: {file, tree: {type, reference, isSkeletonable, children?}}.
            """,
        inputSchema: schema(
            [
                "file": fileProperty, "scene": sceneProperty, "node": nodeProperty,
                "state": ["type": "boolean", "description": "Also report each view's state."],
            ], required: ["file"]),
        annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false))

    func tree(_ arguments: [String: Value]?) async throws(ToolError) -> CallTool.Result {
        let args = try ToolArguments(tool: Self.treeTool.name, arguments, known: ["file", "scene", "node", "state"])
        var document = try ToolDocument(try args.file(), in: scope)
        document.source.scene = try args.optionalString("scene")
        let params = TreeDescriptionRequest.Params(
            target: document.source.target, node: try args.optionalString("node"),
            options: TreeOptions(includeState: try args.bool("state") == true))
        let result = try await host.perform { [params, document] daemon throws(ToolError) in
            try daemon.withValid(document) { _ throws(ToolError) in
                try daemon.request(TreeDescriptionRequest.self, params)
            }
        }
        guard let text = result["text"]?.stringValue else {
            throw ToolError("\(TreeDescriptionRequest.method) answered without text")
        }
        return Self.success(text, ["file": .string(document.shown), "tree": result["tree"] ?? .null])
    }
}
