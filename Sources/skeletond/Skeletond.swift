import ArgumentParser
import JSON
import JSONRPC
import SkeletonServer
import SkeletonText

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon: JSON-RPC 2.0 over stdio (LSP framing, or one message per line with `--jsonl`).
@main
struct Skeletond: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skeletond",
        abstract: "SkeletonView's skeletons as a language-server-style daemon over stdio.",
        discussion: """
            Speaks JSON-RPC 2.0 on stdin/stdout with LSP framing (Content-Length headers), or one JSON message \
            per line with --jsonl. Logs go to stderr. The protocol is specified in Protocol/.
            """,
        version: SkeletondVersion.current
    )

    @Flag(help: "One JSON message per line instead of Content-Length framing.")
    var jsonl = false

    @Option(help: "The largest message accepted, in bytes.")
    var maxMessageSize: Int = 64 << 20

    @Option(
        help: """
            Bytes of answers that may wait for a client that does not read before the daemon stops taking new \
            work (it reads on once half of them are written).
            """)
    var outputBudget: Int = Outbox.defaultBudget

    @Option(
        help: """
            Bytes of frames that all preview subscriptions together may hold: a subscription that would pass it is \
            refused, one whose canvas grows past it ends (preview/ended).
            """)
    var previewBudget: Int = PreviewLimits.frameBudget

    @Option(help: "error, warning, info, debug or trace (stderr).")
    var logLevel: String = "warning"

    func validate() throws {
        guard LogLevel(name: logLevel) != nil else {
            throw ValidationError(
                "--log-level must be one of \(LogLevel.allCases.map(\.description).joined(separator: ", "))")
        }
        guard maxMessageSize > 0 else { throw ValidationError("--max-message-size must be positive") }
        guard outputBudget > 0 else { throw ValidationError("--output-budget must be positive") }
        guard previewBudget > 0 else { throw ValidationError("--preview-budget must be positive") }
    }

    func run() throws {
        FrameAllocator.configure()
        FileDescriptor.ignoreBrokenPipe()
        let protocolOutput = FileDescriptor.isolateStandardOutput()
        // Big answers (an outline, a keyframe) and big documents cross the pipes in few wake-ups.
        FileDescriptor.enlargePipe(protocolOutput)
        FileDescriptor.enlargePipe(0)
        let log = Logger(level: LogLevel(name: logLevel) ?? .warning)
        // The fonts are opened now, so a missing one is said once, at startup, before any text is drawn.
        for problem in TextEngine.shared.fontProblems { log.warning(problem) }
        let connection = Connection(
            input: 0, output: protocolOutput, mode: jsonl ? .jsonl : .lsp,
            limits: JSONLimits(maxBytes: maxMessageSize, maxDepth: JSONLimits.messages.maxDepth),
            watermarks: Outbox.Watermarks(budget: outputBudget), log: log)
        let daemon = SkeletonLanguageServer(log: log, previewBudget: previewBudget) { status in Glibc.exit(status) }
        connection.readLoop(daemon.server)
    }
}
