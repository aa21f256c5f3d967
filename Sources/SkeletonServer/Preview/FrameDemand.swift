/// Whether a subscriber is owed a frame, kept right when changes are reported while a frame is being built.

/// A subscription's demand for a frame: set by every change reported, met by a frame built from a state read after
/// the last of them.
///
/// A frame is built from a state read at its start (`frameStarted`) and meets the demand only if no change was
/// reported since (`frameBuilt`). Clearing the demand unconditionally lost changes: a change applied after the
/// frame's state was read sets the demand, then the frame finishing clears it, and the change's own scheduling
/// (which checks the demand) queues nothing: the subscriber keeps the older picture until some other change.
struct FrameDemand: Hashable, Sendable {
    /// Something may have changed since the last frame's state was read.
    private(set) var isPending = true
    /// Changes reported so far (wrapping).
    private var changes = 0

    /// Where the changes stood when a frame's state was read.
    struct Mark: Hashable, Sendable {
        fileprivate let changes: Int
    }

    /// A change was reported (an edit, a show, a clock move, a refresh): a frame is owed.
    mutating func changed() {
        isPending = true
        changes &+= 1
    }

    /// Call before reading the state a frame is built from.
    func frameStarted() -> Mark { Mark(changes: changes) }

    /// The frame begun at `mark` was built: it meets the demand unless a change came after `mark`. Returns whether a
    /// frame is still owed (then schedule one).
    mutating func frameBuilt(since mark: Mark) -> Bool {
        if changes == mark.changes { isPending = false }
        return isPending
    }
}
