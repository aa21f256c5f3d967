/// A running animation: what it animates and when its phase started.
struct RunningAnimation: Sendable, Hashable {
    var descriptor: CustomAnimation
    var startedAt: Double
}

/// A leaf's skeleton layer (`SkeletonLayer.maskLayer` and its line sublayers).
struct SkeletonLayerState: Sendable, Hashable {
    var type: SkeletonType
    /// nil: a block by type; 0: a text node whose line count rounded to zero (drawn as a block);
    /// > 0: that many lines, fixed for the layer's lifetime.
    var lineCount: Int?
    /// `skeletonCornerRadius`, read when the layer was created.
    var cornerRadius: Double
    /// Counts layers this node has had; part of the layer ids so a replacement is a new layer.
    var generation: Int
    var colors: [SkeletonColor]
    /// When the layer was inserted and how long its fade-in lasts.
    var appearedAt: Double
    var fadeIn: Double
    var animation: RunningAnimation?
}

/// The node's content (its background, or its text or image) fading out on show or back in on hide.
struct ContentFade: Sendable, Hashable {
    var start: Double
    var duration: Double
    /// true: towards clear (show); false: back to the document's colour (hide).
    var clearing: Bool

    /// Whether the fade still changes the content after `time`.
    func isRunning(at time: Double) -> Bool { time < start + duration }

    /// Whether the content is back as the document has it at `time` (a finished fade back in).
    func isSettled(at time: Double) -> Bool { !clearing && !isRunning(at: time) }
}

/// Everything the skeleton changed on one node. Absent state means "as the document says".
struct NodeState: Sendable, Hashable {
    /// `_status == on`: leaves with a layer, and tables/collections while shown.
    var status = false
    /// `_currentSkeletonConfig` (cleared on hide: nothing stale survives).
    var config: SkeletonConfig?
    var layer: SkeletonLayerState?
    /// `isHiddenWhenSkeletonIsActive` applied.
    var hiddenBySkeleton = false
    /// Interaction (and scrolling, for tables/collections) turned off by the skeleton.
    var interactionDisabled = false
    /// UILabel height fix: the `height == desired` constraint installed on show.
    var heightFix: Double?
    var contentFade: ContentFade?
    /// The text, title, placeholder or image cleared on show inside the transition (§1.5, T) and restored on hide.
    var textFade: ContentFade?
    /// Layers created so far on this node (never reset, so ids stay unique).
    var generations = 0

    /// Whether nothing differs from the document (the entry can be dropped).
    var isPristine: Bool {
        !status && config == nil && layer == nil && !hiddenBySkeleton && !interactionDisabled
            && heightFix == nil && contentFade == nil && textFade == nil && generations == 0
    }

    /// Whether the skeleton no longer shows on this node at `time`: nothing but its layer count and a finished
    /// fade back to the document's background remain.
    func isIdle(at time: Double) -> Bool {
        guard !status, config == nil, layer == nil, !hiddenBySkeleton, !interactionDisabled, heightFix == nil else {
            return false
        }
        return (contentFade?.isSettled(at: time) ?? true) && (textFade?.isSettled(at: time) ?? true)
    }
}
