import Synchronization

/// A document's tree flattened in preorder, with absolute origins and a reference index.
///
/// Children of `i` are `i + 1`, then each next sibling at the previous one's `end`, up to `end[i]`.
struct FlatTree: Sendable {
    /// Revisions handed out so far, process-wide (so no two trees ever share one).
    private static let revisions = Atomic<Int>(0)
    private(set) var nodes: [Node] = []
    /// One past the last descendant of each node.
    private(set) var end: [Int] = []
    /// Parent index (-1 for the root).
    private(set) var parent: [Int] = []
    /// Absolute origin in canvas points (the root is at 0, 0).
    private(set) var origin: [Point] = []
    /// Effective layout direction is right to left.
    private(set) var rtl: [Bool] = []
    /// Reference → index.
    private(set) var index: [String: Int] = [:]
    /// A number unique to each node as placed in this tree: it changes whenever the node, its position or anything
    /// above it may have changed (a new tree, or a replaced subtree), so caches can key on it instead of comparing
    /// the node.
    private(set) var revision: [Int] = []
    /// Whether the node holds content or has a descendant that does (`Node.holdsContent`).
    private(set) var leadsToContent: [Bool] = []
    /// A show asked to treat every view that leads to content as skeletonable (`ShowOptions.assumeSkeletonable`).
    var assumesSkeletonable = false

    init(_ document: SkeletonDocument) {
        let n = document.nodeCount
        nodes.reserveCapacity(n)
        end.reserveCapacity(n)
        parent.reserveCapacity(n)
        origin.reserveCapacity(n)
        rtl.reserveCapacity(n)
        index.reserveCapacity(n)
        leadsToContent.reserveCapacity(n)
        add(document.root, parent: -1, at: .zero, rtl: document.layoutDirection == .rightToLeft, isRoot: true)
        revision = Self.newRevisions(nodes.count)
    }

    private static func newRevisions(_ count: Int) -> [Int] {
        let last = revisions.add(count, ordering: .relaxed).newValue
        return Array((last - count)..<last)
    }

    /// Appends `node`'s subtree in preorder and returns whether it leads to content.
    @discardableResult
    private mutating func add(_ node: Node, parent p: Int, at base: Point, rtl inherited: Bool, isRoot: Bool) -> Bool {
        let i = nodes.count
        var stripped = node
        stripped.children = []
        nodes.append(stripped)
        end.append(i + 1)
        parent.append(p)
        let o = isRoot ? Point.zero : Point(x: base.x + node.frame.x, y: base.y + node.frame.y)
        origin.append(o)
        let r = node.layoutDirection.map { $0 == .rightToLeft } ?? inherited
        rtl.append(r)
        index[node.reference] = i
        leadsToContent.append(node.holdsContent)
        for child in node.children where add(child, parent: i, at: o, rtl: r, isRoot: false) {
            leadsToContent[i] = true
        }
        end[i] = nodes.count
        return leadsToContent[i]
    }

    /// `isSkeletonable` for this tree's show: the node's own flag, or, when the show assumes it, whether the node
    /// leads to content.
    func isSkeletonable(_ i: Int) -> Bool {
        nodes[i].isSkeletonable || (assumesSkeletonable && leadsToContent[i])
    }

    var count: Int { nodes.count }

    /// Replaces node `i`'s subtree (not the root's) with `node` and its children, in place: nodes before the
    /// subtree keep their indices, nodes after it move by the change in count. Returns that change.
    mutating func replaceSubtree(_ i: Int, with node: Node) -> Int {
        let p = parent[i]
        let oldEnd = end[i]
        var fragment = FlatTree()
        fragment.add(node, parent: -1, at: origin[p], rtl: rtl[p], isRoot: false)
        let delta = fragment.count - (oldEnd - i)
        // A subtree replaced by one with the same references in the same places (a value edited) keeps the index.
        let sameReferences =
            delta == 0 && fragment.nodes.indices.allSatisfy { fragment.nodes[$0].reference == nodes[i + $0].reference }
        if !sameReferences {
            for j in i..<oldEnd { index[nodes[j].reference] = nil }
        }
        // Ancestors span more or fewer nodes; later nodes move.
        var a = p
        while a >= 0 {
            end[a] += delta
            a = parent[a]
        }
        if delta != 0 {
            for j in oldEnd..<count {
                end[j] += delta
                if parent[j] >= oldEnd { parent[j] += delta }
            }
            for (reference, j) in index where j >= oldEnd { index[reference] = j + delta }
        }
        nodes.replaceSubrange(i..<oldEnd, with: fragment.nodes)
        end.replaceSubrange(i..<oldEnd, with: fragment.end.map { $0 + i })
        parent.replaceSubrange(i..<oldEnd, with: fragment.parent.map { $0 < 0 ? p : $0 + i })
        origin.replaceSubrange(i..<oldEnd, with: fragment.origin)
        rtl.replaceSubrange(i..<oldEnd, with: fragment.rtl)
        // Shared with the last display list's build (which compares revisions): copied in bulk.
        revision.replaceSubrange(copying: i..<oldEnd, with: Self.newRevisions(fragment.count))
        leadsToContent.replaceSubrange(i..<oldEnd, with: fragment.leadsToContent)
        a = p
        while a >= 0 {
            leadsToContent[a] = nodes[a].holdsContent || anyChild(of: a) { leadsToContent[$0] }
            a = parent[a]
        }
        if !sameReferences {
            for (reference, j) in fragment.index { index[reference] = j + i }
        }
        return delta
    }

    private init() {}

    /// The ancestors of node `i`, nearest first.
    func ancestors(of i: Int) -> [Int] {
        var out: [Int] = []
        var a = parent[i]
        while a >= 0 {
            out.append(a)
            a = parent[a]
        }
        return out
    }

    /// Whether a direct child of `i` satisfies `test` (children visited in order, none collected).
    func anyChild(of i: Int, _ test: (Int) -> Bool) -> Bool {
        var c = i + 1
        while c < end[i] {
            if test(c) { return true }
            c = end[c]
        }
        return false
    }

    /// Direct children of `i`, in order.
    func children(of i: Int) -> [Int] {
        var out: [Int] = []
        var c = i + 1
        while c < end[i] {
            out.append(c)
            c = end[c]
        }
        return out
    }

    /// SkeletonView's `skeletonChildren`: skeletonable subviews (arranged ones only for stack views).
    func skeletonChildren(of i: Int) -> [Int] {
        let isStack = nodes[i].type == .stackView
        var out: [Int] = []
        var c = i + 1
        while c < end[i] {
            if isSkeletonable(c), !isStack || nodes[c].isArranged { out.append(c) }
            c = end[c]
        }
        return out
    }

    /// Whether `i` has any skeleton child (cheaper than building the list).
    func hasSkeletonChildren(_ i: Int) -> Bool {
        let isStack = nodes[i].type == .stackView
        var c = i + 1
        while c < end[i] {
            if isSkeletonable(c), !isStack || nodes[c].isArranged { return true }
            c = end[c]
        }
        return false
    }

    /// Whether `i`'s superview is a stack view aligned `.trailing` (the line-offset quirk).
    func isInTrailingStack(_ i: Int) -> Bool {
        let p = parent[i]
        guard p >= 0, nodes[p].type == .stackView else { return false }
        return nodes[p].stack?.alignment == .trailing
    }
}
