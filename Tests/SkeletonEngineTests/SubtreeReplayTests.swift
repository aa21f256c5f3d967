import SkeletonModel
import SkeletondTestSupport
import Testing

@testable import SkeletonEngine

/// Design edits inside one node while a skeleton shows: replacing the node's subtree in place (which replays the
/// calls over that subtree alone when it can) ends exactly where replacing the whole document ends (which replays
/// them over the whole tree), after every edit of a random sequence: the same tree and skeleton state, the same
/// display lists while transitions and animations run, the same pending work, and the same outcome of later calls.
@Suite struct SubtreeReplayTests {
    /// A screen of cards without tables or collections, every node with an id (so edits keep references).
    static let text = root(
        (0..<3).map { c in
            #"{"type": "UIView", "id": "card-\#(c)", "frame": [10, \#(10 + c * 150), 300, 140], "isSkeletonable": true, "#
                + #""cornerRadius": 12, "children": ["#
                + #"{"type": "UIView", "id": "header-\#(c)", "frame": [8, 8, 280, 40], "isSkeletonable": true, "#
                + #""children": ["#
                + #"{"type": "UIImageView", "id": "avatar-\#(c)", "frame": [0, 0, 40, 40], "isSkeletonable": true, "#
                + #""cornerRadius": 20},"#
                + #"{"type": "UILabel", "id": "name-\#(c)", "frame": [48, 2, 120, 16], "isSkeletonable": true, "#
                + #""text": "Name"}]},"#
                + #"{"type": "UILabel", "id": "body-\#(c)", "frame": [8, 56, 280, 44], "isSkeletonable": true, "#
                + #""numberOfLines": 0, "lastLineFillPercent": 60},"#
                + #"{"type": "UIStackView", "id": "actions-\#(c)", "frame": [8, 108, 280, 24], "#
                + #""isSkeletonable": true, "children": ["#
                + #"{"type": "UIButton", "id": "like-\#(c)", "frame": [0, 0, 60, 24], "isSkeletonable": true},"#
                + #"{"type": "UIButton", "id": "share-\#(c)", "frame": [70, 0, 60, 24], "isSkeletonable": true, "#
                + #""arranged": false}]}]}"#
        }.joined(separator: ","))

    /// The first calls of a history: one show (solid or gradient, animated or not, with or without a transition
    /// or a delay, on the root or on one card), sometimes followed by a hide still in its transition.
    static func start(_ s: inout SkeletonSession, _ random: inout SplitMix64) throws -> Double {
        var options = ShowOptions(type: random.next() % 2 == 0 ? .solid : .gradient)
        options.animated = random.next() % 2 == 0
        options.transition = random.next() % 2 == 0 ? .none : .crossDissolve(0.25)
        switch random.next() % 3 {
        case 0: options.delay = 0.5  // due before the first edit
        case 1: options.delay = 50  // still pending through every edit
        default: break
        }
        let target: String? = random.next() % 3 == 0 ? "card-\(random.next() % 3)" : nil
        _ = try s.show(options, node: target, at: 0)
        if random.next() % 4 == 0 {
            _ = try s.hide(HideOptions(transition: .crossDissolve(100)), node: "card-1", at: 0.8)
        }
        return 1
    }

    /// A random edit of one node below the root (by index path), as the decoder would give its new subtree.
    static func edit(_ document: inout SkeletonDocument, _ random: inout SplitMix64, fresh: inout Int) -> [Int] {
        var path: [Int] = []
        var node = document.root
        repeat {
            guard !node.children.isEmpty else { break }
            let k = Int(random.next() % UInt64(node.children.count))
            path.append(k)
            node = node.children[k]
        } while random.next() % 2 == 0
        if path.isEmpty { path = [0] }
        mutate(&document.root, at: path[...]) { node in
            switch random.next() % 6 {
            case 0: node.isSkeletonable.toggle()
            case 1: node.isHiddenWhenSkeletonIsActive.toggle()
            case 2: node.frame.width = Double(40 + random.next() % 200)
            case 3: node.frame.height = Double(10 + random.next() % 60)
            case 4:
                if !node.children.isEmpty { node.children.removeLast() }
            default:
                fresh += 1
                let id = "new-\(fresh)"
                var leaf = Node(type: .label, id: id, reference: id, frame: Rect(x: 0, y: 0, width: 50, height: 12))
                leaf.isSkeletonable = random.next() % 3 != 0
                node.children.append(leaf)
            }
        }
        return path
    }

    static func mutate(_ node: inout Node, at path: ArraySlice<Int>, _ change: (inout Node) -> Void) {
        guard let first = path.first else { return change(&node) }
        mutate(&node.children[first], at: path.dropFirst(), change)
    }

    static func node(_ root: Node, at path: [Int]) -> Node {
        path.reduce(root) { $0.children[$1] }
    }

    @Test(arguments: 0..<40)
    func subtreeReplayEndsWhereTheWholeReplayEnds(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        var current = try document(Self.text)
        var whole = SkeletonSession(document: current)
        var time = try Self.start(&whole, &random)
        var inPlace = whole
        var fresh = 0
        for _ in 0..<12 {
            time += Double(random.next() % 4) * 0.1
            let before = current
            let path = Self.edit(&current, &random, fresh: &fresh)
            let old = Self.node(before.root, at: path)
            _ = whole.replaceDocument(current, at: time, as: .edit)
            _ = try inPlace.replaceSubtree(
                atIndexPath: path, with: Self.node(current.root, at: path), expectedCount: old.subtreeCount, at: time,
                as: .edit)
            #expect(Array(inPlace.states) == Array(whole.states), "seed \(seed)")
            #expect(inPlace.handlers == whole.handlers && inPlace.scheduledEvents == whole.scheduledEvents)
            #expect(inPlace.pendingShows.keys.sorted() == whole.pendingShows.keys.sorted())
            for t in [time, time + 0.1, time + 0.6] {
                #expect(try inPlace.treeDescription(at: t) == whole.treeDescription(at: t), "seed \(seed) at \(t)")
                #expect(inPlace.layers(at: t) == whole.layers(at: t), "seed \(seed) at \(t)")
                #expect(inPlace.timeline(at: t) == whole.timeline(at: t), "seed \(seed) at \(t)")
            }
        }
        // Later calls see the same sessions.
        time += 1
        _ = try whole.hide(HideOptions(transition: .crossDissolve(0.25)), at: time)
        _ = try inPlace.hide(HideOptions(transition: .crossDissolve(0.25)), at: time)
        #expect(inPlace.layers(at: time + 0.1) == whole.layers(at: time + 0.1))
        #expect(try inPlace.treeDescription(at: time + 1) == whole.treeDescription(at: time + 1))
    }
}
