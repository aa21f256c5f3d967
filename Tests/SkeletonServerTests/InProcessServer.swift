import Foundation
import JSON
import JSONRPC
import SkeletonServer
import SkeletondTestSupport
import Synchronization

/// A server running in this process on real pipes, driven by a `PipeClient` (sourcekit-lsp style).
final class InProcessServer: @unchecked Sendable {
    let server: Server
    let client: PipeClient
    let connection: Connection
    let exitStatus = ExitStatus()

    /// A server with the given table (or the full skeletond when nil).
    init(table: MethodTable? = nil, mode: FramingMode = .lsp) {
        var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
        _ = pipe(&toServer)
        _ = pipe(&fromServer)
        let log = Logger(level: .error)
        let status = exitStatus
        let onExit: @Sendable (Int32) -> Void = { code in status.set(code) }
        if let table {
            server = Server(table: table, log: log, initializer: { _ in [:] }, onExit: onExit)
        } else {
            server = SkeletonLanguageServer.make(log: log, onExit: onExit)
        }
        connection = Connection(input: toServer[0], output: fromServer[1], mode: mode, log: log)
        connection.start(server)
        client = PipeClient(writeFD: toServer[1], readFD: fromServer[0], mode: mode)
    }

    func initialize() throws {
        _ = try client.request("initialize", ["capabilities": [:]])
    }
}

/// The status the server asked to exit with.
final class ExitStatus: Sendable {
    private let value = Mutex<Int32?>(nil)
    func set(_ status: Int32) { value.withLock { $0 = status } }
    var status: Int32? { value.withLock { $0 } }

    /// The status once the server asked to exit (nil after `timeout` seconds).
    func wait(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while status == nil, deadline.timeIntervalSinceNow > 0 { usleep(2_000) }
        return status
    }
}
