import SkeletonEngine
import SkeletonModel
import Testing

/// A design edit (`DocumentChange.edit`, a text edit) while a skeleton shows: the skeleton becomes what a fresh show
/// on the new text gives, with the timeline of the original calls; a run-time change (`.runtime`, a patch) keeps
/// SkeletonView's rules.
@Suite struct DesignEditTests {
    /// A card with a title of `lines` lines, a picture and, optionally, a subtitle; `title` adds members to the
    /// title, `topLevel` to the document.
    static func text(lines: Int = 2, title: String = "", subtitle: Bool = false, topLevel: String = "") -> String {
        let extra =
            subtitle
            ? #", {"type": "UILabel", "id": "subtitle", "frame": [10, 120, 200, 20], "isSkeletonable": true}"# : ""
        return root(
            ##"{"type": "UILabel", "id": "title", "frame": [10, 10, 280, 60], "isSkeletonable": true, "numberOfLines": "##
                + String(lines) + ##", "backgroundColor": "#FFEEDD""## + title + "},"
                + #"{"type": "UIImageView", "id": "picture", "frame": [10, 80, 40, 40], "isSkeletonable": true}"#
                + extra, topLevel: topLevel)
    }

    static let pulsing = ShowOptions(type: .solid, animated: true, transition: .crossDissolve(0.5))

    /// A session of `text` that went through `calls`: what the edited session must equal.
    static func fresh(_ text: String, _ calls: (inout SkeletonSession) throws -> Void) throws -> SkeletonSession {
        var s = try session(text)
        try calls(&s)
        return s
    }

    /// `edited` and `expected` draw the same layers at each of `times`.
    static func expectSameLayers(
        _ edited: SkeletonSession, _ expected: SkeletonSession, at times: [Double],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for t in times {
            #expect(edited.layers(at: t) == expected.layers(at: t), "at \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test func aNodeAddedWhileShowingHasItsSkeletonAtOnceWithoutATransition() throws {
        let show = { (s: inout SkeletonSession) throws in _ = try s.show(Self.pulsing, at: 0.3) }
        var edited = try Self.fresh(Self.text(), show)
        _ = edited.replaceDocument(try document(Self.text(subtitle: true)), at: 2, as: .edit)
        let subtitle = edited.layers(at: 2).skeleton(of: "subtitle")
        #expect(subtitle.count == 1)
        #expect(subtitle.allSatisfy { $0.opacity == 1 })
        Self.expectSameLayers(edited, try Self.fresh(Self.text(subtitle: true), show), at: [2, 2.2, 3.1, 7.75])
        // A patch (the app adding a view at run time) leaves the new node bare, as SkeletonView does.
        var patched = try Self.fresh(Self.text(), show)
        _ = patched.replaceDocument(try document(Self.text(subtitle: true)), at: 2, as: .runtime)
        #expect(patched.layers(at: 2).skeleton(of: "subtitle").isEmpty)
    }

    @Test func aNewLineCountShowsAtOnce() throws {
        var edited = try session(Self.text())
        _ = try edited.show(instant, at: 0)
        #expect(edited.layers(at: 0).rects(of: "title").count == 2)
        _ = edited.replaceDocument(try document(Self.text(lines: 3)), at: 1, as: .edit)
        #expect(edited.layers(at: 1).rects(of: "title").count == 3)
        var patched = try session(Self.text())
        _ = try patched.show(instant, at: 0)
        _ = patched.replaceDocument(try document(Self.text(lines: 3)), at: 1, as: .runtime)
        #expect(patched.layers(at: 1).rects(of: "title").count == 2)
    }

    @Test func hiddenWhenSkeletonIsActiveSetWhileShowingHides() throws {
        let hiding = Self.text(title: #", "isHiddenWhenSkeletonIsActive": true"#)
        var edited = try session(Self.text())
        _ = try edited.show(instant, at: 0)
        _ = edited.replaceDocument(try document(hiding), at: 1, as: .edit)
        #expect(edited.layers(at: 1).layers.allSatisfy { $0.node != "title" })
        #expect(try edited.treeDescription(node: "title", at: 1).isHidden)
        var patched = try session(Self.text())
        _ = try patched.show(instant, at: 0)
        _ = patched.replaceDocument(try document(hiding), at: 1, as: .runtime)
        #expect(patched.layers(at: 1).skeleton(of: "title").count == 2)
        // Hiding the skeleton shows the title again.
        _ = try edited.hide(HideOptions(transition: .none), at: 2)
        #expect(try !edited.treeDescription(node: "title", at: 2).isHidden)
    }

    @Test func aNewTypeOrColourGivesNewLayers() throws {
        let show = { (s: inout SkeletonSession) throws in _ = try s.show(Self.pulsing, at: 0) }
        // The title becomes a plain view: one block instead of lines.
        let retyped = Self.text().replacingOccurrences(
            of: #""UILabel", "id": "title""#, with: #""UIView", "id": "title""#)
        var edited = try Self.fresh(Self.text(), show)
        _ = edited.replaceDocument(try document(retyped), at: 1, as: .edit)
        #expect(edited.layers(at: 1).skeleton(of: "title").map(\.kind) == [.block])
        Self.expectSameLayers(edited, try Self.fresh(retyped, show), at: [1, 1.4, 2.9])
        // The document's tint (a show without a colour takes the appearance's): the new colour.
        let tinted = Self.text(topLevel: ##", "appearance": {"tintColor": "#FF0000"}"##)
        var recoloured = try Self.fresh(Self.text(), show)
        _ = recoloured.replaceDocument(try document(tinted), at: 1, as: .edit)
        let expected = try Self.fresh(tinted, show)
        #expect(expected.layers(at: 1) != (try Self.fresh(Self.text(), show)).layers(at: 1))
        Self.expectSameLayers(recoloured, expected, at: [1, 1.5, 3.25])
    }

    @Test func theAnimationPhaseCarriesOn() throws {
        let calls = { (s: inout SkeletonSession) throws in
            _ = try s.show(ShowOptions(type: .gradient, animated: true), at: 0.4)
            _ = try s.stopAnimation(node: "picture", at: 1.2)
        }
        var edited = try Self.fresh(Self.text(), calls)
        _ = edited.replaceDocument(try document(Self.text(lines: 1)), at: 1.7, as: .edit)
        let expected = try Self.fresh(Self.text(lines: 1), calls)
        Self.expectSameLayers(edited, expected, at: [1.7, 1.95, 2.3, 3.05, 4.6])
        // Not a show at the edit's time: that would restart the phase.
        var restarted = try session(Self.text(lines: 1))
        _ = try restarted.show(ShowOptions(type: .gradient, animated: true), at: 1.7)
        #expect(edited.layers(at: 2.3) != restarted.layers(at: 2.3))
    }

    @Test func aPendingDelayedShowStillFiresAtItsTime() throws {
        let calls = { (s: inout SkeletonSession) throws in
            #expect(try s.show(ShowOptions(delay: 2), at: 0.5).outcome == .scheduled(at: 2.5))
        }
        var edited = try Self.fresh(Self.text(), calls)
        _ = edited.replaceDocument(try document(Self.text(subtitle: true)), at: 1, as: .edit)
        #expect(edited.layers(at: 2.4).skeleton.isEmpty)
        #expect(edited.timeline(at: 1).nextChange == 2.5)
        let events = edited.advance(to: 2.5)
        #expect(events.map(\.state) == [.willAppear])
        #expect(!edited.layers(at: 3).skeleton(of: "subtitle").isEmpty)
        Self.expectSameLayers(edited, try Self.fresh(Self.text(subtitle: true), calls), at: [2.5, 2.6, 3, 4.4])
    }

    @Test func minimumDurationStillCountsFromTheOriginalShow() throws {
        let calls = { (s: inout SkeletonSession) throws in
            _ = try s.show(ShowOptions(transition: .none, minimumDuration: 3), at: 0)
            #expect(try s.hide(HideOptions(transition: .none), at: 1).outcome == .deferred(until: 3))
        }
        var edited = try Self.fresh(Self.text(), calls)
        _ = edited.replaceDocument(try document(Self.text(subtitle: true)), at: 2, as: .edit)
        #expect(edited.layers(at: 2).skeleton(of: "subtitle").count == 1)
        #expect(try edited.isActive(at: 2.9))
        #expect(try !edited.isActive(at: 3))
        Self.expectSameLayers(edited, try Self.fresh(Self.text(subtitle: true), calls), at: [2, 2.99, 3, 4])
    }

    @Test func aHideInProgressEndsAsItWould() throws {
        let calls = { (s: inout SkeletonSession) throws in
            _ = try s.show(instant, at: 0)
            _ = try s.hide(HideOptions(transition: .crossDissolve(1)), at: 1)
        }
        var edited = try Self.fresh(Self.text(), calls)
        _ = edited.replaceDocument(try document(Self.text(subtitle: true)), at: 1.5, as: .edit)
        Self.expectSameLayers(edited, try Self.fresh(Self.text(subtitle: true), calls), at: [1.5, 1.75, 2, 2.5])
        #expect(edited.layers(at: 2).skeleton.isEmpty)
        #expect(edited.advance(to: 2).map(\.state) == [.didDisappear])
    }

    @Test func editingOneNodeInPlaceEndsWhereTheWholeTextEnds() throws {
        let calls = { (s: inout SkeletonSession) throws in
            _ = try s.show(Self.pulsing, at: 0.25)
            _ = try s.update(UpdateOptions(type: .gradient, animated: true), node: "title", at: 0.8)
        }
        let edited = try document(Self.text(lines: 4, title: #", "skeletonCornerRadius": 3"#))
        var whole = try Self.fresh(Self.text(), calls)
        _ = whole.replaceDocument(edited, at: 1.3, as: .edit)
        var inPlace = try Self.fresh(Self.text(), calls)
        _ = try inPlace.replaceSubtree(
            atIndexPath: [0], with: edited.root.children[0], expectedCount: 1, at: 1.3, as: .edit)
        Self.expectSameLayers(inPlace, whole, at: [1.3, 1.6, 2.2])
        Self.expectSameLayers(
            inPlace, try Self.fresh(Self.text(lines: 4, title: #", "skeletonCornerRadius": 3"#), calls), at: [1.3, 2.2])
    }
}
