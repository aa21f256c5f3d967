import ArgumentParser

/// The `skeleton` command: pictures, animations, sheets and checks of skeleton documents, made by driving
/// `skeletond` over its protocol.
struct Skeleton: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skeleton",
        abstract: "Render, animate, lint and inspect SkeletonView skeletons with skeletond.",
        discussion: """
            Every command starts skeletond (next to this executable, or $SKELETOND, or on PATH) with the manual \
            clock, opens FILE over the protocol (LSP framing on pipes) and asks for what it needs: nothing is \
            computed outside the daemon, so each run also exercises the protocol.

            Exit status: 0 on success; 1 when the document has errors (its diagnostics are printed); 2 when a file \
            cannot be read or written or the daemon refuses a request (such as an unknown --node); 3 when skeletond \
            cannot be started, dies or stops answering; 4 when render or animate would draw no skeleton (the \
            reason is printed); 64 for a bad command line.

            Environment: SKELETOND (the daemon to run), SKELETON_TIMEOUT (seconds to wait for any answer, \
            default 30).
            """,
        version: "0.1.0",
        subcommands: [
            Render.self, Animate.self, Matrix.self, Preview.self, Tree.self, Lint.self, Layers.self, Scenes.self,
            Snapshot.self, Serve.self, MCPServer.self,
        ]
    )

    /// `skeleton` alone is a usage error (status 64), not a request for help: a script that forgot its command
    /// must not succeed.
    func run() throws {
        let names = Self.configuration.subcommands.map { $0._commandName }.joined(separator: ", ")
        throw ValidationError("a command is needed: one of \(names)")
    }
}
