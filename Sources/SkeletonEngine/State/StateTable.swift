import Synchronization

/// The skeleton state of every node, by tree index, with a revision per entry that changes on every write (and
/// never repeats, process-wide), so "is this node's state the one I saw?" is one integer comparison.
struct StateTable: Sendable, RandomAccessCollection {
    private static let revisions = Atomic<Int>(0)

    private var values: [NodeState]
    /// Per entry: a number that changes whenever the entry may have been written.
    private(set) var revision: [Int]

    /// `count` pristine states.
    init(count: Int) {
        values = Array(repeating: NodeState(), count: count)
        revision = Self.fresh(count)
    }

    /// The given states, each with a new revision.
    init(_ states: [NodeState]) {
        values = states
        revision = Self.fresh(states.count)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { values.count }

    subscript(i: Int) -> NodeState {
        _read { yield values[i] }
        _modify {
            revision[i] = Self.revisions.wrappingAdd(1, ordering: .relaxed).newValue
            yield &values[i]
        }
    }

    /// Replaces the states of `range` (a replaced subtree's nodes) with `states`, each with a new revision.
    mutating func replaceSubrange(_ range: Range<Int>, with states: [NodeState]) {
        values.replaceSubrange(range, with: states)
        // Shared with the last display list's build (which compares revisions): copied in bulk.
        revision.replaceSubrange(copying: range, with: Self.fresh(states.count))
    }

    private static func fresh(_ count: Int) -> [Int] {
        let last = revisions.wrappingAdd(count, ordering: .relaxed).newValue
        return Array((last - count)..<last)
    }
}
