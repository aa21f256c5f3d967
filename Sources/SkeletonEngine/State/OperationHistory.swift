import SkeletonModel

/// One call a session ran, with what it was called with, so a design edit can run it again on the new tree.
enum RecordedOperation: Sendable, Hashable {
    case show(ShowOptions, node: String?, at: Double)
    case update(UpdateOptions, node: String?, at: Double)
    case hide(HideOptions, node: String?, at: Double)
    case startAnimation(AnimationSpec?, node: String?, at: Double)
    case stopAnimation(node: String?, at: Double)
    case setAppearance(AppearanceOverrides, at: Double)
    case setBaseAppearance(SkeletonAppearance, at: Double)
}

/// The calls since the session was last idle (nothing shown, pending, fading or due), and what the session was at
/// that moment: replaying them on a new tree gives the skeleton a fresh show on that tree would have given.
struct OperationHistory: Sendable {
    /// When the session was last idle.
    var start: Double
    /// Layers each node had had by then (layer ids stay unique across the replay), by reference.
    var generations: [String: Int]
    /// The appearance in effect then.
    var baseAppearance: SkeletonAppearance
    var appearanceOverrides: AppearanceOverrides
    /// The calls since, in the order they ran.
    var operations: [RecordedOperation] = []
    /// Whether the session's skeleton state is exactly what running `operations` again on its current tree gives
    /// (true once an edit has replayed them; a run-time change of the tree or a new history makes it false). Only
    /// then may an edit inside one node replay them over that node's subtree alone.
    var statesAreReplay = false
}
