package import Foundation
package import JSONRPC

/// A `skeletond` process started with pipes for stdin, stdout and stderr, and a client on those pipes.
// Safety: every stored property is a `let`; `Process` and `Pipe` (not Sendable) are only read after `init` (their
// own state is Foundation's, locked), and `client` is used by one thread at a time (its own Safety note).
package final class DaemonProcess: @unchecked Sendable {
    package let process = Process()
    package let client: PipeClient
    private let stderrPipe = Pipe()
    private let stderrTail: StandardErrorTail

    /// Starts `executable` (a `skeletond` binary) with `arguments` (plus `--jsonl` in that mode).
    package init(
        executable: URL, arguments: [String] = [], mode: FramingMode = .lsp, environment: [String: String] = [:]
    ) throws {
        let stdinPipe = Pipe()
        let stdoutPipe = Pipe()
        process.executableURL = executable
        process.arguments = (mode == .jsonl ? ["--jsonl"] : []) + arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = stdinPipe
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        stderrTail = StandardErrorTail(reading: stderrPipe.fileHandleForReading.fileDescriptor)
        client = PipeClient(
            writeFD: stdinPipe.fileHandleForWriting.fileDescriptor,
            readFD: stdoutPipe.fileHandleForReading.fileDescriptor, mode: mode)
    }

    /// Waits for the process to exit and returns its status; kills it after `timeout` seconds.
    package func waitForExit(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, deadline.timeIntervalSinceNow > 0 { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }

    /// What the daemon wrote to stderr (its last MiB), read as it was written so the daemon never blocks on a full
    /// pipe. Waits up to `timeout` seconds for the daemon's end of the pipe to close (call after it exited).
    package func standardError(waitingUpTo timeout: Double = 5) -> String {
        stderrTail.text(waitingUpTo: timeout)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
