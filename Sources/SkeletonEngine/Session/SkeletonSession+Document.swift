extension SkeletonSession {
    /// Replaces the document, carrying each node's skeleton state across by reference (its id, else its index
    /// path); state of nodes that no longer exist is dropped. Colours re-resolve against the new colour scheme (the
    /// trait hook's update).
    ///
    /// - `.runtime`: active leaves follow their new frames at once (SkeletonView's automatic
    ///   `layoutSkeletonIfNeeded`) and keep their line count; new nodes get no skeleton.
    /// - `.edit`: the skeleton becomes what the calls since the session was last idle give on the new tree, at
    ///   their own times (see `DocumentChange`).
    ///
    /// Returns the events that came due up to `time` before the change.
    package mutating func replaceDocument(
        _ document: SkeletonDocument, at time: Double, as change: DocumentChange
    ) -> [LifecycleEvent] {
        let events = advance(to: time)
        var newTree = FlatTree(document)
        newTree.assumesSkeletonable = tree.assumesSkeletonable
        var newStates = Array(repeating: NodeState(), count: newTree.count)
        for (i, st) in states.enumerated() where !st.isPristine {
            if let j = newTree.index[tree.nodes[i].reference] { newStates[j] = st }
        }
        handlers = handlers.filter { newTree.index[$0] != nil }
        pendingShows = pendingShows.filter { newTree.index[$0.key] != nil }
        pendingHides = pendingHides.filter { newTree.index[$0.key] != nil }
        minimumDurations = minimumDurations.filter { newTree.index[$0.key] != nil }
        self.document = document.withoutSubtree
        tree = newTree
        states = StateTable(newStates)
        layoutCache.retain(only: Set(newTree.index.keys))
        switch change {
        case .edit: replayHistory(to: time)
        case .runtime: history.statesAreReplay = false
        }
        return events
    }
}

extension SkeletonDocument {
    /// The document with its root's children dropped (the session keeps the tree flattened instead).
    var withoutSubtree: SkeletonDocument {
        var copy = self
        copy.root.children = []
        return copy
    }
}
