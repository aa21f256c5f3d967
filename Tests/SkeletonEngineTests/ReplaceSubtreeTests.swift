import SkeletonEngine
import Testing

/// `replaceSubtree` (an edit inside one node) ends where `replaceDocument` with the whole new document ends, and
/// refuses what it cannot do in place.
@Suite struct ReplaceSubtreeTests {
    static func text(cardWidth: Int, extraChild: Bool = false, titleID: String = "title") -> String {
        let extra = extraChild ? #", {"type": "UILabel", "frame": [0, 80, 50, 10], "isSkeletonable": true}"# : ""
        return root(
            #"{"type": "UIView", "id": "card", "frame": [10, 10, "# + String(cardWidth)
                + #", 100], "isSkeletonable": true, "clipsToBounds": true, "children": ["#
                + #"{"type": "UILabel", "id": ""# + titleID
                + #"", "frame": [5, 5, 200, 40], "isSkeletonable": true, "numberOfLines": 2},"#
                + #"{"type": "UIImageView", "frame": [5, 50, 40, 40], "isSkeletonable": true}"# + extra + "]},"
                + #"{"type": "UILabel", "id": "footer", "frame": [10, 200, 100, 20], "isSkeletonable": true},"#
                + #"{"type": "UITableView", "id": "list", "frame": [0, 240, 320, 200], "isSkeletonable": true, "rowHeight": 50, "sections": [{"rows": 2, "cell": "C"}], "templates": {"C": {"type": "UITableViewCell", "frame": [0, 0, 320, 50], "isSkeletonable": true}}}"#
        )
    }

    @Test(
        arguments: [
            (300, false, "title"), (120, false, "title"), (250, true, "title"), (300, true, "heading"),
            (120, false, "heading"),
        ],
        [DocumentChange.edit, .runtime])
    func endsWhereReplacingTheDocumentEnds(
        edit: (width: Int, extraChild: Bool, titleID: String), change: DocumentChange
    )
        throws
    {
        let (width, extraChild, titleID) = edit
        var base = try session(Self.text(cardWidth: 300))
        _ = try base.show(instant, at: 0)
        let edited = try document(Self.text(cardWidth: width, extraChild: extraChild, titleID: titleID))
        var whole = base
        _ = whole.replaceDocument(edited, at: 1, as: change)
        var inPlace = base
        let card = edited.root.children[0]
        _ = try inPlace.replaceSubtree(atIndexPath: [0], with: card, expectedCount: 3, at: 1, as: change)
        #expect(inPlace.layers(at: 2) == whole.layers(at: 2))
        #expect(try inPlace.treeDescription(at: 2) == whole.treeDescription(at: 2))
        #expect(inPlace.document.nodeCount == whole.document.nodeCount)
        // Later operations see the same tree.
        _ = try inPlace.hide(HideOptions(transition: .none), at: 3)
        _ = try whole.hide(HideOptions(transition: .none), at: 3)
        #expect(inPlace.layers(at: 4) == whole.layers(at: 4))
        #expect(inPlace.contains("footer") && inPlace.contains(titleID))
    }

    @Test func refusesWhatItCannotDoInPlace() throws {
        var s = try session(Self.text(cardWidth: 300))
        let edited = try document(Self.text(cardWidth: 300))
        var card = edited.root.children[0]
        card.children[0].id = "footer"  // as the card's own text would decode after renaming its title
        card.children[0].reference = "footer"
        #expect(throws: SubtreeRefusal.noSuchNode) {
            try s.replaceSubtree(atIndexPath: [], with: edited.root, expectedCount: 9, at: 0, as: .edit)
        }
        #expect(throws: SubtreeRefusal.noSuchNode) {
            try s.replaceSubtree(atIndexPath: [7], with: card, expectedCount: 3, at: 0, as: .edit)
        }
        #expect(throws: SubtreeRefusal.countMismatch) {
            try s.replaceSubtree(atIndexPath: [0], with: card, expectedCount: 4, at: 0, as: .edit)
        }
        #expect(throws: SubtreeRefusal.idInUse("footer")) {
            try s.replaceSubtree(atIndexPath: [0], with: card, expectedCount: 3, at: 0, as: .edit)
        }
        #expect(s.layers(at: 0) == (try session(Self.text(cardWidth: 300))).layers(at: 0))  // refusals change nothing
        let list = try document(Self.text(cardWidth: 300)).root.children[2]
        #expect(throws: SubtreeRefusal.collection) {
            try s.replaceSubtree(atIndexPath: [2], with: list, expectedCount: list.subtreeCount, at: 0, as: .edit)
        }
        #expect(throws: SubtreeRefusal.collection) {
            try s.replaceSubtree(atIndexPath: [2, 0], with: card, expectedCount: 1, at: 0, as: .edit)
        }
    }
}
