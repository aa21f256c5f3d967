import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notices files that change on disk by polling their status every `interval` seconds: device, inode, size and
/// modification time, so an editor that writes in place and one that renames a new file over the old one are both
/// seen. Costs one `stat` per file per poll; the files are the ones `skeleton serve` was given (or its project's,
/// within the daemon's `ProjectLimits`), never more.
struct FileFollower {
    /// What `stat` says of a file; nil for a file that is not there.
    struct Signature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// Seconds between polls.
    static let interval = 0.25
    let paths: [String]
    private var signatures: [Signature?]
    private var lastPoll = Date.distantPast

    init(paths: [String]) {
        self.paths = paths
        signatures = paths.map(Self.signature)
        lastPoll = Date()
    }

    /// The indices of the files whose status changed since the last poll (none when the last poll is less than
    /// `interval` ago).
    mutating func changes(now: Date = Date()) -> [Int] {
        guard now.timeIntervalSince(lastPoll) >= Self.interval else { return [] }
        lastPoll = now
        var changed: [Int] = []
        for (index, path) in paths.enumerated() {
            let signature = Self.signature(path)
            if signature != signatures[index] {
                signatures[index] = signature
                changed.append(index)
            }
        }
        return changed
    }

    /// The status of `path` (its target, for a symbolic link), or nil when there is none.
    static func signature(_ path: String) -> Signature? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        return Signature(
            device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
            size: Int64(truncatingIfNeeded: status.st_size), seconds: Int(truncatingIfNeeded: modified.tv_sec),
            nanoseconds: Int(truncatingIfNeeded: modified.tv_nsec))
    }
}
