import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import Testing

/// Relayout after an edit touches only what changed: the counter of node layouts proves it.
@Suite struct IncrementalLayoutTests {
    /// A 500-node document: 100 rows of a container with an avatar, two labels and a button.
    static func text(titleWidth: Double = 200, rowOffset: Double = 0) -> String {
        var rows: [String] = []
        for i in 0..<100 {
            let y = Double(i * 60) + (i == 50 ? rowOffset : 0)
            let width = i == 7 ? titleWidth : 200
            rows.append(
                """
                {"type": "UIView", "id": "row\(i)", "frame": [0, \(y), 320, 60], "isSkeletonable": true, "children": [
                  {"type": "UIImageView", "id": "avatar\(i)", "frame": [8, 8, 44, 44], "isSkeletonable": true},
                  {"type": "UILabel", "id": "title\(i)", "frame": [60, 8, \(width), 20], "isSkeletonable": true},
                  {"type": "UILabel", "id": "body\(i)", "frame": [60, 30, 240, 40], "isSkeletonable": true, "numberOfLines": 2},
                  {"type": "UIButton", "id": "more\(i)", "frame": [300, 8, 16, 16], "isSkeletonable": true}
                ]}
                """)
        }
        return
            #"{"root": {"type": "UIView", "id": "list", "frame": [0, 0, 320, 6000], "isSkeletonable": true, "children": ["#
            + rows.joined(separator: ",") + "]}}"
    }

    @Test func aOnePropertyEditLaysOutOneNode() throws {
        var s = try session(Self.text())
        _ = try s.show(ShowOptions(transition: .none), at: 0)
        let first = s.layers(at: 0)
        #expect(s.layoutCount == 400)  // every leaf once
        _ = s.layers(at: 0.5)
        #expect(s.layoutCount == 400)  // drawing again lays out nothing
        _ = s.replaceDocument(try document(Self.text(titleWidth: 150)), at: 1, as: .edit)
        let second = s.layers(at: 1)
        #expect(s.layoutCount == 401)  // only title7
        let changed = zip(first.layers, second.layers).filter { $0.shape != $1.shape }.map(\.1.node)
        #expect(changed == ["title7"])
    }

    @Test func movingASubtreeLaysOutThatSubtreeOnly() throws {
        var s = try session(Self.text())
        _ = try s.show(ShowOptions(transition: .none), at: 0)
        _ = s.layers(at: 0)
        _ = s.replaceDocument(try document(Self.text(rowOffset: 5)), at: 1, as: .edit)
        _ = s.layers(at: 1)
        #expect(s.layoutCount == 404)  // the four leaves of row 50
    }
}
