import SkeletonModel
import Testing

@Suite("Templates, tables and collections (§8)")
struct TemplateTests {
    static let feed = #"""
        {"root": {"type": "UITableView", "id": "feed", "frame": [0, 0, 320, 600], "isSkeletonable": true,
                  "rowHeight": "automatic", "estimatedRowHeight": 120,
                  "sections": [{"rows": "automatic", "cell": "Post", "header": "Head"}],
                  "templates": {
                    "Post": {"type": "UITableViewCell", "frame": [0, 0, 320, 120], "isSkeletonable": true, "children": [
                      {"type": "UIImageView", "id": "avatar", "frame": [16, 16, 40, 40], "isSkeletonable": true},
                      {"type": "UILabel", "frame": [64, 16, 240, 60], "isSkeletonable": true}]},
                    "Head": {"type": "UITableViewHeaderFooterView", "frame": [0, 0, 320, 30]}}}}
        """#

    @Test func tableRowsAreInstantiatedWithPrefixedReferences() throws {
        let doc = try decodeValid(Self.feed)
        let instances = doc.root.children
        // Frame 600 / estimated 120 → 5 rows, plus the header.
        #expect(instances.count == 6)
        #expect(instances[0].reference == "feed[0,header]/0")
        #expect(instances[0].frame == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect(instances[1].reference == "feed[0,0]/0")
        #expect(instances[1].frame == Rect(x: 0, y: 30, width: 320, height: 120))
        #expect(instances[5].frame.y == 30 + 4 * 120)
        #expect(instances[3].children.map(\.reference) == ["feed[0,2]/avatar", "feed[0,2]/0.1"])
        #expect(instances[3].instance == InstanceInfo(template: "Post", role: .cell(section: 0, row: 2)))
        #expect(doc.nodeCount == 1 + 1 + 5 * 3)
        let refs = doc.root.all.map(\.reference)
        #expect(Set(refs).count == refs.count)
    }

    @Test func automaticRowCountRoundsUp() {
        var t = TableProperties(rowHeight: .automatic, estimatedRowHeight: .points(120))
        #expect(t.automaticRowCount(frameHeight: 600) == 5)
        #expect(t.automaticRowCount(frameHeight: 610) == 6)
        t.estimatedRowHeight = .automatic
        #expect(t.automaticRowCount(frameHeight: 600) == nil)
        t.rowHeight = .points(0)
        #expect(t.automaticRowCount(frameHeight: 600) == nil)
    }

    @Test func zeroOrNegativeRowHeightIsAnError() {
        func table(_ extra: String) -> String {
            #"{"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "cell": "c", "# + extra
                + #" "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 1, 1]}}}}"#
        }
        #expect(problems(table(#""rowHeight": 0,"#)) == ["invalid-row-height /root/rowHeight"])
        #expect(problems(table(#""rowHeight": -5,"#)) == ["invalid-row-height /root/rowHeight"])
        #expect(problems(table("")) == ["invalid-row-height /root/estimatedRowHeight"])
    }

    @Test func collectionFlowCountsAndPlacement() throws {
        let doc = try decodeValid(
            #"""
            {"root": {"type": "UICollectionView", "id": "grid", "frame": [0, 0, 170, 420], "layout": "flow", "itemSize": [50, 50],
                      "sections": [{"cell": "Item", "supplementary": {"header": "H"}}],
                      "templates": {"Item": {"type": "UICollectionViewCell", "frame": [0, 0, 50, 50]},
                                    "H": {"type": "UIView", "frame": [0, 0, 0, 20]}}}}
            """#)
        let items = doc.root.children.filter { if case .cell = $0.instance?.role { true } else { false } }
        #expect(items.count == 9)  // ceil(420 / 50)
        #expect(doc.root.children[0].reference == "grid[0,header]/0")
        // 3 per line: (170 + 10) / 60 = 3; justified gap (170 - 150) / 2 = 10.
        #expect(
            items.prefix(4).map(\.frame) == [
                Rect(x: 0, y: 20, width: 50, height: 50), Rect(x: 60, y: 20, width: 50, height: 50),
                Rect(x: 120, y: 20, width: 50, height: 50), Rect(x: 0, y: 80, width: 50, height: 50),
            ])
    }

    @Test func compositionalLayoutHasNoAutomaticItems() throws {
        let doc = try decodeValid(
            #"""
            {"root": {"type": "UICollectionView", "frame": [0, 0, 100, 420], "layout": "compositional", "cell": "Item",
                      "templates": {"Item": {"type": "UICollectionViewCell", "frame": [0, 0, 50, 50]}}}}
            """#)
        #expect(doc.root.children.isEmpty)
    }

    @Test func unknownTemplatesAndCycles() {
        #expect(
            problems(
                #"""
                {"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 50, "cell": "Missing", "templates": {}}}
                """#) == ["unknown-template /root/cell"])
        #expect(
            problems(
                #"""
                {"root": {"type": "UITableView", "frame": [0, 0, 100, 100], "rowHeight": 50, "cell": "A",
                  "templates": {
                    "A": {"type": "UITableViewCell", "frame": [0, 0, 100, 50], "children": [
                      {"type": "UITableView", "frame": [0, 0, 100, 50], "rowHeight": 50, "cell": "B"}]},
                    "B": {"type": "UITableViewCell", "frame": [0, 0, 100, 50], "children": [
                      {"type": "UITableView", "frame": [0, 0, 100, 50], "rowHeight": 50, "cell": "A"}]}}}}
                """#) == ["template-cycle /root/templates/B/children/0/cell"])
    }

    @Test func nestedTablesPrefixTwice() throws {
        let doc = try decodeValid(
            #"""
            {"root": {"type": "UITableView", "id": "outer", "frame": [0, 0, 100, 100], "rowHeight": 100, "cell": "A",
              "templates": {
                "A": {"type": "UITableViewCell", "frame": [0, 0, 100, 100], "children": [
                  {"type": "UITableView", "id": "inner", "frame": [0, 0, 100, 100], "rowHeight": 50, "cell": "B",
                   "templates": {"B": {"type": "UITableViewCell", "frame": [0, 0, 100, 50], "children": [
                      {"type": "UILabel", "id": "title", "frame": [0, 0, 10, 10]}]}}}]}}}}
            """#)
        let refs = doc.root.all.map(\.reference)
        #expect(refs.contains("outer[0,0]/inner[0,1]/title"))
        #expect(doc.nodeCount == 1 + 1 + 1 + 2 * 2)
    }
}
