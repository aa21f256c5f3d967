extension SkeletonSession {
    /// The colour of frame outlines: `UIColor.systemGray` at 60 %.
    package static let outlineColor = RGBA(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.6)
    /// The width of frame outlines, in points.
    package static let outlineWidth = 1.0

    /// One `<ref>#outline` ring per visible view, in preorder: the view's frame (as drawn now, so a label's height
    /// fix shows) with its corner radius. Hidden views and their subtrees have none.
    ///
    /// - Important: the session must already be advanced to the time being drawn (`layers(at:outlines:)` does it).
    func outlineLayers() -> [Layer] {
        var out: [Layer] = []
        out.reserveCapacity(tree.count)
        var v = 0
        while v < tree.count {
            let node = tree.nodes[v]
            if node.isHidden || states[v].hiddenBySkeleton {
                v = tree.end[v]
                continue
            }
            let o = tree.origin[v]
            let size = frameSize(v)
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
