import Foundation
import JSON
import JSONRPC
import SkeletonServer
import SkeletondTestSupport
import Synchronization

/// A server running in this process on real pipes, driven by a `PipeClient` (sourcekit-lsp style).
final class InProcessServer: @unchecked Sendable {
    /// /dev/null, for the logs of in-process servers.
    static let quiet: Int32 = open("/dev/null", O_WRONLY)

    let server: Server
    /// The whole skeletond, when the server is not a custom table.
    let daemon: SkeletonLanguageServer?
    let client: PipeClient
    let connection: Connection
    let exitStatus = ExitStatus()

    /// A server with the given table (or the full skeletond when nil).
    init(table: MethodTable? = nil, mode: FramingMode = .lsp) {
        var toServer: [Int32] = [0, 0]
        var fromServer: [Int32] = [0, 0]
        _ = pipe(&toServer)
        _ = pipe(&fromServer)
        // Errors the tests provoke on purpose are logged, but not into the test output.
        let log = Logger(level: .error, fd: InProcessServer.quiet)
        let status = exitStatus
        let onExit: @Sendable (Int32) -> Void = { code in status.set(code) }
        if let table {
            daemon = nil
            server = Server(table: table, log: log, initializer: { _ in [:] }, onExit: onExit)
        } else {
            let daemon = SkeletonLanguageServer(log: log, onExit: onExit)
            self.daemon = daemon
            server = daemon.server
        }
        connection = Connection(input: toServer[0], output: fromServer[1], mode: mode, log: log)
        connection.start(server)
        client = PipeClient(writeFD: toServer[1], readFD: fromServer[0], mode: mode)
    }

    @discardableResult
    func initialize(_ params: JSON = ["capabilities": [:]]) throws -> JSON {
        try client.request("initialize", params)
    }

    /// Waits until `condition` holds (notifications are handled asynchronously on lanes).
    func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if deadline.timeIntervalSinceNow < 0 { return false }
            usleep(1_000)
        }
        return true
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
