import JSON
import JSONRPC
import SkeletonServer
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One simulated daemon run: a fresh `Server` (from `SkeletonLanguageServer.make`, as `skeletond` builds it)
/// on a fresh `Connection` whose output goes to /dev/null, fed one fuzz input exactly as
/// `Connection.readLoop` feeds stdin: framing, jansson, the JSON-RPC envelope, then dispatch.
///
/// The server's `onExit` would end the process; here it ends the session, and anything the input holds after
/// it is dropped, as it would be by a daemon that has exited.
enum FuzzSession {
    /// Opened once: every connection writes its protocol bytes and logs here.
    static let devNull: Int32 = open("/dev/null", O_WRONLY)

    /// Runs one input. `output` receives the protocol bytes the daemon would write (the replay tool passes
    /// stdout to show them).
    static func run(_ data: UnsafeRawBufferPointer, output: Int32 = devNull) {
        guard let input = FuzzInput(data) else { return }
        // Trace level: every log message is built (and written to /dev/null), so their code is covered too.
        let log = Logger(level: .trace, fd: devNull)
        let exited = Atomic<Bool>(false)
        let server = SkeletonLanguageServer(log: log) { _ in exited.store(true, ordering: .sequentiallyConsistent) }
            .server
        // The input descriptor is never read: the session feeds the stream itself, in the chosen read sizes.
        let connection = Connection(input: -1, output: output, mode: input.mode, limits: input.limits, log: log)

        var stream = IncomingStream(mode: input.mode, limits: input.limits)
        let deliver: (IncomingEvent) -> Void = { event in
            guard !exited.load(ordering: .sequentiallyConsistent) else { return }
            switch event {
            case .payload(let payload): server.handle(payload, from: connection)
            case .failure(let error): connection.sendError(id: nil, error)  // As Connection.readLoop answers.
            }
        }
        var offset = 0
        while offset < input.stream.count, !exited.load(ordering: .sequentiallyConsistent) {
            let end = min(offset + input.readSize, input.stream.count)
            stream.feed(UnsafeRawBufferPointer(rebasing: input.stream[offset..<end]), deliver)
            offset = end
        }
        stream.finish(deliver)
        // EOF: the server finishes its lanes, closes the outbox (joining the writer) and exits. After an `exit`
        // notification the server has already done all of that.
        if !exited.load(ordering: .sequentiallyConsistent) {
            server.inputDidEnd(connection)
        }
    }
}
