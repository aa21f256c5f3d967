import SkeletonModel
import Testing

/// A section's `cells`: each row's (item's) own template and `isSkeletonable`, as a skeleton data source answers
/// them per index path.
@Suite("Per-row cells")
struct RowCellsTests {
    static func table(_ cells: String, rows: String = "3") -> String {
        #"""
        {"root": {"type": "UITableView", "id": "t", "frame": [0, 0, 320, 200], "isSkeletonable": true, "rowHeight": 50,
                  "sections": [{"rows": \#(rows), "cell": "A", "cells": \#(cells)}],
                  "templates": {
                    "A": {"type": "UITableViewCell", "frame": [0, 0, 320, 50], "isSkeletonable": true},
                    "B": {"type": "UITableViewCell", "frame": [0, 0, 320, 50], "isSkeletonable": true, "children": [
                      {"type": "UILabel", "frame": [0, 0, 100, 20], "isSkeletonable": true}]}}}}
        """#
    }

    @Test func eachRowTakesItsOwnTemplateAndSkeletonable() throws {
        let doc = try decodeValid(Self.table(#"[{"cell": "B"}, null, {"isSkeletonable": false}, {"cell": "B"}]"#))
        let rows = doc.root.children
        #expect(rows.map { $0.instance?.template } == ["B", "A", "A"], "entries past the rows are not built")
        #expect(rows.map(\.isSkeletonable) == [true, true, false])
        #expect(rows.map(\.frame.y) == [0, 50, 100])
        #expect(rows[0].children.map(\.reference) == ["t[0,0]/0.0"])
        #expect(doc.nodeCount == 1 + 3 + 1)
    }

    @Test func collectionItemsTakeTheirOwnCells() throws {
        let doc = try decodeValid(
            #"""
            {"root": {"type": "UICollectionView", "id": "c", "frame": [0, 0, 320, 200], "isSkeletonable": true,
                      "itemSize": [100, 100], "sections": [{"items": 3, "cell": "A", "cells": [{"isSkeletonable": false}]}],
                      "templates": {"A": {"type": "UICollectionViewCell", "frame": [0, 0, 100, 100], "isSkeletonable": true}}}}
            """#)
        #expect(doc.root.children.map(\.isSkeletonable) == [false, true, true])
    }

    @Test func badEntriesAreReportedWhereTheyAre() {
        #expect(problems(Self.table(#"{"cell": "B"}"#)) == ["invalid-value /root/sections/0/cells"])
        #expect(problems(Self.table(#"[3]"#)) == ["invalid-value /root/sections/0/cells/0"])
        #expect(problems(Self.table(#"[{"cell": "Z"}]"#)) == ["unknown-template /root/sections/0/cells/0/cell"])
        #expect(
            problems(Self.table(#"[{"isSkeletonable": "no"}]"#)).first
                == "invalid-value /root/sections/0/cells/0/isSkeletonable")
        var limits = DocumentLimits.default
        limits.maxNodes = 2
        #expect(
            problems(Self.table("[null, null, null]", rows: "1"), limits: limits) == [
                "too-many-nodes /root/sections/0/cells"
            ])
    }

    @Test func eachTemplatesCopiesMeetTheNodeLimit() {
        var limits = DocumentLimits.default
        limits.maxNodes = 5
        // 1 table + 2 rows of A + 2 rows of B (2 nodes each) = 7 nodes.
        #expect(
            problems(Self.table(#"[{"cell": "B"}, {"cell": "B"}]"#, rows: "4"), limits: limits)
                == ["too-many-nodes /root/sections/0/cells"])
    }
}
