import Dispatch
import MCP

/// `skeleton mcp`'s Model Context Protocol server: the SDK's `Server` on a bounded stdio transport
/// (`LineTransport`), answering `tools/list` and `tools/call` with `SkeletonTools`.
enum ToolServer {
    static let instructions = """
        Tools for SkeletonView layouts (skeleton JSON documents, storyboards, XIBs), backed by skeletond: \
        list_scenes, lint (diagnostics with positions), render (a PNG of the skeleton), tree (SkeletonView's \
        skeleton tree) and explain (why a view draws a skeleton or not, with fixes). Files are named as given to the \
        server or relative to its --project folder; nothing outside them is read.
        """

    /// Serves until the client closes stdin, then stops the daemon. Blocks the calling thread.
    static func serve(_ tools: SkeletonTools) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await run(tools)
            done.signal()
        }
        done.wait()
        tools.host.finish()
    }

    private static func run(_ tools: SkeletonTools) async {
        let server = Server(
            name: "skeleton", version: Skeleton.configuration.version, title: "skeletond",
            instructions: instructions, capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: SkeletonTools.definitions) }
        await server.withMethodHandler(CallTool.self) { params in
            try await tools.call(params.name, params.arguments)
        }
        do {
            try await server.start(transport: LineTransport())
        } catch {
            StandardError.line("skeleton mcp: cannot serve on stdio: \(error)")
            return
        }
        await server.waitUntilCompleted()
    }
}
