extension SkeletonSession {
    /// The display list at `time`: content layers (visible nodes' backgrounds) and skeleton layers (blocks
    /// and lines), in paint order, in absolute canvas points. Delayed work due by `time` is taken into
    /// account without changing the session.
    public func layers(at time: Double) -> DisplayList {
        var copy = self
        _ = copy.advance(to: time)
        return copy.buildDisplayList(at: time)
    }

    private func buildDisplayList(at time: Double) -> DisplayList {
        var departingByNode: [String: [Int]] = [:]
        for (k, d) in departing.enumerated() { departingByNode[d.reference, default: []].append(k) }
        var out: [Layer] = []
        out.reserveCapacity(tree.count + tree.count / 2)
        let appearance = self.appearance
        emit(0, clips: [], departing: departingByNode, appearance: appearance, at: time, into: &out)
        let scheme = document.colorScheme
        return DisplayList(size: document.canvasSize, background: scheme == .dark ? .black : .white, layers: out)
    }

    private func emit(
        _ v: Int, clips: [RoundedRect], departing byNode: [String: [Int]], appearance: SkeletonAppearance, at time: Double,
        into out: inout [Layer]
    ) {
        let node = tree.nodes[v]
        let st = states[v]
        if node.isHidden || st.hiddenBySkeleton { return }
        let o = tree.origin[v]
        let size = frameSize(v)
        let rect = Rect(x: o.x, y: o.y, width: size.width, height: size.height)
        if let bg = node.backgroundColor {
            let color = bg.resolved(document.colorScheme)
            let opacity = contentOpacity(st.contentFade, at: time)
            if color.alpha > 0, opacity > 0, !rect.isEmpty {
                out.append(Layer(
                    id: node.reference + "#content", node: node.reference, kind: .content,
                    shape: RoundedRect(rect: rect, cornerRadius: node.cornerRadius), fill: .solid(color),
                    opacity: opacity, clips: clips))
            }
        }
        var inner = clips
        if node.clipsToBounds { inner.append(RoundedRect(rect: rect, cornerRadius: node.cornerRadius)) }
        var c = v + 1
        while c < tree.end[v] {
            emit(c, clips: inner, departing: byNode, appearance: appearance, at: time, into: &out)
            c = tree.end[c]
        }
        if let list = byNode[node.reference] {
            for k in list {
                let d = departing[k]
                let fade = 1 - progress(start: d.start, duration: d.duration, at: time)
                guard fade > 0 else { continue }
                for var layer in d.layers {
                    layer.opacity *= fade
                    layer.clips = inner
                    out.append(layer)
                }
            }
        }
        if let layer = st.layer {
            out.append(contentsOf: skeletonLayers(v, layer, at: time, animate: true, clips: inner, appearance: appearance))
        }
    }

    /// The content's opacity under a fade (1 when there is none).
    func contentOpacity(_ fade: ContentFade?, at time: Double) -> Double {
        guard let f = fade else { return 1 }
        let p = progress(start: f.start, duration: f.duration, at: time)
        return f.clearing ? 1 - p : p
    }

    /// Eased (ease-in-ease-out) progress of a transition; 1 once it ended, 0 before it began.
    func progress(start: Double, duration: Double, at time: Double) -> Double {
        if time < start { return 0 }
        guard duration > 0 else { return 1 }
        return Easing.easeInEaseOut((time - start) / duration)
    }

    /// The layers of leaf `v`'s skeleton: one block, or one layer per line. Layers that no longer change with time
    /// (faded in, not animated) are kept per node and reused while nothing they are made from changes, so an
    /// unchanged node costs one lookup and its layers compare equal to the last frame's in constant time.
    func skeletonLayers(
        _ v: Int, _ layer: SkeletonLayerState, at time: Double, animate: Bool, clips: [RoundedRect],
        appearance: SkeletonAppearance? = nil
    ) -> [Layer] {
        let opacity = progress(start: layer.appearedAt, duration: layer.fadeIn, at: time)
        guard opacity == 1, !(animate && layer.animation != nil) else {
            return buildSkeletonLayers(v, layer, opacity: opacity, at: time, animate: animate, clips: clips, appearance: appearance ?? self.appearance)
        }
        let appearance = appearance ?? self.appearance
        let key = StaticLayersKey(
            revision: tree.revision[v], size: maskSize(v), appearance: appearance, layer: layer,
            scheme: document.colorScheme, canvas: document.canvasSize, clips: clips)
        return layoutCache.staticLayers(for: tree.nodes[v].reference, key) {
            buildSkeletonLayers(v, layer, opacity: 1, at: time, animate: animate, clips: clips, appearance: appearance)
        }
    }

    private func buildSkeletonLayers(
        _ v: Int, _ layer: SkeletonLayerState, opacity: Double, at time: Double, animate: Bool, clips: [RoundedRect],
        appearance: SkeletonAppearance
    ) -> [Layer] {
        let node = tree.nodes[v]
        let o = tree.origin[v]
        let size = maskSize(v)
        let suffix = layer.generation == 0 ? "" : "@\(layer.generation)"
        let painter = LayerPainter(session: self, layer: layer, holder: v, time: time, animate: animate)
        if let n = layer.lineCount, n > 0, node.type.isText {
            let p = TextParameters(node: node, appearance: appearance, isRightToLeft: tree.rtl[v])
            let dx = tree.isInTrailingStack(v) ? -size.width : 0
            let inputs = LayoutCache.Inputs(node: node, origin: o, size: size, text: p, lineCount: n, trailingStackOffset: dx)
            let lines = layoutCache.rects(for: node.reference, inputs) {
                TextLayout.lineFrames(p, count: n, in: size).map { $0.offsetBy(dx: o.x + dx, dy: o.y) }
            }
            return lines.enumerated().map { k, rect in
                let (fill, alpha) = painter.fill(for: rect)
                return Layer(
                    id: "\(node.reference)#line\(k)\(suffix)", node: node.reference, kind: .line,
                    shape: RoundedRect(rect: rect, cornerRadius: p.linesCornerRadius), fill: fill,
                    opacity: opacity * alpha, clips: clips)
            }
        }
        let inputs = LayoutCache.Inputs(node: node, origin: o, size: size, text: nil, lineCount: nil, trailingStackOffset: 0)
        let rect = layoutCache.rects(for: node.reference, inputs) {
            [Rect(x: o.x, y: o.y, width: size.width, height: size.height)]
        }.first ?? Rect(x: o.x, y: o.y, width: size.width, height: size.height)
        let (fill, alpha) = painter.fill(for: rect)
        return [Layer(
            id: "\(node.reference)#block\(suffix)", node: node.reference, kind: .block,
            shape: RoundedRect(rect: rect, cornerRadius: layer.cornerRadius), fill: fill,
            opacity: opacity * alpha, clips: clips)]
    }
}
