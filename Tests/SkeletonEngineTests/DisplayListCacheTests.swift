import SkeletondTestSupport
import Testing

@testable import SkeletonEngine

/// The display list a session builds by rebuilding only the changed subtree's layers is exactly the list built as
/// a whole, through any sequence of operations, edits and times (forwards and backwards).
@Suite struct DisplayListCacheTests {
    /// `extra` adds a fourth child to the card (the card's subtree grows by one node).
    static func text(width: Int, hidden: Bool = false, extra: Bool = false) -> String {
        root(
            ##"{"type": "UIView", "id": "card", "frame": [10, 10, 300, 200], "isSkeletonable": true, "clipsToBounds": true, "cornerRadius": 8, "backgroundColor": "#EEEEEE", "children": ["##
                + ##"{"type": "UILabel", "id": "title", "frame": [5, 5, "## + String(width)
                + ##", 40], "isSkeletonable": true, "numberOfLines": 2},"##
                + ##"{"type": "UIImageView", "id": "pic", "frame": [5, 50, 40, 40], "isSkeletonable": true, "isHidden": "##
                + String(hidden) + ##"},"##
                + ##"{"type": "UIView", "id": "box", "frame": [50, 50, 200, 100], "isSkeletonable": true, "backgroundColor": "#FAFAFA", "isHiddenWhenSkeletonIsActive": true, "children": ["##
                + ##"{"type": "UILabel", "id": "inner", "frame": [5, 5, 100, 20], "isSkeletonable": true}]}"##
                + (extra
                    ? ##",{"type": "UILabel", "id": "more", "frame": [5, 160, 100, 20], "isSkeletonable": true}"##
                    : "")
                + ##"]},"##
                + ##"{"type": "UIButton", "id": "go", "frame": [10, 240, 120, 30], "isSkeletonable": true, "backgroundColor": "#3498DB"}"##
        )
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func partialBuildsEqualWholeBuilds(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var s = try session(Self.text(width: 200))
        var time = 0.0
        var previous: DisplayList?
        var spliced = 0
        var quiet = 0
        let nodes: [String?] = [nil, "card", "title", "box", "go"]
        var cardNodes = 5
        var grown = 0
        for step in 0..<160 {
            time += Double(random.next() % 5) * 0.1
            let node = nodes[Int(random.next() % UInt64(nodes.count))]
            let transition: TransitionStyle = random.next() % 2 == 0 ? .none : .crossDissolve(0.25)
            switch random.next() % 7 {
            case 0:
                _ = try? s.show(
                    ShowOptions(type: random.next() % 2 == 0 ? .solid : .gradient, transition: transition), node: node,
                    at: time)
            case 1: _ = try? s.hide(HideOptions(transition: transition), node: node, at: time)
            case 2:
                _ = try? s.update(
                    UpdateOptions(type: .gradient, animated: random.next() % 3 == 0), node: node, at: time)
            case 3: _ = try? s.stopAnimation(node: node, at: time)
            case 4, 5:
                // An edit of the card (a width, a hidden picture): its subtree replaced in place, as a text edit or as
                // the app's own change.
                // the app's own change; sometimes with a child more or less (the runs after it move).
                let extra = random.next() % 4 == 0
                let card = try document(
                    Self.text(width: 100 + Int(random.next() % 200), hidden: random.next() % 3 == 0, extra: extra)
                ).root.children[0]
                let replaced = try? s.replaceSubtree(
                    atIndexPath: [0], with: card, expectedCount: cardNodes, at: time,
                    as: random.next() % 2 == 0 ? .edit : .runtime)
                if replaced != nil {
                    if extra != (cardNodes == 6) { grown += 1 }
                    cardNodes = extra ? 6 : 5
                }
            default: _ = s.advance(to: time)
            }
            // Sample now, a little later and (sometimes) earlier.
            for t in [time, time + 0.3, max(0, time - Double(random.next() % 3) * 0.2)] {
                // A quiet session's timeline is answered without a scan: it must be the scan's answer.
                #expect(s.timeline(at: t) == s.timelineScanned(at: t), "step \(step) at \(t)")
                if s.isQuiet, t >= s.now { quiet += 1 }
                let (cached, whole) = (s.layers(at: t), s.layersBuiltWhole(at: t))
                #expect(cached == whole, "step \(step) at \(t)")
                if cached != whole { return }
                // The runs a partial build kept are those a whole build finds for every node it emitted (the next
                // partial build trusts them; nodes under a hidden one have none).
                if let kept = s.displayListCache.lastBuild, kept.list.identity == cached.identity {
                    var fresh = s
                    fresh.displayListCache = DisplayListCache()
                    _ = fresh.advance(to: t)
                    _ = fresh.layers(at: t)
                    let found = try #require(fresh.displayListCache.lastBuild)
                    for j in 0..<fresh.tree.count where Self.isEmitted(j, in: fresh) {
                        #expect(
                            kept.start[j] == found.start[j] && kept.end[j] == found.end[j],
                            "step \(step) at \(t), node \(j)")
                    }
                }
                // A spliced list is its parent with one run replaced, as its derivation says (damage trusts it).
                if let d = cached.derivation, let parent = previous, d.parent == parent.identity {
                    spliced += 1
                    #expect(
                        Array(cached.layers[..<d.replacedNew.lowerBound])
                            == Array(parent.layers[..<d.replacedOld.lowerBound]))
                    #expect(
                        Array(cached.layers[d.replacedNew.upperBound...])
                            == Array(parent.layers[d.replacedOld.upperBound...]))
                }
                previous = cached
            }
        }
        #expect(s.displayListBuilds.partial > 10)
        #expect(spliced > 5)
        #expect(grown > 3, "the card's node count never changed")
        #expect(quiet > 0, "the quiet answer was never taken")
    }

    /// Whether node `j`'s layers are emitted: no ancestor of it is hidden.
    static func isEmitted(_ j: Int, in s: SkeletonSession) -> Bool {
        var p = s.tree.parent[j]
        while p >= 0 {
            if s.tree.nodes[p].isHidden || s.states[p].hiddenBySkeleton { return false }
            p = s.tree.parent[p]
        }
        return true
    }

    @Test func anEditRebuildsOnlyItsSubtreeAndAQuietStepNothing() throws {
        var s = try session(Self.text(width: 200))
        _ = try s.show(instant, at: 0)
        let first = s.layers(at: 1)
        #expect(s.displayListBuilds == (0, 1))
        #expect(s.layers(at: 2) == first)  // nothing changed: the same list, not even a partial build
        #expect(s.layers(at: 2).identity == first.identity)
        #expect(s.displayListBuilds == (0, 1))
        let card = try document(Self.text(width: 150)).root.children[0]
        _ = try s.replaceSubtree(atIndexPath: [0], with: card, expectedCount: 5, at: 3, as: .edit)
        let edited = s.layers(at: 3)
        #expect(s.displayListBuilds == (1, 1))
        // Layers outside the card are the very same values (shared storage): the button's block.
        #expect(edited.layers.last == first.layers.last)
        // The list says so: spliced from the first, the card's run replaced.
        #expect(edited.derivation?.parent == first.identity)
        #expect(edited.derivation.map { $0.replacedOld.count < first.layers.count } == true)
        #expect(edited == s.layersBuiltWhole(at: 3))
    }
}
