import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written under a temporary name and moved to its output only when complete, so an interrupted run
/// (Ctrl-C, `kill`, a failure) never leaves a truncated picture under the name the user asked for.
///
/// For a file output the temporary name is beside the file and is renamed onto it; for a stream output (a device
/// or FIFO, which is never renamed over) it is in the temporary directory and its bytes are copied into the
/// stream at the end.
///
/// While one is pending, SIGINT, SIGTERM and SIGHUP remove the temporary file before the process dies of the
/// signal (the default action is restored and the signal raised again, so the exit status still says so).
///
/// - Important: one pending file at a time per process (the CLI writes its outputs one after another).
final class PartialFile {
    /// Where the bytes go while they are being written.
    let temporaryPath: String
    /// Where they end up.
    let output: OutputFile
    private var settled = false

    /// Reserves `.<name>.partial-<pid>` (beside a file output, in the temporary directory for a stream) and arms
    /// the signal handlers.
    init(_ output: OutputFile) {
        let directory: URL
        let name: String
        switch output.target {
        case .file(let file):
            let url = URL(fileURLWithPath: file)
            directory = url.deletingLastPathComponent()
            name = url.lastPathComponent
        case .stream(let stream):
            directory = FileManager.default.temporaryDirectory
            name = "skeleton-" + URL(fileURLWithPath: stream).lastPathComponent
        }
        self.output = output
        self.temporaryPath = directory.appendingPathComponent(".\(name).partial-\(getpid())").path
        Self.arm(temporaryPath)
    }

    /// Renames the temporary file onto a file output (atomic on one file system), or copies it into a stream.
    func commit() throws(CLIError) {
        Self.disarm()
        settled = true
        defer { unlink(temporaryPath) }
        switch output.target {
        case .file(let file):
            guard rename(temporaryPath, file) == 0 else { throw OutputFile.failure(output.path) }
        case .stream(let stream):
            try copy(into: stream)
        }
    }

    /// Copies the temporary file's bytes into `stream`.
    private func copy(into stream: String) throws(CLIError) {
        let source = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw OutputFile.failure(output.path) }
        defer { close(source) }
        let fd = try OutputFile.openStream(stream, named: output.path)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var failure: CLIError?
        while failure == nil {
            let n = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n == 0 { break }
            if n < 0 || !writeAll(fd, Array(chunk[0..<n])) { failure = OutputFile.failure(output.path) }
        }
        if close(fd) != 0, failure == nil { failure = OutputFile.failure(output.path) }
        if let failure { throw failure }
    }

    /// Removes the temporary file (a failure on the way).
    func discard() {
        Self.disarm()
        settled = true
        unlink(temporaryPath)
    }

    deinit {
        if !settled { discard() }
    }

    // MARK: Signals

    /// The temporary path as a C string the signal handler can read without allocating.
    nonisolated(unsafe) private static var pendingPath: UnsafeMutablePointer<CChar>?

    private static func arm(_ path: String) {
        disarm()
        pendingPath = strdup(path)
        InterruptSignals.handle { received in
            if let path = PartialFile.pendingPath { unlink(path) }
            InterruptSignals.resetAndRaise(received)
        }
    }

    private static func disarm() {
        InterruptSignals.reset()
        free(pendingPath)
        pendingPath = nil
    }
}
