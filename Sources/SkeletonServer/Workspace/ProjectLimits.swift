/// What reading an app's folder (`skeleton --project`, the daemon's workspace folders) may cost: every bound is
/// met before the work it bounds (`Protocol/cli.md`, `Protocol/base-protocol.md`).
package struct ProjectLimits: Sendable, Hashable {
    /// Files of the kinds an app is read from (Swift files, storyboards, XIBs, colour sets), at most.
    package var maxFiles: Int
    /// Their sizes together, in bytes, at most (a file that would pass it is left out, and so is every later one).
    package var maxBytes: Int
    /// One file's size, at most (a bigger one is left out; a Swift reader refuses more than 4 MiB anyway).
    package var maxFileBytes: Int
    /// Directory entries looked at, at most (a tree of folders without documents costs its entries, not a file).
    package var maxEntries: Int
    /// Folders below a root, at most.
    package var maxDepth: Int

    /// 2,000 files, 64 MiB, 8 MiB a file, 200,000 entries, 32 folders deep.
    package static let standard = ProjectLimits(
        maxFiles: 2_000, maxBytes: 64 << 20, maxFileBytes: 8 << 20, maxEntries: 200_000, maxDepth: 32)

    package init(maxFiles: Int, maxBytes: Int, maxFileBytes: Int, maxEntries: Int, maxDepth: Int) {
        self.maxFiles = maxFiles
        self.maxBytes = maxBytes
        self.maxFileBytes = maxFileBytes
        self.maxEntries = maxEntries
        self.maxDepth = maxDepth
    }
}
