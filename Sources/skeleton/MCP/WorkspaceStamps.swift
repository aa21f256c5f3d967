import Foundation
import SkeletonProtocol

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The workspace's Swift files as the daemon last read them (modification time and size), so that each call first
/// tells the daemon which of them changed on disk or went away (`workspace/didChangeWatchedFiles`): an agent's edit to
/// the app's code is seen by its next call, as an editor's file watcher would report it.
struct WorkspaceStamps {
    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
    }

    /// uri → its stamp when last read (nil: it could not be read).
    private var stamps: [String: Stamp?] = [:]

    /// Stamps `uris` (`file://` uris of `skeleton/workspace`'s `swiftFiles`) as they are now.
    init(_ uris: [String]) {
        for uri in uris { stamps[uri] = Self.stamp(uri) }
    }

    /// The changes since the last call, as `workspace/didChangeWatchedFiles` lists them (`type` 2 changed, 3 deleted),
    /// taking them in.
    mutating func changes() -> [FileEvent] {
        var changes: [FileEvent] = []
        for (uri, old) in stamps.sorted(by: { $0.key < $1.key }) {
            let now = Self.stamp(uri)
            guard now != old else { continue }
            stamps[uri] = now
            changes.append(FileEvent(uri: uri, type: now == nil ? .deleted : .changed))
        }
        return changes
    }

    private static func stamp(_ uri: String) -> Stamp? {
        guard let path = URL(string: uri)?.path else { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int64(info.st_size))
    }
}

extension DaemonSession {
    /// The workspace's Swift files, stamped now (after `start(project:)` has read them).
    func workspaceStamps() throws(ToolError) -> WorkspaceStamps {
        let workspace = try request(WorkspaceRequest.self, NoParams())
        return WorkspaceStamps((workspace["swiftFiles"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// Tells the daemon what changed since `stamps` and waits until it has read it again (`skeleton/workspace` runs on
    /// the workspace's lane, after the changes).
    func refresh(_ stamps: inout WorkspaceStamps) throws(ToolError) {
        let changes = stamps.changes()
        guard !changes.isEmpty else { return }
        notify(DidChangeWatchedFiles.self, .init(changes: changes))
        try request(WorkspaceRequest.self, NoParams())
    }
}
