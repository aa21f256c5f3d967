import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written under a temporary name beside its destination and renamed onto it only when complete, so an
/// interrupted run (Ctrl-C, `kill`, a failure) never leaves a truncated picture under the name the user asked for.
///
/// While one is pending, SIGINT, SIGTERM and SIGHUP remove the temporary file before the process dies of the
/// signal (the default action is restored and the signal raised again, so the exit status still says so).
///
/// - Important: one pending file at a time per process (the CLI writes its outputs one after another).
final class PartialFile {
    /// Where the bytes go while they are being written.
    let temporaryPath: String
    /// Where they end up.
    let destination: String
    private var settled = false

    /// Reserves `.<name>.partial-<pid>` in the destination's directory and arms the signal handlers.
    init(destination: String) {
        let url = URL(fileURLWithPath: destination)
        let name = ".\(url.lastPathComponent).partial-\(getpid())"
        self.destination = destination
        self.temporaryPath = url.deletingLastPathComponent().appendingPathComponent(name).path
        Self.arm(temporaryPath)
    }

    /// Renames the temporary file onto the destination (atomic on one file system).
    func commit() throws(CLIError) {
        Self.disarm()
        settled = true
        guard rename(temporaryPath, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .io("cannot write \(destination): \(reason)")
        }
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
