import SkeletonEngine
import Testing

@Suite("Animations over time (§5, §12 cases 8, 9)")
struct AnimationTests {
    static let two = root(
        #"""
        {"type": "UIView", "id": "a", "frame": [0, 0, 100, 20], "isSkeletonable": true},
        {"type": "UIView", "id": "b", "frame": [200, 40, 50, 20], "isSkeletonable": true}
        """#, size: "400, 100")

    @Test(arguments: [
        (0.0, "#ECF0F1"), (0.5, "#E5E9EA"), (1.0, "#DEE2E3"), (1.5, "#E5E9EA"), (2.0, "#ECF0F1"), (3.0, "#DEE2E3"),
    ])
    func pulse(time: Double, hex: String) throws {
        var s = try session(Self.two)
        _ = try s.show(ShowOptions(animated: true, transition: .none), at: 10)
        #expect(s.layers(at: 10 + time).skeleton(of: "a").first?.solidColor?.hexRGB == hex)
    }

    @Test func pulseMidpointIsTheHalfMix() throws {
        var s = try session(Self.two)
        _ = try s.show(ShowOptions(animated: true, transition: .none), at: 0)
        let c = try #require(s.layers(at: 0.5).skeleton(of: "a").first?.solidColor)
        let base = SkeletonColor.skeletonDefault.resolved(.light)
        let comp = SkeletonColor.skeletonDefault.complementary.resolved(.light)
        #expect(
            close(
                [c.red, c.green, c.blue],
                [(base.red + comp.red) / 2, (base.green + comp.green) / 2, (base.blue + comp.blue) / 2]))
    }

    @Test(arguments: GradientDirection.allCases)
    func sliding(direction: GradientDirection) throws {
        var s = try session(Self.two)
        let spec = AnimationSpec.sliding(direction: direction)
        _ = try s.show(ShowOptions(type: .gradient, animated: true, animation: spec, transition: .none), at: 0)
        let p = direction.slidingPoints
        func points(_ t: Double) throws -> (Point, Point) {
            let g = try #require(s.layers(at: t).skeleton(of: "a").first?.gradient)
            return (g.start, g.end)
        }
        #expect(try points(0) == (p.startFrom, p.endFrom))
        let e = Easing.value(.easeIn, at: 0.5)
        let (start, end) = try points(0.75)
        #expect(
            close(
                [start.x, start.y, end.x, end.y],
                [
                    p.startFrom.x + (p.startTo.x - p.startFrom.x) * e,
                    p.startFrom.y + (p.startTo.y - p.startFrom.y) * e,
                    p.endFrom.x + (p.endTo.x - p.endFrom.x) * e, p.endFrom.y + (p.endTo.y - p.endFrom.y) * e,
                ]))
        #expect(try points(1.5) == (p.startFrom, p.endFrom))  // wraps, no autoreverse
    }

    @Test func leftRightHighlightCentre() throws {
        var s = try session(Self.two)
        _ = try s.show(ShowOptions(type: .gradient, animated: true, transition: .none), at: 0)
        let g = try #require(s.layers(at: 0.75).skeleton(of: "a").first?.gradient)
        let centre = (g.start.x + g.end.x) / 2
        #expect(close(centre, -0.5 + 2 * Easing.value(.easeIn, at: 0.5)))
        #expect(close(Easing.value(.easeIn, at: 0.5), Easing.value(.cubicBezier(0.42, 0, 1, 1), at: 0.5)))
    }

    @Test func rtlHoldersSlideRightToLeft() throws {
        var s = try session(Self.two.dropLast() + #", "layoutDirection": "rtl"}"#)
        _ = try s.show(ShowOptions(type: .gradient, animated: true, transition: .none), at: 0)
        #expect(s.layers(at: 0).skeleton(of: "a").first?.gradient?.start == Point(x: 1, y: 0.5))
    }

    @Test func updateWithoutAnimatedStopsTheAnimation() throws {
        var s = try session(Self.two)
        _ = try s.show(ShowOptions(animated: true, transition: .none), at: 0)
        _ = try s.update(UpdateOptions(), at: 0.4)
        #expect(s.layers(at: 1).skeleton(of: "a").first?.solidColor?.hexRGB == "#ECF0F1")
        // updateAnimated restarts the phase at the update.
        _ = try s.update(UpdateOptions(animated: true), at: 2)
        #expect(s.layers(at: 3).skeleton(of: "a").first?.solidColor?.hexRGB == "#DEE2E3")
    }

    @Test func startAndStopAnimation() throws {
        var s = try session(Self.two)
        _ = try s.show(instant, at: 0)
        #expect(try s.startAnimation(node: "a", at: 1).outcome == .animation(leaves: ["a"]))
        #expect(s.layers(at: 2).skeleton(of: "a").first?.solidColor?.hexRGB == "#DEE2E3")
        #expect(s.layers(at: 2).skeleton(of: "b").first?.solidColor?.hexRGB == "#ECF0F1")
        _ = try s.stopAnimation(at: 2.5)
        #expect(s.layers(at: 3).skeleton(of: "a").first?.solidColor?.hexRGB == "#ECF0F1")
        // A relayout does not restart it (quirk 9 fixed).
        _ = s.replaceDocument(try document(Self.two), at: 4, as: .runtime)
        #expect(s.layers(at: 5).skeleton(of: "a").first?.solidColor?.hexRGB == "#ECF0F1")
    }

    @Test func customDescriptor() throws {
        var s = try session(Self.two)
        let red = try #require(SkeletonColor(parsing: "#FF0000"))
        let custom = CustomAnimation(
            tracks: [
                AnimationTrack(property: .backgroundColor, to: .color(red)),
                AnimationTrack(property: .opacity, from: .number(1), to: .number(0.5)),
            ],
            duration: 2, timingFunction: .linear, autoreverses: false, repeatCount: 1)
        _ = try s.show(ShowOptions(animated: true, animation: .custom(custom), transition: .none), at: 0)
        let mid = try #require(s.layers(at: 1).skeleton(of: "a").first)
        #expect(close(mid.opacity, 0.75))
        #expect(close(mid.solidColor?.red, (236.0 / 255 + 1) / 2))
        // After its only cycle the model value shows again.
        let after = try #require(s.layers(at: 2.5).skeleton(of: "a").first)
        #expect(after.opacity == 1)
        #expect(after.solidColor?.hexRGB == "#ECF0F1")
        #expect(s.timeline(at: 2.5).isAnimating == false)
    }

    @Test func canvasSpaceKeepsBlocksInPhase() throws {
        var s = try session(Self.two)
        s.motion.gradientSpace = .canvas
        _ = try s.show(ShowOptions(type: .gradient, animated: true, transition: .none), at: 0.3)
        _ = try s.show(ShowOptions(type: .gradient, animated: true, transition: .none), node: "b", at: 0.9)
        let list = s.layers(at: 1.2)
        // Map each block's unit start point back to canvas points: they agree.
        func canvasStart(_ node: String) throws -> Double {
            let l = try #require(list.skeleton(of: node).first)
            let g = try #require(l.gradient)
            return l.shape.rect.x + g.start.x * l.shape.rect.width
        }
        #expect(close(try canvasStart("a"), try canvasStart("b")))
        // And it is the canvas-wide sweep at the clock's phase (1.2 s into the 1.5 s cycle).
        let p = Easing.value(.easeIn, at: 1.2 / 1.5)
        #expect(close(try canvasStart("a"), (-1 + 2 * p) * 400))
    }

    @Test func reducedMotion() throws {
        var s = try session(Self.two)
        _ = try s.show(ShowOptions(animated: true, transition: .none), at: 0)
        s.motion.reducedMotion = .static
        #expect(s.layers(at: 1).skeleton(of: "a").first?.solidColor?.hexRGB == "#ECF0F1")
        #expect(s.timeline(at: 1).isAnimating == false)
        s.motion.reducedMotion = .fade
        let faded = try #require(s.layers(at: 2).skeleton(of: "a").first)
        #expect(close(faded.opacity, 0.6))
        #expect(faded.solidColor?.hexRGB == "#ECF0F1")
        s.motion = MotionOptions(stopAfter: 0.5)
        #expect(s.layers(at: 0.25).skeleton(of: "a").first?.solidColor?.hexRGB != "#ECF0F1")
        #expect(s.layers(at: 1).skeleton(of: "a").first?.solidColor?.hexRGB == "#ECF0F1")
        #expect(s.timeline(at: 1).isAnimating == false)
        #expect(s.timeline(at: 0.25) == TimelineStatus(isAnimating: true, nextChange: 0.5))
    }
}
