/// Computes one skeleton layer's fill at a time: the tint, a static vertical gradient, and the running
/// animation (pulse colour, sliding gradient points, custom tracks) under the motion options.
struct LayerPainter {
    let scheme: ColorScheme
    let layer: SkeletonLayerState
    let canvas: Size
    let motion: MotionOptions
    let time: Double
    let animate: Bool

    init(session: SkeletonSession, layer: SkeletonLayerState, holder: Int, time: Double, animate: Bool) {
        scheme = session.document.colorScheme
        self.layer = layer
        canvas = session.document.canvasSize
        motion = session.motion
        self.time = time
        self.animate = animate
    }

    /// The fill of a layer with rectangle `rect`, and an opacity factor from the animation.
    func fill(for rect: Rect) -> (Fill, Double) {
        let colors = layer.colors.map { $0.resolved(scheme) }
        let base = colors.first ?? .clear
        var solid = base
        var start = Point(x: 0.5, y: 0)
        var end = Point(x: 0.5, y: 1)
        var opacity = 1.0
        if animate, let running = layer.animation, let sample = sample(running) {
            switch sample {
            case .fade(let factor):
                opacity = factor
            case .tracks(let p, let elapsedOrigin):
                for track in running.descriptor.tracks {
                    switch track.property {
                    case .backgroundColor:
                        guard layer.type == .solid else { continue }  // a gradient layer has no background colour
                        let from = color(track.from) ?? base
                        let to = color(track.to) ?? base
                        solid = from.mix(to, p)
                    case .opacity:
                        let from = number(track.from) ?? 1
                        opacity = from + ((number(track.to) ?? 1) - from) * p
                    case .startPoint:
                        start = point(track, p, fallback: start)
                    case .endPoint:
                        end = point(track, p, fallback: end)
                    }
                }
                if elapsedOrigin == .canvas, layer.type == .gradient {
                    start = Self.toLayer(start, canvas: canvas, rect: rect)
                    end = Self.toLayer(end, canvas: canvas, rect: rect)
                }
            }
        }
        switch layer.type {
        case .solid:
            return (.solid(solid), opacity)
        case .gradient:
            return (
                .linearGradient(LinearGradient(colors: colors.isEmpty ? [.clear] : colors, start: start, end: end)),
                opacity
            )
        }
    }

    private enum Space { case layer, canvas }
    private enum Sample {
        case tracks(Double, Space)
        case fade(Double)
    }

    /// The animation's state at `time` under the motion options, or nil when it shows the model value.
    private func sample(_ running: RunningAnimation) -> Sample? {
        let elapsed = time - running.startedAt
        if let stop = motion.stopAfter, elapsed >= stop { return nil }
        switch motion.reducedMotion {
        case .static: return nil
        case .fade:
            guard elapsed >= 0 else { return nil }
            let fade = CustomAnimation(tracks: [], duration: 2, timingFunction: .easeInEaseOut, autoreverses: true)
            return AnimationSampler.progress(fade, elapsed: elapsed).map { .fade(1 - 0.4 * $0) }
        case .off:
            let slides = running.descriptor.tracks.contains { $0.property == .startPoint || $0.property == .endPoint }
            if motion.gradientSpace == .canvas, slides {
                // One sweep for the whole canvas, in phase with the clock rather than the layer's start.
                guard elapsed >= 0 else { return nil }
                return AnimationSampler.progress(running.descriptor, elapsed: time).map { .tracks($0, .canvas) }
            }
            return AnimationSampler.progress(running.descriptor, elapsed: elapsed).map { .tracks($0, .layer) }
        }
    }

    private func color(_ v: AnimatedValue?) -> RGBA? {
        switch v {
        case .color(let c): return c.resolved(scheme)
        case .complementaryColor: return (layer.colors.first ?? .clear).complementary.resolved(scheme)
        default: return nil
        }
    }

    private func number(_ v: AnimatedValue?) -> Double? {
        if case .number(let d) = v { return d }
        return nil
    }

    private func point(_ track: AnimationTrack, _ p: Double, fallback: Point) -> Point {
        var from = fallback
        var to = fallback
        if case .point(let f) = track.from { from = f }
        if case .point(let t) = track.to { to = t }
        return Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
    }

    /// A point in canvas unit coordinates, in `rect`'s unit coordinates.
    static func toLayer(_ p: Point, canvas: Size, rect: Rect) -> Point {
        guard rect.width > 0, rect.height > 0 else { return p }
        return Point(x: (p.x * canvas.width - rect.x) / rect.width, y: (p.y * canvas.height - rect.y) / rect.height)
    }
}
