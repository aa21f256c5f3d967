import JSON
import MCP

/// `skeleton mcp`'s tools: each reads its arguments (types and bounds checked), names a layout within the server's
/// `FileScope`, and asks the one `skeletond` (`DaemonHost`) what the CLI's commands ask. Every failure is a tool
/// error (`isError: true`) with a message saying what to change; an unknown tool name is JSON-RPC's invalid params.
struct SkeletonTools: Sendable {
    let scope: FileScope
    let host: DaemonHost

    /// The tools, as `tools/list` gives them.
    static let definitions: [Tool] = [listScenesTool, lintTool, renderTool, treeTool, explainTool]

    /// Runs the tool `name`; only an unknown name throws (JSON-RPC -32602), every other failure is an error result.
    func call(_ name: String, _ arguments: [String: Value]?) async throws -> CallTool.Result {
        guard Self.definitions.contains(where: { $0.name == name }) else {
            let names = Self.definitions.map(\.name).joined(separator: ", ")
            throw MCPError.invalidParams("unknown tool \"\(name.prefix(64))\": the tools are \(names)")
        }
        do throws(ToolError) {
            switch name {
            case Self.listScenesTool.name: return try await listScenes(arguments)
            case Self.lintTool.name: return try await lint(arguments)
            case Self.renderTool.name: return try await render(arguments)
            case Self.treeTool.name: return try await tree(arguments)
            default: return try await explain(arguments)
            }
        } catch {
            return Self.failure(error.message)
        }
    }

    /// A tool error result.
    static func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
    }

    /// A result of `text`, with `structured` as its structured content.
    static func success(_ text: String, _ structured: JSON) -> CallTool.Result {
        result([.text(text: text, annotations: nil, _meta: nil)], structured)
    }

    /// A result of `content` and `structured` content (the SDK's non-generic initializer: it cannot throw).
    static func result(_ content: [Tool.Content], _ structured: JSON) -> CallTool.Result {
        let value: Value? = Value(structured)
        return CallTool.Result(content: content, structuredContent: value, isError: false)
    }

    // MARK: Input schemas

    /// A JSON Schema object of `properties`, `required` ones, and no other member.
    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var schema: [String: Value] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required.map(Value.string)) }
        return .object(schema)
    }

    static func stringProperty(_ description: String, maxBytes: Int = ToolArguments.maxStringBytes) -> Value {
        ["type": "string", "minLength": 1, "maxLength": .int(maxBytes), "description": .string(description)]
    }

    static let fileProperty = stringProperty(
        "A layout the server may read: a skeleton JSON document, a storyboard or a XIB, as given to `skeleton mcp` or "
            + "relative to its --project folder.", maxBytes: FileScope.maxPathBytes)
    static let sceneProperty = stringProperty(
        "A scene of a storyboard or XIB (an id from list_scenes); default: the initial scene.")
    static let nodeProperty = stringProperty(
        "A view: its id, or its index path such as 0.1 (see tree); default: the root.")
}
