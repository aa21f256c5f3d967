import SkeletonModel

/// Why a subtree cannot be replaced in place; the caller then replaces the whole document instead, which always
/// gives the same result.
package enum SubtreeRefusal: Error, Sendable, Hashable {
    /// No node at that index path, or it is the root (the root carries the canvas and the document's settings).
    case noSuchNode
    /// A table or collection is involved: their instances come from template scopes outside the subtree.
    case collection
    /// The old subtree does not have the node count the caller expected: the caller's view of the text is stale.
    case countMismatch
    /// An id of the new subtree is used by a node outside it (a full decode reports the duplicate).
    case idInUse(String)
}

extension SkeletonSession {
    /// Replaces one node's subtree after an edit inside it (a `didChange` or a patch that stayed within the node's
    /// text), with the same outcome as `replaceDocument` with the whole new document and the same `change`:
    /// skeleton state carried across by reference, everything else untouched (other nodes keep their indices'
    /// content, states and cached layouts), then, for `.edit`, the calls since the session was last idle replayed
    /// on the new tree.
    ///
    /// - Parameters:
    ///   - indexPath: the node's position among the explicit children from the root (`[]` is the root).
    ///   - node: the node's new subtree, decoded as the document decoder would in place.
    ///   - expectedCount: how many nodes the caller believes the old subtree has.
    ///   - change: a design edit or a run-time change (see `DocumentChange`).
    package mutating func replaceSubtree(
        atIndexPath indexPath: [Int], with node: Node, expectedCount: Int, at time: Double, as change: DocumentChange
    ) throws(SubtreeRefusal) -> [LifecycleEvent] {
        let i = try explicitNode(at: indexPath)
        guard tree.end[i] - i == expectedCount else { throw .countMismatch }
        for j in i..<tree.end[i] where tree.nodes[j].type.isCollection || tree.nodes[j].instance != nil {
            throw .collection
        }
        try Self.checkReplacement(node, outside: i..<tree.end[i], of: tree)
        let events = advance(to: time)
        let oldEnd = tree.end[i]
        var carried: [String: NodeState] = [:]
        for j in i..<oldEnd where !states[j].isPristine { carried[tree.nodes[j].reference] = states[j] }
        let oldReferences = tree.nodes[i..<oldEnd].map(\.reference)
        let parentHadSkeletonChildren = tree.hasSkeletonChildren(tree.parent[i])
        let delta = tree.replaceSubtree(i, with: node)
        let newEnd = oldEnd + delta
        var newStates: [NodeState] = []
        newStates.reserveCapacity(newEnd - i)
        for j in i..<newEnd { newStates.append(carried[tree.nodes[j].reference] ?? NodeState()) }
        states.replaceSubrange(i..<oldEnd, with: newStates)
        let gone = oldReferences.filter { tree.index[$0] == nil }
        if !gone.isEmpty {
            let vanished = Set(gone)
            handlers.subtract(vanished)
            pendingShows = pendingShows.filter { !vanished.contains($0.key) }
            pendingHides = pendingHides.filter { !vanished.contains($0.key) }
            minimumDurations = minimumDurations.filter { !vanished.contains($0.key) }
            layoutCache.forget(vanished)
        }
        document.nodeCount += delta
        switch change {
        case .edit:
            if !replaySubtree(i, end: newEnd, parentHadSkeletonChildren: parentHadSkeletonChildren) {
                replayHistory(to: time)
            }
        case .runtime: history.statesAreReplay = false
        }
        return events
    }

    /// The node at an index path of explicit children (template instances are not counted), refusing paths
    /// through tables and collections and the root itself.
    private func explicitNode(at indexPath: [Int]) throws(SubtreeRefusal) -> Int {
        guard !indexPath.isEmpty else { throw .noSuchNode }
        return try explicitPath(to: indexPath).last ?? 0
    }

    /// The references and `isSkeletonable` of the ancestors of the node at an index path of explicit children, root
    /// first (nil when there is no such node or the path goes through a table or collection).
    package func explicitAncestors(of indexPath: [Int]) -> [(reference: String, isSkeletonable: Bool)]? {
        guard let path = try? explicitPath(to: indexPath) else { return nil }
        return ([0] + path.dropLast()).map { (tree.nodes[$0].reference, tree.nodes[$0].isSkeletonable) }
    }

    /// The flat indices of the nodes along an index path of explicit children, the root excluded.
    private func explicitPath(to indexPath: [Int]) throws(SubtreeRefusal) -> [Int] {
        var path: [Int] = []
        var i = 0
        for position in indexPath {
            guard !tree.nodes[i].type.isCollection else { throw .collection }
            var c = i + 1
            var seen = 0
            var found = -1
            while c < tree.end[i] {
                if tree.nodes[c].instance == nil {
                    if seen == position {
                        found = c
                        break
                    }
                    seen += 1
                }
                c = tree.end[c]
            }
            guard found >= 0 else { throw .noSuchNode }
            i = found
            path.append(i)
        }
        return path
    }

    /// Refuses a new subtree with a table or collection, or with an id that a node outside `range` uses.
    private static func checkReplacement(_ node: Node, outside range: Range<Int>, of tree: FlatTree)
        throws(SubtreeRefusal)
    {
        if node.type.isCollection { throw .collection }
        if let id = node.id, let j = tree.index[id], !range.contains(j) { throw .idInUse(id) }
        for child in node.children { try checkReplacement(child, outside: range, of: tree) }
    }
}
