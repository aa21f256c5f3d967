import SkeletonGraphics
import SkeletonModel
import Synchronization

/// The last display list a session built, with what it was built from, so the next build redoes only what changed.
///
/// A node's layers depend only on the node, its skeleton state, its ancestors and the time, and in paint order a
/// node's whole subtree is one contiguous run of layers. So when the nodes that differ from the last build (by tree
/// revision or state) all lie in one node's subtree, the new list is the old one with that run rebuilt, provided
/// nothing else can differ: the same appearance, colour scheme and canvas, no departing layers, and the kept layers
/// no longer changing with time (their fades over, nothing animated). Otherwise the whole list is built.
///
/// Shared by the copies of a session (previews draw snapshots): a reference type behind a lock, holding one build.
final class DisplayListCache: Sendable {
    /// One build and what it was made from.
    struct Build: Sendable {
        var list: DisplayList
        var revision: [Int]
        /// `StateTable.revision` of the states the list was built from.
        var stateRevision: [Int]
        var appearance: SkeletonAppearance
        var scheme: ColorScheme
        var canvas: Size
        /// Per node (by index): where its subtree's layers start and end in `list`. Unspecified for nodes under a
        /// hidden node (they emit nothing, and a rebuild never starts under one).
        var start: [Int]
        var end: [Int]
        /// From this time on none of the layers changes with time (`.infinity`: something animates).
        var staticSince: Double
        /// The time the list was built for.
        var time: Double

        /// Whether the list is the one for any time from `staticSince` on (it was built in that stretch).
        func isStatic(at t: Double) -> Bool { staticSince <= t && staticSince <= time }
    }

    private let last = Mutex<Build?>(nil)

    /// Builds rebuilt in part and in whole so far (for tests).
    private let counts = Mutex((partial: 0, full: 0))

    var lastBuild: Build? { last.withLock { $0 } }

    func store(_ build: Build, partial: Bool) {
        last.withLock { $0 = build }
        counts.withLock { partial ? ($0.partial += 1) : ($0.full += 1) }
    }

    /// How many display lists were built by rebuilding one subtree's run, and as a whole.
    var buildCounts: (partial: Int, full: Int) { counts.withLock { $0 } }
}

/// One pass of emitting layers: the layers so far, each visited node's run, and from when they stop changing.
struct EmitPass {
    /// The layers emitted so far.
    var out: [Layer] = []
    /// Where `out` starts in the whole list (a rebuild emits one run, spliced in at its place).
    var offset = 0
    var start: [Int]
    var end: [Int]
    var staticSince = -Double.infinity
    let departing: [String: [Int]]
    let appearance: SkeletonAppearance
    let time: Double

    /// The first node whose run `start` and `end` hold (index `i` is node `firstNode + i`): a rebuild notes only
    /// its subtree's runs.
    let firstNode: Int

    /// A pass noting the runs of `nodes` nodes from `firstNode` on, every run empty.
    init(
        nodes: Int, from firstNode: Int = 0, departing: [String: [Int]], appearance: SkeletonAppearance, time: Double,
        capacity: Int
    ) {
        start = Array(repeating: 0, count: nodes)
        end = Array(repeating: 0, count: nodes)
        self.firstNode = firstNode
        self.departing = departing
        self.appearance = appearance
        self.time = time
        out.reserveCapacity(capacity)
    }

    /// The index in the whole list of the next layer emitted.
    var position: Int { offset + out.count }

    /// Notes where node `v`'s run starts (the next layer emitted).
    mutating func begin(_ v: Int) { start[v - firstNode] = position }

    /// Notes where node `v`'s run ends (after the last layer emitted).
    mutating func finish(_ v: Int) { end[v - firstNode] = position }

    /// Notes that layers just emitted fade from `start` for `duration` seconds: they change until the fade's end
    /// (with a margin that keeps rounding out of it; an instant fade changes only at its start).
    mutating func fades(from start: Double, for duration: Double) {
        staticSince = max(staticSince, duration > 0 ? start + duration + 1e-6 : start)
    }
}
