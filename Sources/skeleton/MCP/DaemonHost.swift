import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one `skeletond` that `skeleton mcp`'s tools talk to, started at the first call (with `--project`'s folder as
/// its workspace) and used by one call at a time, on a serial queue of its own, so a call that waits for the daemon
/// never holds a thread of Swift's concurrency pool.
///
/// A daemon that died (killed, crashed) or stopped answering makes that call a tool error naming what happened, and
/// the next call starts a new one; one found dead between calls is replaced before the call runs.
// Safety: `session` and `stamps` are only touched on `queue` (serial), `pending` only with `lock` held.
final class DaemonHost: @unchecked Sendable {
    /// Calls waiting or running at once; more are refused at once (a client flooding the server gets errors, and the
    /// server's memory stays bounded).
    static let maxPendingCalls = 32

    private let queue = DispatchQueue(label: "skeleton.mcp.daemon")
    private let scope: FileScope
    /// Only touched on `queue`.
    private var session: DaemonSession?
    /// The workspace's Swift files as the daemon last read them (with `--project`); only touched on `queue`.
    private var stamps: WorkspaceStamps?
    private let lock = NSLock()
    private var pending = 0

    init(scope: FileScope) {
        self.scope = scope
    }

    /// Runs `work` with a live daemon, on the daemon's queue, and returns its result.
    func perform<T: Sendable>(_ work: @escaping @Sendable (DaemonSession) throws(ToolError) -> T)
        async throws(ToolError)
        -> T
    {
        guard reserve() else {
            throw ToolError("the server is busy: \(Self.maxPendingCalls) calls are already waiting; try again")
        }
        let result: Result<T, ToolError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.run(work))
                self.release()
            }
        }
        return try result.get()
    }

    /// Ends the daemon politely (end of the server).
    func finish() {
        queue.sync {
            session?.finish()
            session = nil
        }
    }

    // MARK: On the queue

    private func run<T>(_ work: (DaemonSession) throws(ToolError) -> T) -> Result<T, ToolError> {
        let live: DaemonSession
        do throws(CLIError) {
            live = try liveSession()
        } catch {
            return .failure(ToolError(error))
        }
        defer {
            // Notifications no call asked for (state changes, other documents' diagnostics) must not pile up.
            live.daemon.client.notifications.removeAll()
        }
        do throws(ToolError) {
            if var current = stamps {
                try live.refresh(&current)
                stamps = current
            }
            return .success(try work(live))
        } catch {
            if error.daemonFailed || !live.daemon.process.isRunning || live.daemon.client.reachedEnd {
                // The daemon died or hung during the call: the call's error says how, the next call starts another.
                Self.stop(live)
                session = nil
            }
            return .failure(error)
        }
    }

    /// The running session, or a new one when there is none or the last one's daemon is gone.
    private func liveSession() throws(CLIError) -> DaemonSession {
        if let session, session.daemon.process.isRunning, !session.daemon.client.reachedEnd { return session }
        if let dead = session {
            StandardError.line(
                "skeleton mcp: skeletond (pid \(dead.daemon.process.processIdentifier)) is gone; "
                    + "starting another")
            Self.stop(dead)
            session = nil
        }
        let started = try DaemonSession.start(project: scope.project?.resolved)
        session = started
        if scope.project != nil {
            do throws(ToolError) {
                stamps = try started.workspaceStamps()
            } catch {
                throw CLIError.daemon(error.message)
            }
        }
        return started
    }

    /// Kills a daemon that is dead or does not answer (SIGKILL: a stopped process ignores SIGTERM until continued)
    /// and reaps it.
    private static func stop(_ session: DaemonSession) {
        if session.daemon.process.isRunning { kill(session.daemon.process.processIdentifier, SIGKILL) }
        _ = session.daemon.waitForExit(timeout: 2)
    }

    private func reserve() -> Bool {
        lock.withLock {
            guard pending < Self.maxPendingCalls else { return false }
            pending += 1
            return true
        }
    }

    private func release() {
        lock.withLock { pending -= 1 }
    }
}
