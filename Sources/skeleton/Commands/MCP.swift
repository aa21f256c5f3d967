import ArgumentParser

/// `skeleton mcp`: a Model Context Protocol server on stdio, so that coding agents can list scenes, lint, render,
/// and inspect skeletons through tools.
struct MCPServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve tools for coding agents over the Model Context Protocol (stdio).",
        discussion: """
            Reads JSON-RPC messages, one a line, on stdin and answers on stdout (MCP's stdio transport); logs go to \
            stderr. Tools: list_scenes, lint, render (PNG image content), tree, explain. The tools read only the \
            FILEs given here and the layouts (.json, .storyboard, .xib) under --project DIR; a tool's `file` is a \
            path as given here or relative to DIR. One skeletond serves every call (started at the first, with DIR \
            as its workspace; started again if it dies); each call reads its files afresh. Ends at end of input.

            Protocol/mcp.md lists every tool, its arguments, results, errors and limits.
            """
    )

    @Argument(
        help: "Layouts the tools may read (skeleton JSON documents, storyboards, XIBs).",
        completion: .file(extensions: ["json", "storyboard", "xib"]))
    var files: [String] = []

    /// `--project DIR`: the tools may read every layout under it, and its Swift code applies to them; `--code`:
    /// Swift files opened with every layout, as for the other commands.
    @OptionGroup var app: ProjectOptions

    func validate() throws {
        guard !files.isEmpty || app.project != nil else {
            throw ValidationError("name the layouts the tools may read (FILE…), or --project DIR")
        }
        guard files.count <= FileScope.maxFiles else {
            throw ValidationError("at most \(FileScope.maxFiles) FILEs (use --project DIR for a whole app)")
        }
    }

    func run() throws {
        let scope = try FileScope(files: files, project: app.project, code: app.code)
        ToolServer.serve(SkeletonTools(scope: scope, host: DaemonHost(scope: scope)))
    }
}
