import SkeletonGraphics
import SkeletonModel
import Synchronization

/// Each leaf's skeleton geometry (its text line frames, or its block), computed once and kept while nothing it
/// depends on changes: an edit or a patch that changes one node lays out that node again (and the nodes under it
/// whose position moved), and every other node keeps its layers.
///
/// Shared by the copies of a session (previews draw snapshots): it is a reference type behind a lock. Entries are
/// keyed by node reference and checked against everything the geometry is computed from, so a stale entry is
/// never used.
final class LayoutCache: Sendable {
    /// Everything a leaf's geometry depends on.
    struct Inputs: Hashable, Sendable {
        var node: Node
        var origin: Point
        var size: Size
        var text: TextParameters?
        var lineCount: Int?
        var trailingStackOffset: Double
    }

    private struct Entry: Sendable {
        var inputs: Inputs
        var rects: [Rect]
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var computed = 0
    }

    private let state = Mutex(State())

    /// Node layouts computed so far (cache misses): the counter that proves relayout is incremental.
    var computedCount: Int { state.withLock { $0.computed } }

    /// The absolute rects of `reference`'s skeleton for `inputs`: from the cache when the inputs are unchanged,
    /// else from `compute` (counted).
    func rects(for reference: String, _ inputs: Inputs, _ compute: () -> [Rect]) -> [Rect] {
        if let hit = state.withLock({ $0.entries[reference] }), hit.inputs == inputs { return hit.rects }
        let rects = compute()
        state.withLock { s in
            s.entries[reference] = Entry(inputs: inputs, rects: rects)
            s.computed += 1
        }
        return rects
    }

    /// Forgets the given nodes (removed by a subtree replacement).
    func forget(_ references: Set<String>) {
        state.withLock { s in
            for reference in references {
                s.entries[reference] = nil
            }
        }
    }

    /// Forgets nodes that no longer exist (after a document change).
    func retain(only references: Set<String>) {
        state.withLock { s in
            s.entries = s.entries.filter { references.contains($0.key) }
        }
    }
}
