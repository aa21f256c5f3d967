/// What a new tree for a session stands for, which decides what happens to a skeleton that is showing.
package enum DocumentChange: Sendable, Hashable {
    /// A design change (a text edit): the skeleton becomes exactly what a fresh show on the new tree would give at
    /// that moment (line counts, types, added and removed nodes, `isHiddenWhenSkeletonIsActive`, appearance,
    /// colours), while the timeline carries on: the calls since the session was last idle run again on the new
    /// tree at their own times, so animation phases, transitions, pending delayed shows, minimum durations and
    /// hides in progress are those of the original calls.
    case edit
    /// The app changing its views at run time (`skeleton/patch`, a trait change): SkeletonView's rules. Active
    /// leaves follow their new frames and keep their line count, a node added while showing gets no skeleton,
    /// `isHiddenWhenSkeletonIsActive` set while showing changes nothing.
    case runtime
}

extension SkeletonSession {
    /// Whether nothing of a skeleton shows or waits: no flow handler, nothing pending, fading or due, and every
    /// node as its document says.
    var isIdle: Bool {
        handlers.isEmpty && pendingShows.isEmpty && pendingHides.isEmpty && minimumDurations.isEmpty
            && scheduledEvents.isEmpty && departing.isEmpty && states.allSatisfy { $0.isIdle(at: now) }
    }

    /// Forgets the calls so far (the session is idle, so they no longer show): a replay starts from now.
    mutating func restartHistory() {
        var generations: [String: Int] = [:]
        for (i, state) in states.enumerated() where state.generations > 0 {
            generations[tree.nodes[i].reference] = state.generations
        }
        history = OperationHistory(
            start: now, generations: generations, baseAppearance: baseAppearance,
            appearanceOverrides: appearanceOverrides)
    }

    /// Runs the calls since the session was last idle again, at their own times, on the current tree, up to `time`,
    /// and keeps the outcome: the skeleton a session of this tree would show after the same calls. Nodes whose state
    /// comes out the same keep it as it was (so the display list is rebuilt only where something changed). The
    /// lifecycle events the calls post again were posted when they first ran, so they are dropped; those still due
    /// later stay scheduled.
    mutating func replayHistory(to time: Double) {
        guard !history.operations.isEmpty else { return }
        var replay = self
        replay.baseAppearance = history.baseAppearance
        replay.appearanceOverrides = history.appearanceOverrides
        var pristine = Array(repeating: NodeState(), count: tree.count)
        for (reference, generations) in history.generations {
            if let i = tree.index[reference] { pristine[i].generations = generations }
        }
        replay.states = StateTable(pristine)
        replay.handlers = []
        replay.departing = []
        replay.pendingShows = [:]
        replay.pendingHides = [:]
        replay.minimumDurations = [:]
        replay.scheduledEvents = []
        replay.now = history.start
        replay.history.operations = []
        for operation in history.operations { replay.rerun(operation) }
        _ = replay.advance(to: time)
        for i in states.indices where states[i] != replay.states[i] { states[i] = replay.states[i] }
        handlers = replay.handlers
        departing = replay.departing
        pendingShows = replay.pendingShows
        pendingHides = replay.pendingHides
        minimumDurations = replay.minimumDurations
        scheduledEvents = replay.scheduledEvents
        baseAppearance = replay.baseAppearance
        appearanceOverrides = replay.appearanceOverrides
        history.statesAreReplay = true
    }

    /// Replays the calls over the new subtree `i..<end` alone after a design edit replaced it in place, when that
    /// gives exactly what `replayHistory` gives on the whole tree; returns false (changing nothing) otherwise.
    ///
    /// It does when the state is already a replay of the history on the tree (`statesAreReplay`), the history is
    /// one show that assumes nothing skeletonable, on a node outside the subtree, under the appearance it ran with,
    /// and the subtree's parent still has skeleton children exactly when it had (`parentHadSkeletonChildren`, from
    /// the old tree). Then nothing outside the subtree depends on it: the show reaches the subtree's root exactly
    /// when it reached the parent (whose `config` it set) and the root is one of the parent's skeleton children,
    /// and the session's pending, due and handled calls are the show's alone. The subtree's nodes start as a fresh
    /// session has them (pristine, with their layer counts at the history's start) and, when reached, are shown
    /// as the show's recursion shows them, with its config, at the time it ran.
    mutating func replaySubtree(_ i: Int, end: Int, parentHadSkeletonChildren: Bool) -> Bool {
        guard history.statesAreReplay, history.operations.count == 1,
            case .show(let options, let reference, let time) = history.operations[0], !options.assumeSkeletonable,
            !tree.assumesSkeletonable, baseAppearance == history.baseAppearance,
            appearanceOverrides == history.appearanceOverrides
        else { return false }
        let p = tree.parent[i]
        guard p >= 0, tree.hasSkeletonChildren(p) == parentHadSkeletonChildren else { return false }
        let target: Int?
        if let reference { target = tree.index[reference] } else { target = 0 }
        guard let target, !(i..<end).contains(target) else { return false }
        for j in i..<end {
            var fresh = NodeState()
            fresh.generations = history.generations[tree.nodes[j].reference] ?? 0
            if states[j] != fresh { states[j] = fresh }
        }
        guard let config = states[p].config, tree.skeletonChildren(of: p).contains(i) else { return true }
        var shownAt = time
        if let delay = options.delay, delay > 0 { shownAt = time + delay }
        if tree.nodes[i].isHiddenWhenSkeletonIsActive { states[i].hiddenBySkeleton = true }
        var leaves: [String] = []
        showSubtree(i, config: config, at: shownAt, leaves: &leaves)
        return true
    }

    /// Runs one recorded call again; a call on a node the tree no longer has does nothing.
    private mutating func rerun(_ operation: RecordedOperation) {
        switch operation {
        case .show(let options, let node, let time): _ = try? show(options, node: node, at: time)
        case .update(let options, let node, let time): _ = try? update(options, node: node, at: time)
        case .hide(let options, let node, let time): _ = try? hide(options, node: node, at: time)
        case .startAnimation(let spec, let node, let time): _ = try? startAnimation(spec, node: node, at: time)
        case .stopAnimation(let node, let time): _ = try? stopAnimation(node: node, at: time)
        case .setAppearance(let overrides, let time): _ = setAppearance(overrides, at: time)
        case .setBaseAppearance(let appearance, let time): _ = setBaseAppearance(appearance, at: time)
        }
    }
}
