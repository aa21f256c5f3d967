import Foundation
import Testing

@testable import SkeletonEngine

/// `SkeletonSession.skeleton(of:)` (what a hover says): on an idle session it is worked out for the node alone from
/// its ancestors (`idleSkeleton`); it must say exactly what a show from the root on a copy of the session says
/// (`skeletonByShowingCopy`), for every node of documents that hit every rule.
@Suite struct NodeSkeletonTests {
    static func example(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/\(name).skeleton.json")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Hidden nodes and ancestors, hidden when active, a non-skeletonable container, an unarranged stack subview,
    /// labels (automatic, fixed and single-line counts, a height fix), a text view, a collection without cells, a
    /// container whose children draw, custom corner radii, and a gradient appearance.
    static let rules = root(
        #"""
        {"type": "UILabel", "id": "auto", "frame": [0, 0, 200, 60], "isSkeletonable": true, "numberOfLines": 0},
        {"type": "UILabel", "id": "two", "frame": [0, 70, 200, 20], "isSkeletonable": true, "numberOfLines": 2},
        {"type": "UILabel", "id": "one", "frame": [0, 100, 200, 20], "isSkeletonable": true,
         "skeletonCornerRadius": 6},
        {"type": "UITextView", "id": "text", "frame": [0, 130, 200, 80], "isSkeletonable": true},
        {"type": "UIView", "id": "hidden", "frame": [0, 0, 10, 10], "isSkeletonable": true, "isHidden": true,
         "children": [{"type": "UIView", "id": "underHidden", "frame": [0, 0, 5, 5], "isSkeletonable": true}]},
        {"type": "UIView", "id": "whenActive", "frame": [0, 0, 10, 10], "isSkeletonable": true,
         "isHiddenWhenSkeletonIsActive": true,
         "children": [{"type": "UIView", "id": "underWhenActive", "frame": [0, 0, 5, 5], "isSkeletonable": true}]},
        {"type": "UIView", "id": "stopper", "frame": [0, 220, 100, 50],
         "children": [{"type": "UIImageView", "id": "stopped", "frame": [0, 0, 5, 5], "isSkeletonable": true}]},
        {"type": "UIStackView", "id": "stack", "frame": [0, 280, 100, 50], "isSkeletonable": true,
         "children": [
           {"type": "UIView", "id": "arranged", "frame": [0, 0, 100, 20], "isSkeletonable": true},
           {"type": "UIView", "id": "loose", "frame": [0, 0, 10, 10], "isSkeletonable": true, "arranged": false}]},
        {"type": "UICollectionView", "id": "empty", "frame": [0, 340, 100, 50], "isSkeletonable": true},
        {"type": "UIView", "id": "box", "frame": [110, 0, 100, 100], "isSkeletonable": true, "cornerRadius": 8,
         "children": [{"type": "UIButton", "id": "button", "frame": [5, 5, 40, 20], "isSkeletonable": true}]},
        {"type": "UIView", "id": "plain", "frame": [110, 110, 30, 30]}
        """#, size: "320, 480", topLevel: #", "appearance": {"multilineSpacing": 6, "skeletonCornerRadius": 3}"#)

    /// Every node of `session`, with what each path says about it.
    static func compare(_ session: SkeletonSession, sourceLocation: SourceLocation = #_sourceLocation) {
        for v in 0..<session.tree.count {
            let fast = session.idleSkeleton(v)
            let shown = session.skeletonByShowingCopy(v)
            #expect(fast == shown, "\(session.tree.nodes[v].reference)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["feed", "grid", "profile-card"])
    func theExamplesSayWhatAShowGives(name: String) throws {
        Self.compare(try session(try Self.example(name)))
    }

    @Test func everyRuleSaysWhatAShowGives() throws {
        let s = try session(Self.rules)
        Self.compare(s)
        // The rules are all hit (so the comparison covers them).
        let absences = Set((0..<s.tree.count).compactMap { s.idleSkeleton($0).absence.map { "\($0)" } })
        for expected in [
            "hidden", "ancestorHidden", "hiddenWhenSkeletonIsActive", "ancestorHiddenWhenSkeletonIsActive",
            "notSkeletonable", "ancestorNotSkeletonable", "notArranged", "container",
        ] {
            #expect(absences.contains { $0.hasPrefix(expected) }, "\(expected) in \(absences)")
        }
        #expect(try s.skeleton(of: "empty").absence == .collection, "a collection without cells draws nothing")
        #expect(try s.skeleton(of: "two").shape.map { if case .lines(let r, _) = $0 { r.count } else { 0 } } == 2)
    }

    @Test func aRootThatIsNotSkeletonableStopsEverything() throws {
        let s = try session(
            root(
                #"{"type": "UIView", "id": "a", "frame": [0, 0, 5, 5], "isSkeletonable": true}"#,
                skeletonable: false))
        Self.compare(s)
        #expect(try s.skeleton(of: "a").absence == .ancestorNotSkeletonable("0"))
    }

    @Test func anIdleSessionAfterAShowAndAHideSaysTheSame() throws {
        var s = try session(Self.rules)
        let before = try (0..<s.tree.count).map { try s.skeleton(of: s.tree.nodes[$0].reference) }
        _ = try s.show(ShowOptions(type: .gradient, transition: .none), at: 1)
        _ = try s.hide(HideOptions(transition: .none), at: 2)
        _ = s.setAppearance(AppearanceOverrides(), at: 3)
        // Calls since the session was idle: the copy path answers, and says what the idle path said.
        #expect(!s.history.operations.isEmpty)
        let after = try (0..<s.tree.count).map { try s.skeleton(of: s.tree.nodes[$0].reference) }
        #expect(after == before)
    }

    @Test func anActiveNodeIsItsLiveLayer() throws {
        var s = try session(Self.rules)
        _ = try s.show(ShowOptions(type: .gradient, transition: .none), at: 1)
        let live = try s.skeleton(of: "auto")
        #expect(live.isActive)
        #expect(live.type == .gradient)
    }
}
