/// SkeletonView's lifecycle notifications (`skeletonWillAppear` …), as `skeleton/didChangeState` states.
package enum LifecycleState: String, Sendable, Hashable, CaseIterable {
    case willAppear, didAppear, willUpdate, didUpdate, willDisappear, didDisappear
}

/// One lifecycle notification: which root (the node the method was called on), what, and when.
package struct LifecycleEvent: Sendable, Hashable {
    /// The reference of the node the method was called on.
    package var node: String
    /// What happened.
    package var state: LifecycleState
    /// When it happened, on the caller's clock.
    package var time: Double
    package init(node: String, state: LifecycleState, time: Double) {
        self.node = node
        self.state = state
        self.time = time
    }
}

/// What an operation did, so the server can say so.
package enum Outcome: Sendable, Hashable {
    /// Skeletons were created on these leaves (references, in show order).
    case shown(leaves: [String])
    /// Nothing was drawn because something under the node is already active (SkeletonView's show guard).
    /// Use update to change the look.
    case alreadyActive
    /// The node is not skeletonable: nothing was drawn (root-only side effects still happened).
    case notSkeletonable
    /// A delayed show is pending and runs at this time unless cancelled.
    case scheduled(at: Double)
    /// Leaves re-tinted in place, and leaves whose layer was recreated (solid ↔ gradient).
    case updated(retinted: [String], recreated: [String])
    /// Skeletons were removed from these leaves.
    case hidden(leaves: [String])
    /// A hide arrived before the show's `minimumDuration`; it takes effect at this time.
    case deferred(until: Double)
    /// Nothing under the node is active (update and hide do nothing, apart from cancelling a pending show).
    case notActive
    /// A pending delayed show was cancelled and nothing else happened.
    case cancelledPendingShow
    /// Animations started or stopped on these leaves.
    case animation(leaves: [String])
}

/// The result of a session operation: what happened, and every lifecycle event that happened up to and
/// including it (events of earlier delayed work that came due are included, in time order).
package struct OperationResult: Sendable, Hashable {
    /// What the operation did.
    package var outcome: Outcome
    /// Lifecycle events now due, oldest first.
    package var events: [LifecycleEvent]
    package init(outcome: Outcome, events: [LifecycleEvent]) {
        self.outcome = outcome
        self.events = events
    }
}

/// Why an operation was refused; nothing changed.
package enum EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No node has this reference.
    case unknownNode(String)
    /// An argument is out of range (`field` names it, e.g. "delay").
    case invalidArgument(field: String, message: String)

    /// A readable form.
    package var description: String {
        switch self {
        case .unknownNode(let r): "no node has the reference \"\(r)\""
        case .invalidArgument(let f, let m): "\(f): \(m)"
        }
    }
}
