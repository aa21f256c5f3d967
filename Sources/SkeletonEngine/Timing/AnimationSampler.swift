/// Core Animation timing for one animation: repeat, autoreverse and the timing function.
package enum AnimationSampler {
    /// The eased progress (0 = from, 1 = to) `elapsed` seconds after the animation started, or nil when it
    /// has no effect (before it starts, or after its last repeat: the layer shows its model value).
    package static func progress(_ a: CustomAnimation, elapsed: Double) -> Double? {
        guard elapsed >= 0, a.duration > 0 else { return nil }
        let cycle = a.duration * (a.autoreverses ? 2 : 1)
        if a.repeatCount.isFinite {
            let total = cycle * max(a.repeatCount, 1)
            guard elapsed < total else { return nil }
        }
        let local = elapsed.truncatingRemainder(dividingBy: cycle)
        if local < a.duration {
            return Easing.value(a.timingFunction, at: local / a.duration)
        }
        return Easing.value(a.timingFunction, at: (cycle - local) / a.duration)
    }

    /// Whether the animation is still running at `elapsed`.
    package static func isRunning(_ a: CustomAnimation, elapsed: Double) -> Bool {
        guard a.duration > 0 else { return false }
        if !a.repeatCount.isFinite { return true }
        return elapsed < a.duration * (a.autoreverses ? 2 : 1) * max(a.repeatCount, 1)
    }

    /// When a finite animation ends (elapsed seconds), or nil for an endless one.
    package static func end(_ a: CustomAnimation) -> Double? {
        guard a.repeatCount.isFinite else { return nil }
        return a.duration * (a.autoreverses ? 2 : 1) * max(a.repeatCount, 1)
    }
}
