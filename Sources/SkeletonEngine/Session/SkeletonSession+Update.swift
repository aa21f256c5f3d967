extension SkeletonSession {
    /// `updateSkeleton`/`updateGradientSkeleton`/`updateAnimated*` on `node` (nil: the root).
    ///
    /// Does nothing when nothing is active (it does not cancel a pending delayed show). Same type: leaves are
    /// re-tinted in place (same layer ids, line count kept, transition not restarted) and their animation
    /// starts (if `animated`) or stops. Solid ↔ gradient: layers are recreated with a fresh 0.25 s fade
    /// and a recomputed line count.
    package mutating func update(_ options: UpdateOptions, node reference: String? = nil, at time: Double)
        throws(EngineError) -> OperationResult
    {
        try Self.check(time: time)
        if let a = options.animation { try Self.validate(a) }
        try Self.validateColors(type: options.type, color: options.color, gradient: options.gradient)
        let root = try resolve(reference)
        var events = advance(to: time)
        history.operations.append(.update(options, node: reference, at: time))
        let ref = tree.nodes[root].reference
        let config = SkeletonConfig(options, appearance: appearance)
        let hasHandler = handlers.contains(ref)
        if hasHandler { events.append(LifecycleEvent(node: ref, state: .willUpdate, time: time)) }
        guard isActive(root) else { return OperationResult(outcome: .notActive, events: events) }
        var retinted: [String] = []
        var recreated: [String] = []
        updateSubtree(root, config: config, at: time, retinted: &retinted, recreated: &recreated)
        if hasHandler { events.append(LifecycleEvent(node: ref, state: .didUpdate, time: time)) }
        return OperationResult(outcome: .updated(retinted: retinted, recreated: recreated), events: events)
    }

    private mutating func updateSubtree(
        _ v: Int, config: SkeletonConfig, at time: Double, retinted: inout [String], recreated: inout [String]
    ) {
        guard isActive(v) else { return }
        states[v].config = config
        let kids = tree.skeletonChildren(of: v)
        guard kids.isEmpty else {
            for c in kids { updateSubtree(c, config: config, at: time, retinted: &retinted, recreated: &recreated) }
            return
        }
        guard var layer = states[v].layer else { return }
        let ref = tree.nodes[v].reference
        if layer.type != config.type {
            let d = config.transition.duration
            if d > 0 {
                departing.append(
                    DepartingLayers(
                        reference: ref, layers: skeletonLayers(v, layer, at: time, animate: false, clips: []),
                        start: time, duration: d))
            }
            states[v].layer = makeLayer(v, config: config, at: time, fadeIn: d)
            recreated.append(ref)
        } else {
            layer.colors = config.colors
            layer.animation =
                config.animated
                ? RunningAnimation(descriptor: animation(config.animation, type: config.type, for: v), startedAt: time)
                : nil
            states[v].layer = layer
            retinted.append(ref)
        }
    }

    /// `startSkeletonAnimation(_:)` on `node`: every leaf with a layer under it starts `animation` (nil:
    /// the type's default) from `time`.
    package mutating func startAnimation(_ spec: AnimationSpec? = nil, node reference: String? = nil, at time: Double)
        throws(EngineError) -> OperationResult
    {
        try Self.check(time: time)
        if let spec { try Self.validate(spec) }
        let root = try resolve(reference)
        let events = advance(to: time)
        history.operations.append(.startAnimation(spec, node: reference, at: time))
        var leaves: [String] = []
        forEachLeafLayer(below: root) { session, v in
            guard var layer = session.states[v].layer else { return }
            layer.animation = RunningAnimation(
                descriptor: session.animation(spec, type: layer.type, for: v), startedAt: time)
            session.states[v].layer = layer
            leaves.append(session.tree.nodes[v].reference)
        }
        return OperationResult(outcome: .animation(leaves: leaves), events: events)
    }

    /// `stopSkeletonAnimation()` on `node`. Unlike SkeletonView, a later layout does not restart it.
    package mutating func stopAnimation(node reference: String? = nil, at time: Double) throws(EngineError)
        -> OperationResult
    {
        try Self.check(time: time)
        let root = try resolve(reference)
        let events = advance(to: time)
        history.operations.append(.stopAnimation(node: reference, at: time))
        var leaves: [String] = []
        forEachLeafLayer(below: root) { session, v in
            guard session.states[v].layer?.animation != nil else { return }
            session.states[v].layer?.animation = nil
            leaves.append(session.tree.nodes[v].reference)
        }
        return OperationResult(outcome: .animation(leaves: leaves), events: events)
    }

    /// Visits the leaves reached through skeletonable links (no active check, as SkeletonView).
    private mutating func forEachLeafLayer(below v: Int, _ body: (inout SkeletonSession, Int) -> Void) {
        let kids = tree.skeletonChildren(of: v)
        if kids.isEmpty {
            body(&self, v)
            return
        }
        for c in kids { forEachLeafLayer(below: c, body) }
    }
}
