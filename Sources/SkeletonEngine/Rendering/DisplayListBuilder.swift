extension SkeletonSession {
    /// The display list at `time`: content layers (visible nodes' backgrounds) and skeleton layers (blocks
    /// and lines), in paint order, in absolute canvas points. Delayed work due by `time` is taken into
    /// account without changing the session.
    package func layers(at time: Double) -> DisplayList {
        layers(at: time, outlines: false)
    }

    /// The display list at `time`, with every visible view's frame outlined on top when `outlines` is true
    /// (`Protocol/previews.md`): a design aid for previews, never part of what SkeletonView draws. The session is
    /// copied and advanced once for both.
    package func layers(at time: Double, outlines: Bool) -> DisplayList {
        var copy = self
        _ = copy.advance(to: time)
        var list = copy.buildDisplayList(at: time)
        if outlines { list.append(contentsOf: copy.outlineLayers()) }
        return list
    }

    /// The display list at `time` (outlined when asked) and whether anything still moves after it
    /// (`timeline(at:)`), from one copy of the session advanced once: what a live preview asks for every frame.
    package func frame(at time: Double, outlines: Bool) -> (list: DisplayList, isAnimating: Bool) {
        var copy = self
        _ = copy.advance(to: time)
        var list = copy.buildDisplayList(at: time)
        if outlines { list.append(contentsOf: copy.outlineLayers()) }
        return (list, copy.timelineAfterAdvance(at: time).isAnimating)
    }

    /// The display list at `time` built as a whole, without reusing the last build: what `layers(at:)` must equal
    /// (tests compare the two) and what a build costs (the bench).
    package func layersBuiltWhole(at time: Double) -> DisplayList {
        var copy = self
        _ = copy.advance(to: time)
        return copy.buildDisplayList(at: time, reuse: false)
    }

    private func buildDisplayList(at time: Double, reuse: Bool = true) -> DisplayList {
        let appearance = self.appearance
        let scheme = document.colorScheme
        if reuse, departing.isEmpty, let last = displayListCache.lastBuild, last.isStatic(at: time),
            last.scheme == scheme, last.canvas == document.canvasSize, last.appearance == appearance,
            let rebuilt = rebuild(from: last, appearance: appearance, at: time)
        {
            return rebuilt
        }
        var departingByNode: [String: [Int]] = [:]
        for (k, d) in departing.enumerated() { departingByNode[d.reference, default: []].append(k) }
        var pass = EmitPass(
            nodes: tree.count, departing: departingByNode, appearance: appearance, time: time,
            capacity: tree.count + tree.count / 2)
        if !departing.isEmpty { pass.staticSince = .infinity }
        emit(0, clips: [], into: &pass)
        let list = DisplayList(
            size: document.canvasSize, background: scheme == .dark ? .black : .white, layers: pass.out)
        guard reuse else { return list }
        displayListCache.store(
            DisplayListCache.Build(
                list: list, revision: tree.revision, stateRevision: states.revision, appearance: appearance,
                scheme: scheme,
                canvas: document.canvasSize, start: pass.start, end: pass.end, staticSince: pass.staticSince, time: time
            ),
            partial: false)
        return list
    }

    /// Emits node `v`'s subtree (under `clips`, its ancestors' clips) into `pass`, noting each node's run.
    func emit(_ v: Int, clips: [RoundedRect], into pass: inout EmitPass) {
        pass.begin(v)
        defer { pass.finish(v) }
        let node = tree.nodes[v]
        let st = states[v]
        if node.isHidden || st.hiddenBySkeleton { return }
        let first = pass.out.count
        defer { Self.dim(&pass.out, from: first, by: node.alpha) }
        let o = tree.origin[v]
        let size = frameSize(v)
        let rect = Rect(x: o.x, y: o.y, width: size.width, height: size.height)
        let time = pass.time
        if let bg = node.backgroundColor {
            let color = bg.resolved(document.colorScheme)
            let opacity = contentOpacity(st.contentFade, at: time)
            if let fade = st.contentFade { pass.fades(from: fade.start, for: fade.duration) }
            if color.alpha > 0, opacity > 0, !rect.isEmpty {
                pass.out.append(
                    Layer(
                        id: node.reference + "#content", node: node.reference, kind: .content,
                        shape: RoundedRect(rect: rect, cornerRadius: node.cornerRadius), fill: .solid(color),
                        opacity: opacity, clips: clips))
            }
        }
        // The text is laid out in the document's frame: a label's height fix comes with the skeleton, whose show
        // clears the text (the cross-dissolve fades out the text as it was).
        emitContent(
            v, rect: Rect(x: o.x, y: o.y, width: node.frame.width, height: node.frame.height), clips: clips,
            into: &pass)
        var inner = clips
        if node.clipsToBounds { inner.append(RoundedRect(rect: rect, cornerRadius: node.cornerRadius)) }
        var c = v + 1
        while c < tree.end[v] {
            emit(c, clips: inner, into: &pass)
            c = tree.end[c]
        }
        if !pass.departing.isEmpty, let list = pass.departing[node.reference] {
            for k in list {
                let d = departing[k]
                let fade = 1 - progress(start: d.start, duration: d.duration, at: time)
                guard fade > 0 else { continue }
                for var layer in d.layers {
                    layer.opacity *= fade
                    layer.clips = inner
                    pass.out.append(layer)
                }
            }
        }
        if let layer = st.layer {
            if layer.animation != nil {
                pass.staticSince = .infinity
            } else {
                pass.fades(from: layer.appearedAt, for: layer.fadeIn)
            }
            pass.out.append(
                contentsOf: skeletonLayers(v, layer, at: time, animate: true, clips: inner, appearance: pass.appearance)
            )
        }
        emitBorder(v, rect: rect, clips: clips, into: &pass)
    }

    /// A view's `alpha` applied to the layers its subtree emitted (from `first` on): the view's layer and its
    /// sublayers, SkeletonView's skeleton layer among them, are drawn at that opacity (UIKit's group opacity is
    /// approximated per layer: where two of the view's layers overlap, the lower one shows through a little more).
    static func dim(_ layers: inout [Layer], from first: Int, by alpha: Double) {
        guard alpha < 1, first < layers.count else { return }
        for k in first..<layers.count { layers[k].opacity *= alpha }
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

    /// The layers of leaf `v`'s skeleton: one block, or one layer per line.
    /// `size`: the mask's size when it is not the one the node's state gives (a layer described, not shown).
    func skeletonLayers(
        _ v: Int, _ layer: SkeletonLayerState, at time: Double, animate: Bool, clips: [RoundedRect],
        appearance: SkeletonAppearance? = nil, size: Size? = nil
    ) -> [Layer] {
        let opacity = progress(start: layer.appearedAt, duration: layer.fadeIn, at: time)
        return buildSkeletonLayers(
            v, layer, opacity: opacity, at: time, animate: animate, clips: clips,
            appearance: appearance ?? self.appearance, size: size ?? maskSize(v))
    }

    private func buildSkeletonLayers(
        _ v: Int, _ layer: SkeletonLayerState, opacity: Double, at time: Double, animate: Bool, clips: [RoundedRect],
        appearance: SkeletonAppearance, size: Size
    ) -> [Layer] {
        let node = tree.nodes[v]
        let o = tree.origin[v]
        let suffix = layer.generation == 0 ? "" : "@\(layer.generation)"
        let painter = LayerPainter(session: self, layer: layer, holder: v, time: time, animate: animate)
        if let n = layer.lineCount, n > 0, node.type.isText {
            let p = TextParameters(node: node, appearance: appearance, isRightToLeft: tree.rtl[v])
            let dx = tree.isInTrailingStack(v) ? -size.width : 0
            let inputs = LayoutCache.Inputs(
                node: node, origin: o, size: size, text: p, lineCount: n, trailingStackOffset: dx)
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
        let inputs = LayoutCache.Inputs(
            node: node, origin: o, size: size, text: nil, lineCount: nil, trailingStackOffset: 0)
        let rect =
            layoutCache.rects(for: node.reference, inputs) {
                [Rect(x: o.x, y: o.y, width: size.width, height: size.height)]
            }.first ?? Rect(x: o.x, y: o.y, width: size.width, height: size.height)
        let (fill, alpha) = painter.fill(for: rect)
        return [
            Layer(
                id: "\(node.reference)#block\(suffix)", node: node.reference, kind: .block,
                shape: RoundedRect(rect: rect, cornerRadius: layer.cornerRadius), fill: fill,
                opacity: opacity * alpha, clips: clips)
        ]
    }
}
