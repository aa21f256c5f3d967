import SkeletonEngine
import Testing

@Suite("Colours, gradients, show twice, update (§4, §1.7, §12 cases 7, 10, 11)")
struct ColorAndUpdateTests {
    static let block = root(#"{"type": "UIView", "id": "b", "frame": [10, 10, 100, 50], "isSkeletonable": true}"#)

    @Test func defaultSolidLightAndDark() throws {
        var s = try session(Self.block)
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).skeleton(of: "b").first?.solidColor?.hexRGB == "#ECF0F1")
        var dark = try session(Self.block.dropLast() + #", "colorScheme": "dark"}"#)
        _ = try dark.show(instant, at: 0)
        #expect(dark.layers(at: 0).skeleton(of: "b").first?.solidColor?.hexRGB == "#1C2325")
        #expect(dark.layers(at: 0).background == .black)
    }

    @Test func colourSchemeChangeReResolvesTheDefault() throws {
        var s = try session(Self.block)
        _ = try s.show(instant, at: 0)
        _ = s.replaceDocument(try document(Self.block.dropLast() + #", "colorScheme": "dark"}"#), at: 1, as: .runtime)
        #expect(s.layers(at: 1).skeleton(of: "b").first?.solidColor?.hexRGB == "#1C2325")
    }

    @Test func staticGradientIsVertical() throws {
        var s = try session(Self.block)
        _ = try s.show(ShowOptions(type: .gradient, transition: .none), at: 0)
        let g = try #require(s.layers(at: 0).skeleton(of: "b").first?.gradient)
        #expect(g.colors.map(\.hexRGB) == ["#ECF0F1", "#DEE2E3", "#ECF0F1"])
        #expect(g.start == Point(x: 0.5, y: 0))
        #expect(g.end == Point(x: 0.5, y: 1))
        #expect(g.resolvedLocations == [0, 0.5, 1])
    }

    @Test func darkGradientAndAlizarin() throws {
        var s = try session(Self.block.dropLast() + #", "colorScheme": "dark"}"#)
        _ = try s.show(ShowOptions(type: .gradient, transition: .none), at: 0)
        #expect(
            s.layers(at: 0).skeleton(of: "b").first?.gradient?.colors.map(\.hexRGB) == [
                "#1C2325", "#262F32", "#1C2325",
            ])
        var a = try session(Self.block)
        let alizarin = try #require(SkeletonColor(named: "alizarin"))
        _ = try a.show(
            ShowOptions(type: .gradient, gradient: SkeletonGradient(baseColor: alizarin), transition: .none), at: 0)
        #expect(
            a.layers(at: 0).skeleton(of: "b").first?.gradient?.colors.map(\.hexRGB) == [
                "#E74C3C", "#FF6751", "#E74C3C",
            ])
    }

    @Test func showTwiceIsANoOpThatSaysSo() throws {
        var s = try session(Self.block)
        let first = try s.show(instant, at: 0)
        #expect(first.states == [.willAppear, .didAppear])
        let ids = s.layers(at: 0).skeleton.map(\.id)
        let second = try s.show(ShowOptions(type: .gradient, transition: .none), at: 1)
        #expect(second.outcome == .alreadyActive)
        #expect(second.states == [.willAppear])
        #expect(s.layers(at: 1).skeleton.map(\.id) == ids)
        #expect(s.layers(at: 1).skeleton.first?.solidColor != nil)
    }

    @Test func updateRetintsInPlaceAndRecreatesOnTypeChange() throws {
        var s = try session(Self.block)
        _ = try s.show(instant, at: 0)
        let red = try #require(SkeletonColor(parsing: "#FF0000"))
        let u = try s.update(UpdateOptions(type: .solid, color: red), at: 1)
        #expect(u.outcome == .updated(retinted: ["b"], recreated: []))
        #expect(u.states == [.willUpdate, .didUpdate])
        let layer = try #require(s.layers(at: 1).skeleton(of: "b").first)
        #expect(layer.id == "b#block")
        #expect(layer.solidColor?.hexRGB == "#FF0000")
        #expect(layer.opacity == 1)  // the transition is not restarted

        let g = try s.update(UpdateOptions(type: .gradient), at: 2)
        #expect(g.outcome == .updated(retinted: [], recreated: ["b"]))
        // The old layer fades out under the new one, which fades in over 0.25 s.
        #expect(s.layers(at: 2).skeleton(of: "b").map(\.id) == ["b#block", "b#block@1"])
        #expect(s.layers(at: 2.25).skeleton(of: "b").map(\.id) == ["b#block@1"])
        #expect(s.layers(at: 2.25).skeleton(of: "b").first?.gradient != nil)
    }

    @Test func updateWithNothingActiveDoesNothing() throws {
        var s = try session(Self.block)
        #expect(try s.update(UpdateOptions(), at: 0).outcome == .notActive)
        #expect(s.layers(at: 0).skeleton.isEmpty)
    }

    @Test func appearanceTintIsCapturedAtCallTime() throws {
        var s = try session(Self.block)
        var o = AppearanceOverrides()
        o.tintColor = SkeletonColor(named: "emerald")
        _ = s.setAppearance(o, at: 0)
        _ = try s.show(instant, at: 0)
        o.tintColor = SkeletonColor(named: "carrot")
        _ = s.setAppearance(o, at: 1)
        #expect(s.layers(at: 1).skeleton.first?.solidColor?.hexRGB == "#2ECC71")
    }
}
