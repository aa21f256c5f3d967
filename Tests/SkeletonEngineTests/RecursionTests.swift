import SkeletonEngine
import Testing

@Suite("Recursion and tree description (§1, §12 cases 1–3)")
struct RecursionTests {
    static let mixed = root(
        #"""
        {"type": "UILabel", "id": "label", "frame": [10, 10, 200, 20], "isSkeletonable": true},
        {"type": "UIView", "id": "box", "frame": [10, 40, 100, 100], "children": [
          {"type": "UIImageView", "id": "image", "frame": [0, 0, 50, 50], "isSkeletonable": true}]}
        """#)

    @Test func nonSkeletonableViewDescriptionHasNoChildrenKey() throws {
        let s = try session(#"{"root": {"type": "UIView", "frame": [0, 0, 10, 10]}}"#)
        let d = try s.treeDescription()
        #expect(d.children.isEmpty)
        #expect(
            d.prettyPrinted() == """
                {
                  "type" : "UIView",
                  "reference" : "0",
                  "isSkeletonable" : false
                }
                """)
    }

    @Test func descriptionListsSkeletonChildrenOnly() throws {
        let s = try session(Self.mixed)
        let d = try s.treeDescription()
        #expect(d.children.map(\.reference) == ["label"])
        #expect(
            d.prettyPrinted() == """
                {
                  "type" : "UIView",
                  "reference" : "0",
                  "isSkeletonable" : true,
                  "children" : [
                    {
                      "type" : "UILabel",
                      "reference" : "label",
                      "isSkeletonable" : true
                    }
                  ]
                }
                """)
    }

    @Test func onlyTheLabelGetsALayer() throws {
        var s = try session(Self.mixed)
        let r = try s.show(instant, at: 0)
        #expect(r.outcome == .shown(leaves: ["label"]))
        let list = s.layers(at: 0)
        #expect(Set(list.skeleton.map(\.node)) == ["label"])
        #expect(try s.isActive())
        #expect(try s.isActive("label"))
        #expect(try !s.isActive("image"))
    }

    @Test func nonSkeletonableRootDrawsNothingButPostsWillAppear() throws {
        var s = try session(
            root(#"{"type": "UILabel", "frame": [0, 0, 10, 10], "isSkeletonable": true}"#, skeletonable: false))
        let r = try s.show(instant, at: 0)
        #expect(r.outcome == .notSkeletonable)
        #expect(r.states == [.willAppear])
        #expect(s.layers(at: 0).skeleton.isEmpty)
    }

    @Test func containerWithoutSkeletonableChildrenIsOneBlock() throws {
        var s = try session(
            root(
                #"""
                {"type": "UIView", "id": "card", "frame": [20, 30, 200, 100], "isSkeletonable": true, "children": [
                  {"type": "UILabel", "frame": [0, 0, 100, 20]}, {"type": "UIImageView", "frame": [0, 30, 40, 40]}]}
                """#))
        _ = try s.show(instant, at: 0)
        let blocks = s.layers(at: 0).skeleton
        #expect(blocks.map(\.id) == ["card#block"])
        #expect(blocks.first?.shape.rect == Rect(x: 20, y: 30, width: 200, height: 100))
        #expect(blocks.first?.kind == .block)
    }

    @Test func stackViewsUseArrangedSubviewsOnly() throws {
        var s = try session(
            root(
                #"""
                {"type": "UIStackView", "id": "stack", "frame": [0, 0, 200, 100], "isSkeletonable": true, "children": [
                  {"type": "UIImageView", "id": "arranged", "frame": [0, 0, 50, 50], "isSkeletonable": true},
                  {"type": "UIImageView", "id": "loose", "frame": [60, 0, 50, 50], "isSkeletonable": true, "arranged": false}]}
                """#))
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).skeleton.map(\.node) == ["arranged"])
        #expect(try s.treeDescription(node: "stack").children.map(\.reference) == ["arranged"])
    }

    @Test func cellsUseTheirContentAndTablesNeverGetABlock() throws {
        var s = try session(
            #"""
            {"root": {"type": "UITableView", "id": "t", "frame": [0, 0, 100, 100], "isSkeletonable": true, "rowHeight": 50,
              "cell": "C", "templates": {"C": {"type": "UITableViewCell", "frame": [0, 0, 100, 50], "isSkeletonable": true,
                 "children": [{"type": "UIView", "id": "dot", "frame": [5, 5, 10, 10], "isSkeletonable": true}]}}}}
            """#)
        let r = try s.show(instant, at: 0)
        #expect(r.outcome == .shown(leaves: ["t[0,0]/dot", "t[0,1]/dot"]))
        #expect(s.layers(at: 0).rects(of: "t[0,1]/dot") == [Rect(x: 5, y: 55, width: 10, height: 10)])
        // A skeletonable table with no skeletonable cells is active but draws nothing.
        var empty = try session(
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "isSkeletonable": true}}"#)
        _ = try empty.show(instant, at: 0)
        #expect(try empty.isActive())
        #expect(empty.layers(at: 0).skeleton.isEmpty)
    }

    @Test func unknownNodeIsAnError() throws {
        var s = try session(Self.mixed)
        #expect(throws: EngineError.unknownNode("nope")) { try s.show(instant, node: "nope", at: 0) }
    }
}
