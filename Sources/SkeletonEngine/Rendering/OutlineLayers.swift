extension SkeletonSession {
    /// The display list at `time`, with every visible view's frame outlined on top when `outlines` is true
    /// (`Protocol/previews.md`): a design aid for previews, never part of what SkeletonView draws.
    public func layers(at time: Double, outlines: Bool) -> DisplayList {
        var list = layers(at: time)
        if outlines { list.layers += outlineLayers(at: time) }
        return list
    }

    /// The colour of frame outlines: `UIColor.systemGray` at 60 %.
    public static let outlineColor = RGBA(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.6)
    /// The width of frame outlines, in points.
    public static let outlineWidth = 1.0

    /// One `<ref>#outline` ring per visible view, in preorder: the view's frame (as drawn now, so a label's height
    /// fix shows) with its corner radius. Hidden views and their subtrees have none.
    func outlineLayers(at time: Double) -> [Layer] {
        var copy = self
        _ = copy.advance(to: time)
        var out: [Layer] = []
        out.reserveCapacity(copy.tree.count)
        var v = 0
        while v < copy.tree.count {
            let node = copy.tree.nodes[v]
            if node.isHidden || copy.states[v].hiddenBySkeleton {
                v = copy.tree.end[v]
                continue
            }
            let o = copy.tree.origin[v]
            let size = copy.frameSize(v)
            if size.width > 0, size.height > 0 {
                out.append(
                    Layer(
                        id: node.reference + "#outline", node: node.reference, kind: .outline,
                        shape: RoundedRect(
                            rect: Rect(x: o.x, y: o.y, width: size.width, height: size.height),
                            cornerRadius: node.cornerRadius),
                        fill: .solid(Self.outlineColor), content: .stroke(width: Self.outlineWidth)))
            }
            v += 1
        }
        return out
    }
}
