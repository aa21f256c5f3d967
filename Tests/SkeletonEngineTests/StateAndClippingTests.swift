import SkeletonEngine
import Testing

@Suite("State restore, interaction, hiding, clipping, bounds (§1.5, §1.6, §2, §12 cases 13, 14, 18)")
struct StateAndClippingTests {
    @Test func backgroundIsClearedAndRestored() throws {
        var s = try session(
            root(
                ##"{"type": "UIImageView", "id": "img", "frame": [0, 0, 40, 40], "isSkeletonable": true, "backgroundColor": "#336699"}"##
            ))
        #expect(s.layers(at: 0).layers.map(\.id) == ["img#content"])
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).layers.map(\.id) == ["img#block"])
        #expect(try s.treeDescription(node: "img").isUserInteractionEnabled == false)
        _ = try s.hide(HideOptions(transition: .none), at: 1)
        #expect(s.layers(at: 1).layers.map(\.id) == ["img#content"])
    }

    @Test func interactionFlags() throws {
        var s = try session(
            root(
                #"""
                {"type": "UIButton", "id": "button", "frame": [0, 0, 40, 40], "isSkeletonable": true},
                {"type": "UITextField", "id": "field", "frame": [0, 50, 40, 40], "isSkeletonable": true},
                {"type": "UIButton", "id": "kept", "frame": [0, 100, 40, 40], "isSkeletonable": true, "isUserInteractionDisabledWhenSkeletonIsActive": false}
                """#))
        _ = try s.show(instant, at: 0)
        let d = try s.treeDescription()
        #expect(d.children.map(\.isUserInteractionEnabled) == [false, true, true])
        #expect(d.prettyPrinted(includeState: true).contains(#""isUserInteractionEnabled" : false"#))
        _ = try s.hide(HideOptions(transition: .none), at: 1)
        #expect(try s.treeDescription().children.map(\.isUserInteractionEnabled) == [true, true, true])
    }

    @Test func tableInteractionAndScrollingComeBackAsTheDocumentSays() throws {
        var s = try session(
            #"""
            {"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "isSkeletonable": true, "rowHeight": 50,
                      "isScrollEnabled": false, "cell": "C", "templates": {"C": {"type": "UITableViewCell", "frame": [0, 0, 100, 50], "isSkeletonable": true}}}}
            """#)
        _ = try s.show(instant, at: 0)
        var d = try s.treeDescription()
        #expect(d.isUserInteractionEnabled == false)
        #expect(d.isScrollEnabled == false)
        #expect(s.layers(at: 0).skeleton.map(\.id) == ["0[0,0]/0#block", "0[0,1]/0#block"])
        _ = try s.hide(HideOptions(transition: .none), at: 1)
        d = try s.treeDescription()
        #expect(d.isUserInteractionEnabled == true)
        #expect(d.isScrollEnabled == false)  // quirk 4 fixed: the document's value, not true
        #expect(try !s.isActive())
    }

    @Test func hiddenWhenSkeletonIsActive() throws {
        let doc = root(
            ##"""
            {"type": "UIView", "id": "leaf", "frame": [0, 0, 40, 40], "isSkeletonable": true, "isHiddenWhenSkeletonIsActive": true, "backgroundColor": "#FF0000"},
            {"type": "UIView", "id": "hiddenAlready", "frame": [0, 0, 40, 40], "isSkeletonable": true, "isHidden": true, "isHiddenWhenSkeletonIsActive": true}
            """##)
        var s = try session(doc)
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).layers.isEmpty)
        #expect(try s.treeDescription(node: "leaf").isHidden)
        _ = try s.hide(HideOptions(transition: .none), at: 1)
        #expect(try !s.treeDescription(node: "leaf").isHidden)
        #expect(try s.treeDescription(node: "hiddenAlready").isHidden)  // quirk 3 fixed
        #expect(s.layers(at: 1).layers.map(\.id) == ["leaf#content"])
    }

    @Test func hideOfANonSkeletonableRootStillUnhidesIt() throws {
        var s = try session(root("", skeletonable: false, extra: #", "isHiddenWhenSkeletonIsActive": true"#))
        _ = try s.show(instant, at: 0)
        #expect(try s.treeDescription().isHidden)
        _ = try s.hide(HideOptions(transition: .none), at: 1)
        #expect(try !s.treeDescription().isHidden)
    }

    @Test func hideTwicePostsNothingTheSecondTime() throws {
        var s = try session(root(#"{"type": "UIView", "frame": [0, 0, 40, 40], "isSkeletonable": true}"#))
        _ = try s.show(instant, at: 0)
        let first = try s.hide(HideOptions(transition: .none), at: 1)
        #expect(first.states == [.willDisappear, .didDisappear])
        let second = try s.hide(HideOptions(transition: .none), at: 2)
        #expect(second.outcome == .notActive)
        #expect(second.events.isEmpty)  // quirk 11 fixed
    }

    @Test func roundAvatarClipsItsSkeleton() throws {
        var s = try session(
            root(
                #"""
                {"type": "UIView", "id": "card", "frame": [10, 10, 200, 100], "isSkeletonable": true, "clipsToBounds": true, "cornerRadius": 8, "children": [
                  {"type": "UIImageView", "id": "avatar", "frame": [10, 10, 40, 40], "isSkeletonable": true, "clipsToBounds": true, "cornerRadius": 20, "skeletonCornerRadius": 2}]}
                """#))
        _ = try s.show(instant, at: 0)
        let layer = try #require(s.layers(at: 0).skeleton(of: "avatar").first)
        #expect(layer.shape == RoundedRect(rect: Rect(x: 20, y: 20, width: 40, height: 40), cornerRadius: 2))
        #expect(
            layer.clips == [
                RoundedRect(rect: Rect(x: 10, y: 10, width: 200, height: 100), cornerRadius: 8),
                RoundedRect(rect: Rect(x: 20, y: 20, width: 40, height: 40), cornerRadius: 20),
            ])
    }

    @Test func constraintsWidenTheSkeleton() throws {
        var s = try session(
            root(
                #"{"type": "UIView", "id": "v", "frame": [0, 0, 100, 20], "isSkeletonable": true, "constraints": {"width": [80, 500], "height": [10]}}"#
            ))
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).rects(of: "v") == [Rect(x: 0, y: 0, width: 500, height: 20)])  // quirk 7 kept
    }

    @Test func trailingStackShiftsLinesLeftByTheWidth() throws {
        var s = try session(
            root(
                #"""
                {"type": "UIStackView", "frame": [100, 0, 200, 100], "isSkeletonable": true, "alignment": "trailing", "children": [
                  {"type": "UILabel", "id": "l", "frame": [50, 0, 150, 20], "isSkeletonable": true},
                  {"type": "UIImageView", "id": "i", "frame": [150, 30, 50, 50], "isSkeletonable": true}]}
                """#))
        _ = try s.show(instant, at: 0)
        let l = s.layers(at: 0)
        #expect(close(l.rects(of: "l").map(\.x), [150 - 150]))
        #expect(l.rects(of: "i") == [Rect(x: 250, y: 30, width: 50, height: 50)])
    }

    @Test func paintOrderPutsTheSkeletonAboveTheHoldersSubviews() throws {
        var s = try session(
            root(
                ##"""
                {"type": "UIView", "id": "holder", "frame": [0, 0, 100, 100], "isSkeletonable": true, "backgroundColor": "#FF0000", "children": [
                  {"type": "UIView", "id": "inner", "frame": [0, 0, 10, 10], "backgroundColor": "#00FF00"}]},
                {"type": "UIView", "id": "later", "frame": [0, 0, 10, 10], "backgroundColor": "#0000FF"}
                """##))
        _ = try s.show(ShowOptions(transition: .crossDissolve(0.25)), at: 0)
        #expect(
            s.layers(at: 0.1).layers.map(\.id) == ["holder#content", "inner#content", "holder#block", "later#content"])
    }

    @Test func showOnAChildNodeAndHideOnTheRoot() throws {
        var s = try session(
            root(
                #"""
                {"type": "UIView", "id": "a", "frame": [0, 0, 10, 10], "isSkeletonable": true},
                {"type": "UIView", "id": "b", "frame": [20, 0, 10, 10], "isSkeletonable": true}
                """#))
        let r = try s.show(instant, node: "a", at: 0)
        #expect(r.events.map(\.node) == ["a", "a"])
        // Quirk 1 (kept, reported): the root is active through a, so showing it does nothing.
        #expect(try s.show(instant, at: 1).outcome == .alreadyActive)
        #expect(s.layers(at: 1).skeleton.map(\.node) == ["a"])
        let h = try s.hide(HideOptions(transition: .none), at: 2)
        #expect(h.outcome == .hidden(leaves: ["a"]))
        // The no-op show still gave the root a flow handler (SkeletonView creates it before the guard).
        #expect(h.states == [.willDisappear, .didDisappear])
        // The hide cleared a's handler too: hiding a now posts nothing.
        #expect(try s.hide(HideOptions(transition: .none), node: "a", at: 3).events.isEmpty)
    }
}
