import SkeletonEngine
import SkeletonModel

/// The short path from a keystroke to the session: an edit that stays inside one node's text of a valid JSON
/// document re-parses and re-decodes only that node and replaces only its subtree in the session.
///
/// It gives exactly what analysing the whole new text would give (the document stays valid, the same nodes,
/// the same skeleton state); whenever it cannot be sure of that (the node is the root, a table or collection is
/// involved, the node's new text has any problem, an id is used elsewhere, a limit is reached) it declines and
/// the whole text is analysed, which also produces the diagnostics.
extension DocumentStore {
    /// Counts of analyses by kind, for `daemon/status`.
    struct AnalysisCounts: Sendable {
        /// Whole texts parsed and decoded.
        var full = 0
        /// Edits applied to one node's subtree.
        var incremental = 0
    }

    /// The span index of the entry's current text when an edit of it may take the short path (building it on
    /// the first edit of a valid text), else nil.
    func spansForEdit(_ entry: DocumentEntry) -> NodeSpanIndex? {
        guard configuration.incrementalEdits else { return nil }
        return entry.state.withLock { state -> NodeSpanIndex? in
            guard state.isCleanJSON else {
                state.spans = nil
                return nil
            }
            if state.spans == nil {
                state.spans = state.text.buffer.bytes.withUnsafeBufferPointer { NodeSpanIndex.build(document: $0) }
            }
            return state.spans
        }
    }

    /// Applies `edit` (already applied to `text`, the new text) to the one node whose text holds it. Returns
    /// false, changing nothing, when the whole text must be analysed instead.
    func applyInPlace(_ uri: String, _ entry: DocumentEntry, text: TextDocument, edit: ByteEdit, spans: NodeSpanIndex) -> Bool {
        guard let k = spans.innermostNode(containing: edit.start..<edit.oldEnd), k > 0 else { return false }
        let old = spans.spans[k]
        let nodeBytes = old.start..<(old.end + edit.delta)
        let indexPath = spans.indexPath(of: k)
        let decoder = DocumentDecoder()
        let (decoded, nodeSpans) = text.buffer.bytes.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[nodeBytes])
            return (
                decoder.decodeSubtree(bytes: UnsafeRawBufferPointer(bytes), indexPath: indexPath),
                NodeSpanIndex.build(node: bytes))
        }
        guard let node = decoded.node, decoded.problems.isEmpty, let nodeSpans,
              nodeSpans.spans.count == decoded.nodeCount else { return false }
        let oldCount = old.subtreeEnd - k
        let now = configuration.clock.now
        let events = entry.state.withLock { state -> [LifecycleEvent]? in
            guard var session = state.sessions[""],
                  session.document.nodeCount - oldCount + decoded.nodeCount <= decoder.limits.maxNodes
            else { return nil }
            let events: [LifecycleEvent]
            do {
                events = try session.replaceSubtree(atIndexPath: indexPath, with: node, expectedCount: oldCount, at: now)
            } catch {
                return nil
            }
            var spans = spans
            spans.splice(k, with: nodeSpans, byteDelta: edit.delta)
            state.sessions[""] = session
            state.text = text
            state.spans = spans
            return events
        }
        guard let events else { return false }
        analysisCounts.withLock { $0.incremental += 1 }
        sessionChanged(uri, entry, events: events.map { SceneEvent(scene: "", event: $0) })
        return true
    }
}
