import InterfaceBuilder
import SkeletonModel
import Testing

/// How storyboard and XIB views follow a device width: their `<autoresizingMask>`, or the mask their Auto Layout
/// constraints make (`HorizontalAnchoring`).
@Suite struct DeviceWidthMappingTests {
    static func masks() throws -> [String: [String]] {
        let document = try IB.document(try IB.fixture("Widths.xib"))
        var out: [String: [String]] = [:]
        var stack = [document.root]
        while let node = stack.popLast() {
            if let id = node.id { out[id] = node.autoresizingMask.names }
            stack += node.children
        }
        return out
    }

    @Test func autoresizingMasksAreReadAsTheyAre() throws {
        let masks = try Self.masks()
        #expect(masks["banner"] == ["flexibleWidth", "flexibleBottomMargin"])
        #expect(masks["corner"] == ["flexibleLeftMargin", "flexibleBottomMargin"])
        #expect(masks["fixed"] == ["flexibleRightMargin", "flexibleBottomMargin"])
    }

    @Test func constraintsBecomeTheMaskThatMovesTheSameEdges() throws {
        let masks = try Self.masks()
        #expect(masks["pinned"] == ["flexibleWidth"], "leading and trailing to the safe area")
        #expect(masks["icon"] == [], "leading pinned, own width")
        #expect(masks["title"] == ["flexibleWidth"], "leading to a fixed sibling, trailing to the superview")
        #expect(masks["action"] == ["flexibleLeftMargin"], "trailing (margin) only")
        #expect(masks["middle"] == ["flexibleLeftMargin", "flexibleRightMargin"], "centred")
        #expect(masks["loose"] == [], "an inequality places nothing")
    }

    @Test func atAWiderDeviceOnlyTheFlexibleViewsChange() throws {
        var document = try IB.document(try IB.fixture("Widths.xib"))
        let before = document
        document.root.resize(toWidth: 430)
        func frame(_ id: String, _ document: SkeletonDocument) -> Rect? {
            IB.node(id, in: document)?.frame
        }
        #expect(frame("pinned", document) == Rect(x: 16, y: 110, width: 398, height: 40))
        #expect(frame("title", document) == Rect(x: 64, y: 160, width: 350, height: 20))
        #expect(frame("action", document)?.x == 334)
        #expect(frame("middle", document)?.x == 165)
        for id in ["fixed", "icon", "loose"] { #expect(frame(id, document) == frame(id, before)) }
    }
}
