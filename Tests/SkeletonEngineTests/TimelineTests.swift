import SkeletonEngine
import Testing

@Suite("Transitions, delays and lifecycle (§6, §7, §12 cases 12, 16, 17)")
struct TimelineTests {
    static let doc = root(
        ##"""
        {"type": "UIImageView", "id": "img", "frame": [0, 0, 40, 40], "isSkeletonable": true, "backgroundColor": "#336699"}
        """##)

    @Test(arguments: [(0.0, 0.0), (0.125, 0.5), (0.25, 1.0), (1.0, 1.0)])
    func crossDissolveIn(elapsed: Double, opacity: Double) throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .crossDissolve(0.25)), at: 5)
        let list = s.layers(at: 5 + elapsed)
        let block = try #require(list.skeleton(of: "img").first)
        #expect(close(block.opacity, opacity))
        #expect(close(block.opacity, Easing.easeInEaseOut(min(elapsed / 0.25, 1))))
        // The content fades the other way.
        let content = list.layers.first { $0.kind == .content }
        #expect(close(content?.opacity ?? 0, 1 - opacity))
    }

    @Test func noneIsOpaqueAtOnce() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .none), at: 0)
        #expect(s.layers(at: 0).skeleton.first?.opacity == 1)
    }

    @Test func hideFadesOutAndRemoves() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .none), at: 0)
        let h = try s.hide(at: 1)
        #expect(h.states == [.willDisappear])
        #expect(close(s.layers(at: 1.125).skeleton.first?.opacity ?? 0, 0.5))
        #expect(s.layers(at: 1.25).skeleton.isEmpty)
        #expect(s.layers(at: 1.25).layers.map(\.id) == ["img#content"])
        #expect(s.advance(to: 1.25).map(\.state) == [.didDisappear])
    }

    @Test func notificationOrderWithTransitions() throws {
        var s = try session(Self.doc)
        var events: [LifecycleEvent] = []
        events += try s.show(ShowOptions(transition: .crossDissolve(0.5)), at: 0).events
        events += try s.update(UpdateOptions(), at: 0.2).events
        events += s.advance(to: 0.6)
        events += try s.hide(HideOptions(transition: .crossDissolve(0.25)), at: 1).events
        events += s.advance(to: 2)
        #expect(
            events.map(\.state) == [.willAppear, .willUpdate, .didUpdate, .didAppear, .willDisappear, .didDisappear])
        #expect(events.map(\.time) == [0, 0.2, 0.2, 0.5, 1, 1.25])
        #expect(Set(events.map(\.node)) == ["0"])
    }

    @Test func delayThenEarlyHideNeverShows() throws {
        var s = try session(Self.doc)
        #expect(try s.show(ShowOptions(delay: 1), at: 0).outcome == .scheduled(at: 1))
        #expect(try !s.isActive(at: 0.5))
        #expect(try s.hide(at: 0.5).outcome == .cancelledPendingShow)
        for t in [0.5, 1.0, 2.0, 10.0] { #expect(s.layers(at: t).skeleton.isEmpty) }
        #expect(s.advance(to: 10).isEmpty)
    }

    @Test func twoDelayedShowsRunOnlyTheLast() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(delay: 1), at: 0)
        let red = try #require(SkeletonColor(parsing: "#FF0000"))
        _ = try s.show(ShowOptions(color: red, delay: 1, transition: .none), at: 0.5)
        #expect(s.layers(at: 1.2).skeleton.isEmpty)
        let shown = s.layers(at: 1.5).skeleton
        #expect(shown.map(\.id) == ["img#block"])
        let events = s.advance(to: 1.5)
        #expect(events.map(\.state) == [.willAppear, .didAppear])
        #expect(events.map(\.time) == [1.5, 1.5])
        // Delayed shows are animated by default: the pulse started at 1.5.
        #expect(
            s.layers(at: 2.5).skeleton.first?.solidColor?.hexRGB
                == SkeletonColor(parsing: "#FF0000")?.complementary.resolved(.light).hexRGB)
    }

    @Test func showCancelsAPendingDelayUpdateDoesNot() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(delay: 1), at: 0)
        #expect(try s.update(UpdateOptions(), at: 0.2).outcome == .notActive)
        #expect(try s.isActive(at: 1.1))
        var t = try session(Self.doc)
        _ = try t.show(ShowOptions(delay: 1), at: 0)
        _ = try t.show(ShowOptions(transition: .none), at: 0.2)
        _ = try t.hide(HideOptions(transition: .none), at: 0.5)
        #expect(try !t.isActive(at: 2))
        #expect(t.layers(at: 2).skeleton.isEmpty)
    }

    @Test func updateDuringAFadeKeepsTheFade() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .crossDissolve(0.25)), at: 0)
        let red = try #require(SkeletonColor(parsing: "#FF0000"))
        _ = try s.update(UpdateOptions(color: red), at: 0.1)
        let l = try #require(s.layers(at: 0.125).skeleton.first)
        #expect(close(l.opacity, 0.5))
        #expect(l.solidColor?.hexRGB == "#FF0000")
    }

    @Test func minimumDurationHoldsAnEarlyHide() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .none, minimumDuration: 1), at: 0)
        #expect(try s.hide(HideOptions(transition: .none), at: 0.2).outcome == .deferred(until: 1))
        #expect(s.layers(at: 0.9).skeleton.count == 1)
        #expect(s.timeline(at: 0.5).nextChange == 1)
        #expect(s.layers(at: 1).skeleton.isEmpty)
        #expect(s.advance(to: 1).map(\.state) == [.willDisappear, .didDisappear])
        // A later hide is immediate.
        _ = try s.show(ShowOptions(transition: .none, minimumDuration: 1), at: 5)
        #expect(try s.hide(HideOptions(transition: .none), at: 7).outcome == .hidden(leaves: ["img"]))
    }

    @Test func timelineIsIdleWhenNothingMoves() throws {
        var s = try session(Self.doc)
        #expect(s.timeline(at: 0) == TimelineStatus(isAnimating: false, nextChange: nil))
        _ = try s.show(ShowOptions(transition: .crossDissolve(0.25)), at: 0)
        #expect(s.timeline(at: 0.1) == TimelineStatus(isAnimating: true, nextChange: 0.25))
        #expect(s.timeline(at: 0.3) == TimelineStatus(isAnimating: false, nextChange: nil))
        _ = try s.startAnimation(at: 1)
        #expect(s.timeline(at: 1.5).isAnimating)
        _ = try s.show(ShowOptions(delay: 2), node: "img", at: 2)
        #expect(s.timeline(at: 2).nextChange == 4)
    }

    @Test func invalidArguments() throws {
        var s = try session(Self.doc)
        #expect(throws: EngineError.self) { try s.show(ShowOptions(delay: -1), at: 0) }
        #expect(throws: EngineError.self) { try s.show(ShowOptions(), at: .nan) }
        #expect(throws: EngineError.self) { try s.show(ShowOptions(transition: .crossDissolve(.infinity)), at: 0) }
        #expect(throws: EngineError.self) {
            try s.show(ShowOptions(animated: true, animation: .sliding(direction: .leftRight, duration: 0)), at: 0)
        }
        #expect(s.layers(at: 0).skeleton.isEmpty)
    }
}
