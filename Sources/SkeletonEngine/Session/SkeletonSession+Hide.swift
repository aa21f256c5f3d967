extension SkeletonSession {
    /// `hideSkeleton(reloadDataAfter:transition:)` on `node` (nil: the root).
    ///
    /// Cancels a pending delayed show. A hide before the show's `minimumDuration` is held until then
    /// (`.deferred`). Otherwise every node under it that the skeleton changed gets its document state back;
    /// layers fade out over the transition. `willDisappear`/`didDisappear` are posted only when `show` was
    /// called on this same node; `didDisappear` comes when the fade ends.
    package mutating func hide(_ options: HideOptions = HideOptions(), node reference: String? = nil, at time: Double)
        throws(EngineError) -> OperationResult
    {
        try Self.check(time: time)
        try Self.validate(options.transition, field: "transition")
        let root = try resolve(reference)
        var events = advance(to: time)
        history.operations.append(.hide(options, node: reference, at: time))
        let ref = tree.nodes[root].reference
        let cancelled = pendingShows.removeValue(forKey: ref) != nil
        if let m = minimumDurations[ref], time < m.since + m.minimum {
            pendingHides[ref] = PendingHide(options: options, runAt: m.since + m.minimum)
            return OperationResult(outcome: .deferred(until: m.since + m.minimum), events: events)
        }
        pendingHides[ref] = nil
        let outcome = performHide(root, options: options, at: time, events: &events)
        if case .notActive = outcome, cancelled {
            return OperationResult(outcome: .cancelledPendingShow, events: events)
        }
        return OperationResult(outcome: outcome, events: events)
    }

    mutating func performHide(_ root: Int, options: HideOptions, at time: Double, events: inout [LifecycleEvent])
        -> Outcome
    {
        let ref = tree.nodes[root].reference
        minimumDurations[ref] = nil
        let hadHandler = handlers.remove(ref) != nil
        if hadHandler { events.append(LifecycleEvent(node: ref, state: .willDisappear, time: time)) }
        let wasActive = isActive(root)
        var leaves: [String] = []
        hideSubtree(root, duration: options.transition.duration, at: time, leaves: &leaves)
        guard wasActive else { return .notActive }
        if hadHandler {
            emit(
                LifecycleEvent(node: ref, state: .didDisappear, time: time + options.transition.duration), now: time,
                into: &events)
        }
        return .hidden(leaves: leaves)
    }

    /// `recursiveHide`, visiting every skeletonable path (not only active ones) so nothing the skeleton
    /// changed survives: hidden flags, interaction, configs, height fixes and layers (even on a former leaf).
    private mutating func hideSubtree(_ v: Int, duration d: Double, at time: Double, leaves: inout [String]) {
        var st = states[v]
        st.hiddenBySkeleton = false
        st.config = nil
        st.interactionDisabled = false
        st.status = false
        st.heightFix = nil
        handlers.remove(tree.nodes[v].reference)
        if let layer = st.layer {
            if d > 0 {
                departing.append(
                    DepartingLayers(
                        reference: tree.nodes[v].reference,
                        layers: skeletonLayers(v, layer, at: time, animate: false, clips: []),
                        start: time, duration: d))
            }
            st.layer = nil
            leaves.append(tree.nodes[v].reference)
        }
        if st.contentFade != nil {
            st.contentFade = ContentFade(start: time, duration: d, clearing: false)
        }
        if st.textFade != nil {
            st.textFade = ContentFade(start: time, duration: d, clearing: false)
        }
        states[v] = st
        for c in tree.skeletonChildren(of: v) {
            hideSubtree(c, duration: d, at: time, leaves: &leaves)
        }
    }
}
