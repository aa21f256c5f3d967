import JSON
import MCP

extension SkeletonTools {
    static let lintTool = Tool(
        name: "lint", title: "Lint a layout",
        description: """
            Check a skeleton layout (JSON document, storyboard or XIB) and list its diagnostics, as `skeleton lint` \
            prints them: FILE:LINE:COL: severity: message [code], LINE and COL 1-based (COL counts UTF-8 bytes). \
            Structured: {file, diagnostics: [{line, column, severity, message, code?}], errors, warnings}. A clean \
            layout has no diagnostics. The result is not an error when the layout has errors: they are its answer.
            """,
        inputSchema: schema(["file": fileProperty], required: ["file"]),
        annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false))

    func lint(_ arguments: [String: Value]?) async throws(ToolError) -> CallTool.Result {
        let args = try ToolArguments(tool: Self.lintTool.name, arguments, known: ["file"])
        let document = try ToolDocument(try args.file(), in: scope)
        let diagnostics = try await host.perform { daemon throws(ToolError) in
            try daemon.withOpen(document) { $0 }
        }
        let lines = diagnostics.map { $0.formatted(path: document.shown) }
        let errors = diagnostics.filter(\.isError).count
        let warnings = diagnostics.filter { $0.severity == "warning" }.count
        let text = lines.isEmpty ? "\(document.shown): no problems" : lines.joined(separator: "\n")
        return Self.success(
            text,
            [
                "file": .string(document.shown), "diagnostics": .array(diagnostics.map(\.listed)),
                "errors": .int(errors),
                "warnings": .int(warnings),
            ])
    }
}
