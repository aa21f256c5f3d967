import SkeletonEngine
import Testing

/// `ShowOptions.assumeSkeletonable`: views that hold content and their ancestors are skeletonable for the show,
/// without changing the document.
@Suite struct AssumeSkeletonableTests {
    /// A screen where nothing is skeletonable: a card with a label and an image, a plain spacer, and a control.
    static let screen = root(
        #"""
        {"type": "UIView", "id": "card", "frame": [0, 0, 320, 100], "children": [
            {"type": "UILabel", "id": "title", "frame": [10, 10, 200, 20]},
            {"type": "UIImageView", "id": "photo", "frame": [220, 10, 60, 60]}]},
        {"type": "UIView", "id": "spacer", "frame": [0, 100, 320, 10]},
        {"type": "UIView", "id": "toggle", "frame": [0, 120, 50, 30], "holdsContent": true}
        """#, skeletonable: false)

    static let assuming = ShowOptions(type: .solid, transition: .none, assumeSkeletonable: true)

    @Test func aPlainShowOfAScreenWithoutFlagsDrawsNothing() throws {
        var s = try session(Self.screen)
        #expect(try s.show(instant, at: 0).outcome == .notSkeletonable)
        #expect(s.layers(at: 0).skeleton.isEmpty)
    }

    @Test func contentAndItsAncestorsAreSkeletonableAndNothingElse() throws {
        var s = try session(Self.screen)
        let shown = try s.show(Self.assuming, at: 0)
        #expect(shown.outcome == .shown(leaves: ["title", "photo", "toggle"]))
        let list = s.layers(at: 0)
        #expect(!list.skeleton(of: "title").isEmpty)
        #expect(list.skeleton(of: "spacer").isEmpty)
        #expect(try s.treeDescription().isSkeletonable)
        #expect(try s.treeDescription().children.map(\.reference) == ["card", "toggle"])
        // The document itself is unchanged.
        #expect(!s.document.root.isSkeletonable)
    }

    @Test func theAssumptionLastsUntilTheHideAndTheNextPlainShowDrawsNothing() throws {
        var s = try session(Self.screen)
        _ = try s.show(Self.assuming, at: 0)
        #expect(try s.isActive())
        #expect(
            try s.hide(HideOptions(transition: .none), at: 1).outcome == .hidden(leaves: ["title", "photo", "toggle"]))
        #expect(try !s.isActive())
        #expect(try s.show(instant, at: 2).outcome == .notSkeletonable)
    }

    @Test func aDelayedShowKeepsTheAssumptionUntilItRuns() throws {
        var s = try session(Self.screen)
        var delayed = Self.assuming
        delayed.delay = 1
        _ = try s.show(delayed, at: 0)
        #expect(s.layers(at: 2).skeleton.count == 3)
    }

    @Test func aScreenWithoutContentIsStillNotSkeletonable() throws {
        var s = try session(root(#"{"type": "UIView", "frame": [0, 0, 10, 10]}"#, skeletonable: false))
        #expect(try s.show(Self.assuming, at: 0).outcome == .notSkeletonable)
    }

    @Test func anEditKeepsTheAssumptionOfTheActiveSkeleton() throws {
        var s = try session(Self.screen)
        _ = try s.show(Self.assuming, at: 0)
        let edited = Self.screen.replacingOccurrences(of: "\"spacer\"", with: "\"gap\"")
        _ = s.replaceDocument(try document(edited), at: 1, as: .edit)
        #expect(s.layers(at: 1).skeleton(of: "title").count == 1)
        #expect(
            try s.hide(HideOptions(transition: .none), at: 2).outcome == .hidden(leaves: ["title", "photo", "toggle"]))
    }
}
