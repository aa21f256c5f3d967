import SkeletonModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files parsed lately, by their bytes and what they were parsed with: the same bytes parsed again (a storyboard
/// analysed again because a Swift file it links changed, a XIB looked up again by nib name) give the same file,
/// whose scenes' decodings are kept (`SceneDecodings`), instead of reading the XML and mapping every scene again.
///
/// Bounded, the least recently used going first: at most `maxFiles` files of at most `maxFileBytes` each and
/// `maxBytes` together, whose kept documents hold at most `maxNodes` nodes together (past the newest file's), so
/// that what it keeps beyond the files in use is about one file at the limits. The daemon uses `shared`; a test can
/// use one of its own, that no other test's files evict from.
package final class RecentFiles: Sendable {
    /// The daemon's: 8 files of at most 2 MiB, 4 MiB together, holding at most `DocumentLimits.maxNodes` (100,000)
    /// nodes past the newest.
    package static let shared = RecentFiles()

    let maxFiles: Int
    let maxFileBytes: Int
    let maxBytes: Int
    let maxNodes: Int

    package init(
        maxFiles: Int = 8, maxFileBytes: Int = 2 << 20, maxBytes: Int = 4 << 20,
        maxNodes: Int = DocumentLimits.default.maxNodes
    ) {
        self.maxFiles = maxFiles
        self.maxFileBytes = maxFileBytes
        self.maxBytes = maxBytes
        self.maxNodes = maxNodes
    }

    private struct Entry: Sendable {
        let hash: Int
        let bytes: [UInt8]
        let limits: DocumentLimits
        let namedColors: [String: SkeletonColor]
        let file: InterfaceBuilderFile

        func holds(_ hash: Int, _ bytes: [UInt8], _ limits: DocumentLimits, _ colors: [String: SkeletonColor]) -> Bool {
            guard self.hash == hash, self.bytes.count == bytes.count, self.limits == limits,
                namedColors == colors
            else { return false }
            return self.bytes.withUnsafeBytes { a in
                bytes.withUnsafeBytes { b in
                    guard let x = a.baseAddress, let y = b.baseAddress else { return a.count == b.count }
                    return memcmp(x, y, a.count) == 0
                }
            }
        }
    }

    private let entries = Mutex<[Entry]>([])

    /// The file these bytes parsed to lately with these limits and colours, else `parse()`'s, kept.
    func file(
        bytes: [UInt8], limits: DocumentLimits, namedColors: [String: SkeletonColor],
        parse: () -> InterfaceBuilderFile
    ) -> InterfaceBuilderFile {
        guard bytes.count <= maxFileBytes else { return parse() }
        var hasher = Hasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        let hash = hasher.finalize()
        let found = entries.withLock { list -> InterfaceBuilderFile? in
            guard let k = list.firstIndex(where: { $0.holds(hash, bytes, limits, namedColors) }) else { return nil }
            let entry = list.remove(at: k)
            list.insert(entry, at: 0)
            return entry.file
        }
        if let found { return found }
        let file = parse()
        return entries.withLock { list in
            // Parsed meanwhile by another analysis: that one's decodings are shared.
            if let same = list.first(where: { $0.holds(hash, bytes, limits, namedColors) }) { return same.file }
            list.insert(
                Entry(hash: hash, bytes: bytes, limits: limits, namedColors: namedColors, file: file), at: 0)
            trim(&list)
            return file
        }
    }

    /// Keeps the newest entry and, after it, the most recent ones within the bounds.
    private func trim(_ list: inout [Entry]) {
        var bytes = 0
        var nodes = 0
        var kept = 0
        for entry in list {
            bytes += entry.bytes.count
            if kept > 0 { nodes += entry.file.decodings.nodesKept }
            guard kept == 0 || (kept < maxFiles && bytes <= maxBytes && nodes <= maxNodes) else { break }
            kept += 1
        }
        list.removeSubrange(kept...)
    }
}
