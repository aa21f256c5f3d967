import JSON
import JSONRPC
package import SkeletonGraphics

/// What previews draw: one document's display list at any time. Implementations are snapshots or are
/// internally synchronized: previews read them from the writer thread and from timers.
package protocol DisplayListSource: Sendable {
    /// The display list at `time`, with view frames outlined on top when `outlines` is true, or nil while the
    /// document has no valid tree.
    func displayList(at time: Double, outlines: Bool) -> DisplayList?
    /// Whether anything still changes after `time` (an animation, a transition, a pending delayed show).
    /// When false, the frame timer of this document's subscriptions stops.
    func isAnimating(at time: Double) -> Bool
    /// Both of the above at once (see the extension's default).
    func frame(at time: Double, outlines: Bool) -> (list: DisplayList?, isAnimating: Bool)
}

extension DisplayListSource {
    /// The display list at `time`, without outlines.
    func displayList(at time: Double) -> DisplayList? { displayList(at: time, outlines: false) }

    /// The display list at `time` and whether anything still changes after it; sources that can answer both at
    /// once (a session: one copy, one advance) implement it, others answer with the two questions.
    package func frame(at time: Double, outlines: Bool) -> (list: DisplayList?, isAnimating: Bool) {
        (displayList(at: time, outlines: outlines), isAnimating(at: time))
    }
}

/// Finds the display-list source of an open document's scene.
package protocol DisplayListProvider: Sendable {
    /// The source of `scene` of document `uri` (nil scene: the document's initial scene), or nil when there is
    /// no such document or scene, or it has no valid tree yet.
    func source(for uri: String, scene: String?) -> (any DisplayListSource)?
    /// Whether a document with this uri is open (valid or not).
    func isOpen(_ uri: String) -> Bool
}

extension DisplayListProvider {
    /// The -32602/-32803 answer when `source(for:scene:)` found nothing: no document, no such scene, or no valid
    /// tree yet.
    func missingSource(_ params: JSONValue, uri: String, uriValue: JSONValue) -> any Error {
        guard isOpen(uri) else { return DocumentTarget.notOpen(uriValue) }
        if let scene = params.optionalMember("scene"), source(for: uri, scene: nil) != nil {
            return JSONDecodingError(at: scene, "no scene with this id in the document (see skeleton/scenes)")
        }
        return DocumentStore.noValidTree(uri)
    }
}
