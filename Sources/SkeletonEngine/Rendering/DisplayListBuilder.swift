extension SkeletonSession {
    /// The display list at `time`: content layers (visible nodes' backgrounds) and skeleton layers (blocks
    /// and lines), in paint order, in absolute canvas points. Delayed work due by `time` is taken into
    /// account without changing the session.
    public func layers(at time: Double) -> DisplayList {
        var copy = self
        _ = copy.advance(to: time)
        return copy.buildDisplayList(at: time)
    }

    /// The display list at `time` built as a whole, without reusing the last build: what `layers(at:)` must equal
    /// (tests compare the two) and what a build costs (the bench).
    public func layersBuiltWhole(at time: Double) -> DisplayList {
        var copy = self
        _ = copy.advance(to: time)
        return copy.buildDisplayList(at: time, reuse: false)
    }

    private func buildDisplayList(at time: Double, reuse: Bool = true) -> DisplayList {
        let appearance = self.appearance
        let scheme = document.colorScheme
        if reuse, departing.isEmpty, let last = displayListCache.lastBuild, last.isStatic(at: time),
           last.scheme == scheme, last.canvas == document.canvasSize, last.appearance == appearance,
           let rebuilt = rebuild(from: last, appearance: appearance, at: time) {
            return rebuilt
        }
        var departingByNode: [String: [Int]] = [:]
        for (k, d) in departing.enumerated() { departingByNode[d.reference, default: []].append(k) }
        var pass = EmitPass(
            nodes: tree.count, departing: departingByNode, appearance: appearance, time: time,
            capacity: tree.count + tree.count / 2)
        if !departing.isEmpty { pass.staticSince = .infinity }
        emit(0, clips: [], into: &pass)
        let list = DisplayList(size: document.canvasSize, background: scheme == .dark ? .black : .white, layers: pass.out)
        guard reuse else { return list }
        displayListCache.store(DisplayListCache.Build(
            list: list, revision: tree.revision, stateRevision: states.revision, appearance: appearance, scheme: scheme,
            canvas: document.canvasSize, start: pass.start, end: pass.end, staticSince: pass.staticSince, time: time),
            partial: false)
        return list
    }

    /// The list of `last` with the run of the one subtree holding every node that differs from it rebuilt; nil
    /// when that cannot be done (see `DisplayListCache`).
    private func rebuild(from last: DisplayListCache.Build, appearance: SkeletonAppearance, at time: Double) -> DisplayList? {
        let n = tree.count, m = last.revision.count
        func same(_ j: Int, _ k: Int) -> Bool {
            tree.revision[j] == last.revision[k] && states.revision[j] == last.stateRevision[k]
        }
        var a = 0
        while a < min(n, m), same(a, a) { a += 1 }
        var b = 0
        while b < min(n, m) - a, same(n - 1 - b, m - 1 - b) { b += 1 }
        if a == n, n == m { return last.list }
        // New nodes a..<(n - b) replace old ones a..<(m - b): find the subtree holding them.
        guard a < n - b, a < m else { return nil }
        var v = a
        while tree.end[v] < n - b {
            v = tree.parent[v]
            guard v >= 0 else { return nil }
        }
        // The run is in the old list only when no ancestor hid the subtree.
        var clips: [RoundedRect] = []
        var p = tree.parent[v]
        while p >= 0 {
            if tree.nodes[p].isHidden || states[p].hiddenBySkeleton { return nil }
            if tree.nodes[p].clipsToBounds {
                let o = tree.origin[p], size = frameSize(p)
                clips.append(RoundedRect(rect: Rect(x: o.x, y: o.y, width: size.width, height: size.height), cornerRadius: tree.nodes[p].cornerRadius))
            }
            p = tree.parent[p]
        }
        clips.reverse()
        let nodeDelta = n - m
        let oldStart = last.start[v], oldEnd = last.end[v]
        var pass = EmitPass(nodes: n, departing: [:], appearance: appearance, time: time, capacity: 0)
        pass.out = Array(last.list.layers[..<oldStart])
        pass.out.reserveCapacity(last.list.layers.count + 16)
        emit(v, clips: clips, into: &pass)
        let layerDelta = pass.out.count - oldEnd
        pass.out.append(contentsOf: last.list.layers[oldEnd...])
        // Runs: before v as they were (ancestors grow), v's subtree as just emitted, after it moved.
        for j in 0..<v {
            pass.start[j] = last.start[j]
            pass.end[j] = last.end[j]
        }
        var ancestor = tree.parent[v]
        while ancestor >= 0 {
            pass.end[ancestor] += layerDelta
            ancestor = tree.parent[ancestor]
        }
        for j in tree.end[v]..<n {
            pass.start[j] = last.start[j - nodeDelta] + layerDelta
            pass.end[j] = last.end[j - nodeDelta] + layerDelta
        }
        let list = DisplayList(size: last.list.size, background: last.list.background, layers: pass.out)
        displayListCache.store(DisplayListCache.Build(
            list: list, revision: tree.revision, stateRevision: states.revision, appearance: appearance, scheme: last.scheme,
            canvas: last.canvas, start: pass.start, end: pass.end, staticSince: max(last.staticSince, pass.staticSince),
            time: time),
            partial: true)
        return list
    }

    private func emit(_ v: Int, clips: [RoundedRect], into pass: inout EmitPass) {
        pass.start[v] = pass.out.count
        defer { pass.end[v] = pass.out.count }
        let node = tree.nodes[v]
        let st = states[v]
        if node.isHidden || st.hiddenBySkeleton { return }
        let o = tree.origin[v]
        let size = frameSize(v)
        let rect = Rect(x: o.x, y: o.y, width: size.width, height: size.height)
        let time = pass.time
        if let bg = node.backgroundColor {
            let color = bg.resolved(document.colorScheme)
            let opacity = contentOpacity(st.contentFade, at: time)
            if let fade = st.contentFade { pass.fades(from: fade.start, for: fade.duration) }
            if color.alpha > 0, opacity > 0, !rect.isEmpty {
                pass.out.append(Layer(
                    id: node.reference + "#content", node: node.reference, kind: .content,
                    shape: RoundedRect(rect: rect, cornerRadius: node.cornerRadius), fill: .solid(color),
                    opacity: opacity, clips: clips))
            }
        }
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
            pass.out.append(contentsOf: skeletonLayers(v, layer, at: time, animate: true, clips: inner, appearance: pass.appearance))
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

    /// The layers of leaf `v`'s skeleton: one block, or one layer per line.
    func skeletonLayers(
        _ v: Int, _ layer: SkeletonLayerState, at time: Double, animate: Bool, clips: [RoundedRect],
        appearance: SkeletonAppearance? = nil
    ) -> [Layer] {
        let opacity = progress(start: layer.appearedAt, duration: layer.fadeIn, at: time)
        return buildSkeletonLayers(v, layer, opacity: opacity, at: time, animate: animate, clips: clips, appearance: appearance ?? self.appearance)
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
