/// One document's skeleton: the document, the skeleton state of each node, and pending timed work.
///
/// A value type; every operation takes the time it happens at (seconds on the caller's clock), and
/// `layers(at:)` is a pure function of the session and a time. Times before the last operation see the
/// state that operation left.
package struct SkeletonSession: Sendable {
    /// The current document's settings (appearance, colour scheme, layout direction, canvas, node count). Its
    /// node tree lives flattened in the session, so `document.root` keeps no children: each node is stored once.
    package internal(set) var document: SkeletonDocument
    /// Daemon-wide appearance (`SkeletonAppearance.default` unless set).
    package internal(set) var baseAppearance: SkeletonAppearance
    /// Per-document overrides from `setAppearance` (on top of the document's own `appearance`).
    package internal(set) var appearanceOverrides = AppearanceOverrides()
    /// How many node layouts were computed so far: a leaf's skeleton geometry is computed when first drawn and
    /// again only when something it depends on changed (see `LayoutCache`).
    package var layoutCount: Int { layoutCache.computedCount }
    /// Leaves' skeleton geometry, kept across edits for the nodes that did not change.
    let layoutCache = LayoutCache()
    /// The last display list built, reused in part by the next build (see `DisplayListCache`); a copy given its
    /// own starts from nothing.
    var displayListCache = DisplayListCache()
    /// How many display lists were built by rebuilding one subtree's layers, and as a whole (for tests).
    package var displayListBuilds: (partial: Int, full: Int) { displayListCache.buildCounts }
    /// Motion options (phase 2): gradient space and reduced motion.
    package var motion = MotionOptions()

    var tree: FlatTree
    var states: StateTable
    /// Roots that have a flow handler (`show` was called on them and they were not hidden since).
    var handlers: Set<String> = []
    /// Layers fading out after a hide or a recreate, drawn until their fade ends.
    var departing: [DepartingLayers] = []
    /// Delayed shows by root reference.
    var pendingShows: [String: PendingShow] = [:]
    /// Hides held back by `minimumDuration`, by root reference.
    var pendingHides: [String: PendingHide] = [:]
    /// Visible-since and minimum duration of shows that asked for one, by root reference.
    var minimumDurations: [String: (since: Double, minimum: Double)] = [:]
    /// Lifecycle events that come due later (didAppear/didDisappear at the end of transitions).
    var scheduledEvents: [LifecycleEvent] = []
    /// The latest time an operation ran at.
    package internal(set) var now: Double = 0
    /// The calls since the session was last idle, replayed on the new tree by a design edit (`DocumentChange.edit`).
    var history: OperationHistory

    /// A session for `document` with nothing shown.
    package init(document: SkeletonDocument, appearance: SkeletonAppearance = .default) {
        self.document = document.withoutSubtree
        self.baseAppearance = appearance
        tree = FlatTree(document)
        states = StateTable(count: tree.count)
        history = OperationHistory(
            start: 0, generations: [:], baseAppearance: appearance, appearanceOverrides: AppearanceOverrides())
    }

    /// The appearance in effect: daemon-wide, then the document's `appearance`, then `setAppearance`.
    package var appearance: SkeletonAppearance {
        baseAppearance.applying(document.appearance).applying(appearanceOverrides)
    }

    /// Sets the daemon-wide appearance. Like SkeletonView, existing layers keep their colours and
    /// corner radius; geometry parameters apply from the next layout (at once).
    package mutating func setBaseAppearance(_ appearance: SkeletonAppearance, at time: Double) -> [LifecycleEvent] {
        let events = advance(to: time)
        history.operations.append(.setBaseAppearance(appearance, at: time))
        baseAppearance = appearance
        return events
    }

    /// Merges per-document appearance overrides (`skeleton/setAppearance` with a uri).
    package mutating func setAppearance(_ overrides: AppearanceOverrides, at time: Double) -> [LifecycleEvent] {
        let events = advance(to: time)
        history.operations.append(.setAppearance(overrides, at: time))
        appearanceOverrides = appearanceOverrides.merging(overrides)
        return events
    }

    /// The index of a reference (nil: the root).
    func resolve(_ reference: String?) throws(EngineError) -> Int {
        guard let reference else { return 0 }
        guard let i = tree.index[reference] else { throw EngineError.unknownNode(reference) }
        return i
    }

    /// Whether the reference names a node.
    package func contains(_ reference: String) -> Bool { tree.index[reference] != nil }

    /// `isSkeletonActive`: the node's status is on, or any skeleton child is active.
    package func isActive(_ reference: String? = nil, at time: Double? = nil) throws(EngineError) -> Bool {
        var copy = self
        if let time { _ = copy.advance(to: time) }
        return copy.isActive(try copy.resolve(reference))
    }

    func isActive(_ i: Int) -> Bool {
        if states[i].status { return true }
        var c = i + 1
        let isStack = tree.nodes[i].type == .stackView
        while c < tree.end[i] {
            let n = tree.nodes[c]
            if tree.isSkeletonable(c), !isStack || n.isArranged, isActive(c) { return true }
            c = tree.end[c]
        }
        return false
    }

    /// Validates a time argument.
    static func check(time: Double, field: String = "time") throws(EngineError) {
        guard time.isFinite else { throw EngineError.invalidArgument(field: field, message: "must be a finite number") }
    }
}

/// Layers of one node fading out, frozen as they were when the fade began.
struct DepartingLayers: Sendable, Hashable {
    var reference: String
    var layers: [Layer]
    var start: Double
    var duration: Double
}

/// A delayed show waiting for its time.
struct PendingShow: Sendable, Hashable {
    var config: SkeletonConfig
    var minimumDuration: Double?
    var runAt: Double
    /// The show treats views that lead to content as skeletonable (`ShowOptions.assumeSkeletonable`).
    var assumesSkeletonable = false
}

/// A hide waiting for a minimum display time.
struct PendingHide: Sendable, Hashable {
    var options: HideOptions
    var runAt: Double
}
