extension SkeletonSession {
    /// `showSkeleton`/`showGradientSkeleton`/`showAnimated*` on `node` (nil: the root).
    ///
    /// Cancels the node's pending delayed show (and a hide held back by `minimumDuration`). With a delay, it
    /// schedules the show and returns `.scheduled`. Otherwise it posts `willAppear`, and if the node is
    /// skeletonable and nothing under it is active, creates the skeleton (`didAppear` comes when the
    /// transition ends). Showing again while active is a no-op: `.alreadyActive` (use update). With
    /// `assumeSkeletonable`, every view that leads to content counts as skeletonable for this show (and until
    /// nothing is active any more); the document is not changed.
    package mutating func show(_ options: ShowOptions, node reference: String? = nil, at time: Double)
        throws(EngineError) -> OperationResult
    {
        try Self.check(time: time)
        try Self.validate(options)
        let root = try resolve(reference)
        var events = advance(to: time)
        history.operations.append(.show(options, node: reference, at: time))
        let ref = tree.nodes[root].reference
        pendingShows[ref] = nil
        pendingHides[ref] = nil
        let config = SkeletonConfig(options, appearance: appearance)
        if let delay = options.delay, delay > 0 {
            pendingShows[ref] = PendingShow(
                config: config, minimumDuration: options.minimumDuration, runAt: time + delay,
                assumesSkeletonable: options.assumeSkeletonable)
            return OperationResult(outcome: .scheduled(at: time + delay), events: events)
        }
        let outcome = performShow(
            root, config: config, minimumDuration: options.minimumDuration,
            assumesSkeletonable: options.assumeSkeletonable, at: time, events: &events)
        return OperationResult(outcome: outcome, events: events)
    }

    static func validate(_ o: ShowOptions) throws(EngineError) {
        if let d = o.delay, !(d.isFinite && d >= 0) {
            throw EngineError.invalidArgument(field: "delay", message: "must be a finite number >= 0")
        }
        if let m = o.minimumDuration, !(m.isFinite && m >= 0) {
            throw EngineError.invalidArgument(field: "minimumDuration", message: "must be a finite number >= 0")
        }
        try validate(o.transition, field: "transition")
        if let a = o.animation { try validate(a) }
        try validateColors(type: o.type, color: o.color, gradient: o.gradient)
    }

    static func validate(_ t: TransitionStyle, field: String) throws(EngineError) {
        if case .crossDissolve(let d) = t, !(d.isFinite && d >= 0) {
            throw EngineError.invalidArgument(
                field: field, message: "the cross-dissolve duration must be a finite number >= 0")
        }
    }

    static func validate(_ a: AnimationSpec) throws(EngineError) {
        let d = a.descriptor
        guard d.duration.isFinite, d.duration > 0 else {
            throw EngineError.invalidArgument(field: "animation", message: "the duration must be a finite number > 0")
        }
        guard !d.repeatCount.isNaN, d.repeatCount > 0 else {
            throw EngineError.invalidArgument(field: "animation", message: "the repeat count must be > 0")
        }
        guard !d.tracks.isEmpty else {
            throw EngineError.invalidArgument(field: "animation", message: "an animation needs at least one property")
        }
    }

    static func validateColors(type: SkeletonType, color: SkeletonColor?, gradient: SkeletonGradient?)
        throws(EngineError)
    {
        if let g = gradient, g.colors.isEmpty {
            throw EngineError.invalidArgument(field: "gradient", message: "a gradient needs at least one colour")
        }
    }

    /// SkeletonView's `show(root, config, notify: true)` after the delay logic.
    mutating func performShow(
        _ root: Int, config: SkeletonConfig, minimumDuration: Double?, assumesSkeletonable: Bool, at time: Double,
        events: inout [LifecycleEvent]
    ) -> Outcome {
        // An assumption made by a show lasts while anything it showed is active.
        tree.assumesSkeletonable = assumesSkeletonable || (tree.assumesSkeletonable && isActive(0))
        let ref = tree.nodes[root].reference
        handlers.insert(ref)
        events.append(LifecycleEvent(node: ref, state: .willAppear, time: time))
        let node = tree.nodes[root]
        if node.isHiddenWhenSkeletonIsActive { states[root].hiddenBySkeleton = true }
        guard tree.isSkeletonable(root) else { return .notSkeletonable }
        guard !isActive(root) else { return .alreadyActive }
        var leaves: [String] = []
        showSubtree(root, config: config, at: time, leaves: &leaves)
        emit(
            LifecycleEvent(node: ref, state: .didAppear, time: time + config.transition.duration), now: time,
            into: &events)
        if let m = minimumDuration, m > 0 { minimumDurations[ref] = (time, m) }
        return .shown(leaves: leaves)
    }

    /// `recursiveShow` below a node that passed the guard (nothing under an inactive root is active).
    mutating func showSubtree(_ v: Int, config: SkeletonConfig, at time: Double, leaves: inout [String]) {
        states[v].config = config
        let node = tree.nodes[v]
        if node.type.isCollection {
            states[v].status = true
            if node.isUserInteractionDisabledWhenSkeletonIsActive { states[v].interactionDisabled = true }
        }
        let kids = tree.skeletonChildren(of: v)
        if kids.isEmpty {
            if !states[v].status {
                showLeaf(v, config: config, at: time)
                leaves.append(node.reference)
            }
            return
        }
        for c in kids {
            if tree.nodes[c].isHiddenWhenSkeletonIsActive { states[c].hiddenBySkeleton = true }
            showSubtree(c, config: config, at: time, leaves: &leaves)
        }
    }

    /// Leaf show: save and prepare the view (§1.5), add the layer (§2), status on.
    private mutating func showLeaf(_ v: Int, config: SkeletonConfig, at time: Double) {
        let node = tree.nodes[v]
        var st = states[v]
        let d = config.transition.duration
        if node.isUserInteractionDisabledWhenSkeletonIsActive, node.type != .textField { st.interactionDisabled = true }
        if node.type != .tableViewHeaderFooterView {
            // UILabel clears its background at once; the others inside the transition.
            st.contentFade = ContentFade(start: time, duration: node.type == .label ? 0 : d, clearing: true)
        }
        if node.content.hasClearableContent {
            st.textFade = ContentFade(start: time, duration: d, clearing: true)
        }
        if node.type == .label {
            let p = TextParameters(node: node, appearance: appearance, isRightToLeft: tree.rtl[v])
            st.heightFix = TextLayout.labelHeightFix(p, definedHeight: DefinedBounds.size(of: node).height)
        }
        states[v] = st
        states[v].layer = makeLayer(v, config: config, at: time, fadeIn: d)
        states[v].status = true
    }

    /// A new skeleton layer for leaf `v`, with its line count fixed from the current mask height.
    mutating func makeLayer(_ v: Int, config: SkeletonConfig, at time: Double, fadeIn: Double) -> SkeletonLayerState {
        let layer = newLayer(v, config: config, maskHeight: maskSize(v).height, at: time, fadeIn: fadeIn)
        states[v].generations += 1
        return layer
    }

    /// The layer `makeLayer` creates for `v` with a mask `maskHeight` high, without recording it.
    func newLayer(_ v: Int, config: SkeletonConfig, maskHeight: Double, at time: Double, fadeIn: Double)
        -> SkeletonLayerState
    {
        let node = tree.nodes[v]
        var lineCount: Int?
        if node.type.isText {
            let p = TextParameters(node: node, appearance: appearance, isRightToLeft: tree.rtl[v])
            if p.drawsLines { lineCount = TextLayout.lineCount(p, maskHeight: maskHeight) }
        }
        return SkeletonLayerState(
            type: config.type, lineCount: lineCount,
            cornerRadius: node.skeletonCornerRadius ?? appearance.skeletonCornerRadius,
            generation: states[v].generations, colors: config.colors, appearedAt: time, fadeIn: fadeIn,
            animation: config.animated
                ? RunningAnimation(descriptor: animation(config.animation, type: config.type, for: v), startedAt: time)
                : nil)
    }

    /// The animation a config runs on `v`: the given one, or the type's default (pulse; sliding left to
    /// right, or right to left for RTL holders).
    func animation(_ spec: AnimationSpec?, type: SkeletonType, for v: Int) -> CustomAnimation {
        if let spec { return spec.descriptor }
        switch type {
        case .solid: return AnimationSpec.pulse.descriptor
        case .gradient: return AnimationSpec.sliding(direction: tree.rtl[v] ? .rightLeft : .leftRight).descriptor
        }
    }

    /// `definedMaxBounds` of `v`, with the label height fix applied (it replaces the height constraints).
    func maskSize(_ v: Int) -> Size { maskSize(v, heightFix: states[v].heightFix) }

    /// `definedMaxBounds` of `v` under a label height fix `heightFix` (nil: none).
    func maskSize(_ v: Int, heightFix: Double?) -> Size {
        let node = tree.nodes[v]
        if let fix = heightFix {
            return Size(width: node.constraints.width.reduce(node.frame.width, max), height: fix)
        }
        return DefinedBounds.size(of: node)
    }

    /// The node's frame size as laid out (the label height fix changes the height).
    func frameSize(_ v: Int) -> Size {
        let f = tree.nodes[v].frame
        return Size(width: f.width, height: states[v].heightFix ?? f.height)
    }

    /// Appends `event` now when it is due, else schedules it.
    mutating func emit(_ event: LifecycleEvent, now: Double, into events: inout [LifecycleEvent]) {
        if event.time <= now { events.append(event) } else { scheduledEvents.append(event) }
    }
}
