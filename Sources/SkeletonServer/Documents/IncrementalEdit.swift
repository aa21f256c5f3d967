package import SkeletonEngine
package import SkeletonModel

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
        let needed = entry.state.withLock { state -> TextDocument? in
            guard state.isCleanJSON else {
                state.spans = nil
                return nil
            }
            return state.spans == nil ? state.text : nil
        }
        // Read from the text's syntax tree (the entry's), outside the state's lock.
        let built = needed.flatMap { NodeSpanIndex.build(document: entry.syntaxTree(of: $0)) }
        return entry.state.withLock { state -> NodeSpanIndex? in
            guard state.isCleanJSON else { return nil }
            if state.spans == nil, let built, state.text.version == needed?.version { state.spans = built }
            return state.spans
        }
    }

    /// Applies a text edit (`edit`, already applied to the entry's text) to the one node whose text holds it, as a
    /// design edit. Returns false, changing nothing, when the whole text must be analysed instead.
    func applyInPlace(_ uri: String, _ entry: DocumentEntry, edit: ByteEdit, spans: consuming NodeSpanIndex) -> Bool {
        guard let events = replaceInPlace(uri, entry, text: nil, edit: edit, spans: consume spans, as: .edit) else {
            return false
        }
        sessionChanged(uri, entry, events: events.map { SceneEvent(scene: "", event: $0) })
        return true
    }

    /// Applies `edit` to the one node whose text holds it and, when `text` is given, makes it the entry's text
    /// (else the edit is already in the entry's text), as `change` says (see `DocumentChange`), and publishes the
    /// text's warnings again when it has any (or had). Returns the session's events, or nil, changing nothing, when the whole text must be analysed instead. The caller reports
    /// the session change.
    func replaceInPlace(
        _ uri: String, _ entry: DocumentEntry, text: TextDocument?, edit: ByteEdit, spans: consuming NodeSpanIndex,
        as change: DocumentChange
    ) -> [LifecycleEvent]? {
        let now = configuration.clock.now
        // The index moves into the edit: with the state's reference dropped, it is spliced in place, not copied.
        // (The state's index, if the edit declines, is built again on the next edit.)
        var owned: NodeSpanIndex? = consume spans
        let result = entry.state.withLock {
            state -> (events: [LifecycleEvent], publication: (TextDocument, [DocumentProblem])?)? in
            let buffer = text?.buffer ?? state.text.buffer
            state.spans = nil
            // A patch's difference is computed, so its range may start inside a neighbour: climb if needed.
            // A device width lays the whole tree out again: a node decoded alone would have the text's frames.
            guard state.traits.width == nil, state.sceneTraits[""]?.width == nil,
                let index = owned.take(),
                let prepared = IncrementalEdit(text: buffer, edit: edit, spans: consume index, climbing: text != nil),
                // Out of the map while it changes, so its storage is not copied.
                var session = state.sessions.removeValue(forKey: "")
            else { return nil }
            // The old subtree's warnings go (its new text has no problem); the new subtree's chain warnings come,
            // from its ancestors as they are (the edit is inside the node), and its node pitfalls.
            let node = SkeletonableChain.pointer(of: prepared.indexPath)
            let warnings =
                SkeletonableChain.warnings(prepared.node, at: prepared.indexPath, in: session).map { chain in
                    state.warnings.filter { !SkeletonableChain.isUnder($0.pointer, node) } + chain
                        + NodePitfalls.warnings(
                            prepared.node, at: node, appearance: NodePitfalls.appearance(of: session.document))
                }
            guard let warnings,
                warnings.count(where: { $0.code == .notSkeletonableAncestor }) <= SkeletonableChain.maxWarnings,
                warnings.count(where: { NodePitfalls.codes.contains($0.code) }) <= NodePitfalls.maxWarnings,
                let events = prepared.apply(to: &session, at: now, as: change)
            else {
                state.sessions[""] = session
                return nil
            }
            state.sessions[""] = session
            if let text {
                state.text = text
                entry.dropSyntaxTree()
            }
            state.spans = prepared.spans
            state.warnings = warnings
            return (events, takePublication(&state, warnings) ? (state.text, warnings) : nil)
        }
        guard let (events, publication) = result else { return nil }
        analysisCounts.withLock { $0.incremental += 1 }
        if let publication { publishDiagnostics(uri, entry, publication.0, publication.1) }
        return events
    }
}

/// One range edit of a valid JSON document, decoded as far as the node that holds it: its new subtree, and the
/// span index of the new text. Pure: the store applies it under its lock, the document fuzzer checks it against
/// whole-text analysis.
package struct IncrementalEdit: Sendable {
    /// The edited node's index path.
    package let indexPath: [Int]
    /// Its new subtree.
    package let node: Node
    /// Nodes in the new subtree, and in the old one.
    package let nodeCount: Int, oldCount: Int
    /// The span index of the new text.
    package let spans: NodeSpanIndex
    let limits: DocumentLimits

    /// Decodes the node that holds `edit` (already applied to `text`; `spans` index the text before it), or nil
    /// when the edit is not inside one node other than the root, or the node's new text has any problem.
    ///
    /// `climbing`: when that node's new text is not one valid node, try its ancestors (below the root) in turn.
    /// For computed differences (a patch's), whose minimal range can start inside a neighbour of what changed.
    ///
    /// `spans` is taken: given its only reference (`consume`), it becomes the new text's index in place.
    package init?(
        text: TextBuffer, edit: ByteEdit, spans: consuming NodeSpanIndex, limits: DocumentLimits = .default,
        climbing: Bool = false
    ) {
        guard var k = spans.innermostNode(containing: edit.start..<edit.oldEnd), k > 0 else { return nil }
        var found = Self.decode(node: k, text: text, edit: edit, spans: spans, limits: limits)
        while found == nil {
            k = spans.spans[k].parent
            guard climbing, k > 0 else { return nil }
            found = Self.decode(node: k, text: text, edit: edit, spans: spans, limits: limits)
        }
        guard let found else { return nil }
        indexPath = found.indexPath
        node = found.node
        nodeCount = found.nodeSpans.spans.count
        oldCount = spans.spans[k].subtreeEnd - k
        spans.splice(k, with: found.nodeSpans, byteDelta: edit.delta)
        self.spans = spans
        self.limits = limits
    }

    /// Node `k`'s new text decoded, with its index path and its own span index; nil when it has any problem.
    private static func decode(
        node k: Int, text: TextBuffer, edit: ByteEdit, spans: NodeSpanIndex, limits: DocumentLimits
    )
        -> (indexPath: [Int], node: Node, nodeSpans: NodeSpanIndex)?
    {
        let old = spans.spans[k]
        let nodeBytes = old.start..<(old.end + edit.delta)
        guard nodeBytes.upperBound <= text.bytes.count else { return nil }
        let indexPath = spans.indexPath(of: k)
        let decoder = DocumentDecoder(limits: limits)
        let (decoded, nodeSpans) = text.bytes.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[nodeBytes])
            return (
                decoder.decodeSubtree(bytes: UnsafeRawBufferPointer(bytes), indexPath: indexPath),
                NodeSpanIndex.build(node: bytes)
            )
        }
        guard let node = decoded.node, decoded.problems.isEmpty, let nodeSpans,
            nodeSpans.spans.count == decoded.nodeCount
        else { return nil }
        return (indexPath, node, nodeSpans)
    }

    /// Replaces the node's subtree in `session` (the session of the text before the edit) as `change` says. Returns
    /// nil, leaving the session as it was, when that cannot give what analysing the whole text gives.
    package func apply(to session: inout SkeletonSession, at time: Double, as change: DocumentChange)
        -> [LifecycleEvent]?
    {
        guard session.document.nodeCount - oldCount + nodeCount <= limits.maxNodes else { return nil }
        return try? session.replaceSubtree(
            atIndexPath: indexPath, with: node, expectedCount: oldCount, at: time, as: change)
    }
}
