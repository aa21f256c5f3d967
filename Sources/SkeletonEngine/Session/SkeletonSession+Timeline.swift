/// When the session next changes by itself, so a server can stop its frame timer when idle.
package struct TimelineStatus: Sendable, Hashable {
    /// Something moves continuously at this time (an animation or a fade): draw frames.
    package var isAnimating: Bool
    /// The next time something changes discretely (a delayed show or deferred hide runs, a lifecycle event
    /// comes due, a fade or a finite animation ends); nil: nothing is pending.
    package var nextChange: Double?

    package init(isAnimating: Bool, nextChange: Double?) {
        self.isAnimating = isAnimating
        self.nextChange = nextChange
    }
}

extension SkeletonSession {
    /// Runs the delayed work that is due at `time` (delayed shows, deferred hides, lifecycle events at the
    /// end of transitions), in time order, and returns the events, oldest first.
    package mutating func advance(to time: Double) -> [LifecycleEvent] {
        var out: [LifecycleEvent] = []
        while true {
            let event = scheduledEvents.indices.filter { scheduledEvents[$0].time <= time }
                .min { scheduledEvents[$0].time < scheduledEvents[$1].time }
            let hide = pendingHides.filter { $0.value.runAt <= time }.min {
                ($0.value.runAt, $0.key) < ($1.value.runAt, $1.key)
            }
            let show = pendingShows.filter { $0.value.runAt <= time }.min {
                ($0.value.runAt, $0.key) < ($1.value.runAt, $1.key)
            }
            let tEvent = event.map { scheduledEvents[$0].time } ?? .infinity
            let tHide = hide?.value.runAt ?? .infinity
            let tShow = show?.value.runAt ?? .infinity
            if tEvent == .infinity, tHide == .infinity, tShow == .infinity { break }
            if let e = event, tEvent <= tHide, tEvent <= tShow {
                out.append(scheduledEvents.remove(at: e))
            } else if let h = hide, tHide <= tShow {
                pendingHides[h.key] = nil
                if let root = tree.index[h.key] {
                    _ = performHide(root, options: h.value.options, at: h.value.runAt, events: &out)
                }
            } else if let s = show {
                pendingShows[s.key] = nil
                if let root = tree.index[s.key] {
                    _ = performShow(
                        root, config: s.value.config, minimumDuration: s.value.minimumDuration,
                        assumesSkeletonable: s.value.assumesSkeletonable, at: s.value.runAt,
                        events: &out)
                }
            }
        }
        departing.removeAll { $0.start + $0.duration <= time }
        if time > now { now = time }
        if !history.operations.isEmpty, isIdle { restartHistory() }
        return out
    }

    /// Whether anything moves at `time`, and when the next discrete change after `time` comes. A quiet session
    /// (`isQuiet`) answers for `now` and later without a copy or a look at its nodes: what a document being typed in
    /// asks after each edit.
    package func timeline(at time: Double) -> TimelineStatus {
        if isQuiet, time >= now { return TimelineStatus(isAnimating: false, nextChange: nil) }
        return timelineScanned(at: time)
    }

    /// `timeline(at:)` worked out from every node's state, however quiet the session (what the quiet answer is
    /// tested against).
    func timelineScanned(at time: Double) -> TimelineStatus {
        var copy = self
        _ = copy.advance(to: time)
        return copy.timelineAfterAdvance(at: time, scanning: true)
    }

    /// Whether nothing was called since the session was last idle and nothing waits: no node then shows, fades or
    /// animates from `now` on (every call that makes one do so is in `history`, which `advance` empties once all is
    /// idle again), so the timeline is still at any time not before `now` (a fade may still run at an earlier time).
    var isQuiet: Bool {
        history.operations.isEmpty && pendingShows.isEmpty && pendingHides.isEmpty && scheduledEvents.isEmpty
            && departing.isEmpty && handlers.isEmpty && minimumDurations.isEmpty
    }

    func timelineAfterAdvance(at time: Double, scanning: Bool = false) -> TimelineStatus {
        if !scanning, isQuiet, time >= now { return TimelineStatus(isAnimating: false, nextChange: nil) }
        var next = Double.infinity
        var moving = false
        func consider(_ t: Double) { if t > time { next = min(next, t) } }
        for e in scheduledEvents { consider(e.time) }
        for s in pendingShows.values { consider(s.runAt) }
        for h in pendingHides.values { consider(h.runAt) }
        for d in departing {
            moving = true
            consider(d.start + d.duration)
        }
        for v in states.indices {
            let st = states[v]
            if let f = st.contentFade, f.isRunning(at: time) {
                moving = true
                consider(f.start + f.duration)
            }
            if let f = st.textFade, f.isRunning(at: time) {
                moving = true
                consider(f.start + f.duration)
            }
            // Only layers that fade or animate can move; whether they are drawn at all is asked only of those.
            guard let layer = st.layer, time < layer.appearedAt + layer.fadeIn || layer.animation != nil,
                !isHiddenForDrawing(v)
            else { continue }
            if time < layer.appearedAt + layer.fadeIn {
                moving = true
                consider(layer.appearedAt + layer.fadeIn)
            }
            if let a = layer.animation, motion.reducedMotion != .static || motion.stopAfter != nil {
                let elapsed = time - a.startedAt
                var end = motion.reducedMotion == .fade ? nil : AnimationSampler.end(a.descriptor)
                if let stop = motion.stopAfter { end = min(end ?? .infinity, stop) }
                if motion.reducedMotion == .static { continue }
                if let end, elapsed >= end { continue }
                if elapsed >= 0 { moving = true }
                if let end { consider(a.startedAt + end) }
                if elapsed < 0 { consider(a.startedAt) }
            }
        }
        return TimelineStatus(isAnimating: moving, nextChange: next.isFinite ? next : nil)
    }

    /// Whether `v` or an ancestor is hidden (its layers are not drawn).
    func isHiddenForDrawing(_ v: Int) -> Bool {
        var i = v
        while i >= 0 {
            if tree.nodes[i].isHidden || states[i].hiddenBySkeleton { return true }
            i = tree.parent[i]
        }
        return false
    }
}
