import SkeletonGraphics
import SkeletonModel

extension SkeletonSession {
    /// The list of `last` with the run of the one subtree holding every node that differs from it rebuilt; nil
    /// when that cannot be done (see `DisplayListCache`).
    func rebuild(from last: DisplayListCache.Build, appearance: SkeletonAppearance, at time: Double) -> DisplayList? {
        let n = tree.count
        let m = last.revision.count
        let (a, b) = Self.unchangedEnds(
            (tree.revision, states.revision), (last.revision, last.stateRevision), count: (n, m))
        if a == n, n == m { return last.list }
        // New nodes a..<(n - b) replace old ones a..<(m - b): find the subtree holding them.
        guard a < n - b, a < m else { return nil }
        var v = a
        while tree.end[v] < n - b {
            v = tree.parent[v]
            guard v >= 0 else { return nil }
        }
        // The run is in the old list only when no ancestor hid the subtree.
        let ancestors = tree.ancestors(of: v)
        var clips: [RoundedRect] = []
        var alpha = 1.0
        for p in ancestors {
            if tree.nodes[p].isHidden || states[p].hiddenBySkeleton { return nil }
            alpha *= tree.nodes[p].alpha
            if tree.nodes[p].clipsToBounds {
                let o = tree.origin[p]
                let size = frameSize(p)
                clips.append(
                    RoundedRect(
                        rect: Rect(x: o.x, y: o.y, width: size.width, height: size.height),
                        cornerRadius: tree.nodes[p].cornerRadius))
            }
        }
        clips.reverse()
        let nodeDelta = n - m
        let oldStart = last.start[v]
        let oldEnd = last.end[v]
        // v's run is emitted on its own and spliced into the last list (whose other segments the new one shares);
        // the runs noted are v's subtree's, in the whole list's indices.
        let subtree = v..<tree.end[v]
        var pass = EmitPass(
            nodes: subtree.count, from: v, departing: [:], appearance: appearance, time: time,
            capacity: oldEnd - oldStart + 16)
        pass.offset = oldStart
        emit(v, clips: clips, into: &pass)
        Self.dim(&pass.out, from: 0, by: alpha)
        let layerDelta = pass.out.count - (oldEnd - oldStart)
        let (start, end) = Self.runs(
            last: (last.start, last.end), subtree: subtree, oldSubtree: v..<(tree.end[v] - nodeDelta),
            emitted: (pass.start, pass.end), layerDelta: layerDelta, ancestors: ancestors)
        let list = DisplayList(splicing: last.list, replaced: oldStart..<oldEnd, with: pass.out)
        displayListCache.store(
            DisplayListCache.Build(
                list: list, revision: tree.revision, stateRevision: states.revision, appearance: appearance,
                scheme: last.scheme,
                canvas: last.canvas, start: start, end: end,
                staticSince: max(last.staticSince, pass.staticSince),
                time: time),
            partial: true)
        return list
    }

    /// How many nodes at the start (`a`) and then at the end (`b`) have the same tree and state revisions in the
    /// new arrays (`n` nodes) and the last build's (`m`), compared in place.
    private static func unchangedEnds(
        _ new: (tree: [Int], state: [Int]), _ old: (tree: [Int], state: [Int]), count: (n: Int, m: Int)
    ) -> (a: Int, b: Int) {
        new.tree.withUnsafeBufferPointer { nt in
            new.state.withUnsafeBufferPointer { ns in
                old.tree.withUnsafeBufferPointer { ot in
                    old.state.withUnsafeBufferPointer { os in
                        let (n, m) = count
                        // Read in place: only within the arrays (they hold one entry per node; nothing matches else).
                        guard nt.count == n, ns.count == n, ot.count == m, os.count == m else { return (0, 0) }
                        let shorter = min(n, m)
                        var a = 0
                        while a < shorter, nt[a] == ot[a], ns[a] == os[a] { a += 1 }
                        var b = 0
                        while b < shorter - a, nt[n - 1 - b] == ot[m - 1 - b], ns[n - 1 - b] == os[m - 1 - b] {
                            b += 1
                        }
                        return (a, b)
                    }
                }
            }
        }
    }

    /// The runs of every node after a rebuild of one subtree: the last build's, with the subtree's old runs replaced
    /// by those just emitted, its ancestors' ends and the later nodes' runs moved by `layerDelta`. When nothing
    /// moved and the subtree's runs are what they were (an edit of values), the last build's arrays themselves.
    private static func runs(
        last: (start: [Int], end: [Int]), subtree: Range<Int>, oldSubtree: Range<Int>,
        emitted: (start: [Int], end: [Int]), layerDelta: Int, ancestors: [Int]
    ) -> (start: [Int], end: [Int]) {
        if layerDelta == 0, subtree == oldSubtree, last.start[subtree].elementsEqual(emitted.start),
            last.end[subtree].elementsEqual(emitted.end)
        {
            return last
        }
        var (start, end) = last
        start.replaceSubrange(oldSubtree, with: emitted.start)
        end.replaceSubrange(oldSubtree, with: emitted.end)
        guard layerDelta != 0 else { return (start, end) }
        for a in ancestors { end[a] += layerDelta }
        for j in subtree.upperBound..<start.count {
            start[j] += layerDelta
            end[j] += layerDelta
        }
        return (start, end)
    }
}
