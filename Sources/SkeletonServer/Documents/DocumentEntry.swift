import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import Synchronization

/// One open document: its text, its live skeleton session (from the last valid text), and what was last
/// published about it. Mutated only on the document's lane; read (as snapshots) by previews.
final class DocumentEntry: Sendable {
    struct State: Sendable {
        var text: TextDocument
        /// The session of the last valid tree; nil until the text has been valid once.
        var session: SkeletonSession?
        /// Whether the last published diagnostics were non-empty (so a clean document publishes `[]` once).
        var hasPublishedProblems = false
        /// The time a timer is already set for (to wake the document when its timeline next changes).
        var wakeAt: Double?
    }

    let state: Mutex<State>

    init(text: TextDocument) { state = Mutex(State(text: text)) }
}

/// A session frozen at one moment, for previews: drawing it never touches the live document.
struct SessionSnapshot: DisplayListSource {
    let session: SkeletonSession

    func displayList(at time: Double) -> DisplayList? { session.layers(at: time) }
    func isAnimating(at time: Double) -> Bool { session.timeline(at: time).isAnimating }
}
