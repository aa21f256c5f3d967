import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// The rest of the time-independent conformance cases (reference §12: 3, 4, 5, 6, 7, 10, 15, 18) through
/// the real daemon.
@Suite struct ConformanceGeometryTests {
    typealias D = DaemonSession

    func shown(_ root: JSON, extra: JSONObject = [:], show: JSONObject = [:]) throws -> (D, [JSON]) {
        let s = try D()
        var document: JSONObject = ["root": root]
        for (k, v) in extra { document[k] = v }
        s.open("file:///c", .object(document))
        var params: JSONObject = ["uri": "file:///c", "transition": "none"]
        for (k, v) in show { params[k] = v }
        _ = try s.call("skeleton/show", .object(params))
        return (s, try s.layers("file:///c", at: 0))
    }

    /// Case 3: stack views use arranged subviews only; cells use their content and ignore the contentView flag.
    @Test func case3StackViewsAndCells() throws {
        let (s, layers) = try shown(
            D.node(
                "UIView", frame: [0, 0, 300, 200],
                children: [
                    D.node(
                        "UIStackView", "stack", frame: [0, 0, 300, 60],
                        children: [
                            D.node("UIView", "arranged", frame: [0, 0, 100, 60]),
                            D.node("UIView", "loose", frame: [200, 0, 100, 60], ["arranged": false]),
                        ]),
                    D.node(
                        "UITableViewCell", "cell", frame: [0, 100, 300, 60],
                        children: [D.node("UIView", "content", frame: [10, 10, 50, 40])]),
                ]))
        defer { s.close() }
        #expect(Set(layers.compactMap { $0["node"]?.stringValue }) == ["arranged", "content"])
    }

    /// Case 4: the §3.7 table beyond the first rows: alignment, padding, RTL, the rounding-to-zero block and
    /// renderSingleLineAsView.
    @Test func case4WorkedExamples() throws {
        let (s, layers) = try shown(
            D.node(
                "UIView", frame: [0, 0, 400, 400],
                children: [
                    D.node("UILabel", "single", frame: [0, 0, 200, 20]),
                    D.node("UILabel", "center", frame: [0, 40, 200, 20], ["textAlignment": "center"]),
                    D.node(
                        "UILabel", "right", frame: [0, 80, 200, 20],
                        ["textAlignment": "right", "skeletonPaddingInsets": [0, 10, 0, 20]]),
                    D.node(
                        "UILabel", "rtl", frame: [0, 120, 200, 20],
                        ["layoutDirection": "rtl", "skeletonPaddingInsets": [0, 10, 0, 20]]),
                    D.node("UILabel", "tiny", frame: [0, 160, 200, 12], ["numberOfLines": 0]),
                ]))
        defer { s.close() }
        func rects(_ node: String) -> [[Double]] { layers.filter { $0["node"]?.stringValue == node }.map(\.rect) }
        #expect(rects("single") == [[0, 2.5, 140, 15]])
        #expect(rects("center") == [[30, 42.5, 140, 15]])
        func close(_ a: Double?, _ b: Double) -> Bool { abs((a ?? .nan) - b) < 1e-9 }
        #expect(close(rects("right").first?[0], 61))
        #expect(close(rects("right").first?[2], 119))
        #expect(close(rects("rtl").first?[0], 71))
        #expect(layers.first { $0["node"] == "tiny" }?["kind"] == "block")
        #expect(rects("tiny") == [[0, 160, 200, 12]])

        let (t, single) = try shown(
            D.node("UILabel", "x", frame: [0, 0, 200, 20]), extra: ["appearance": ["renderSingleLineAsView": true]])
        defer { t.close() }
        #expect(single.map { $0["kind"] } == ["block"])
    }

    /// Case 5: a 3-line label 20 pt high gets a 65 pt skeleton (lines at 0, 25, 50).
    @Test func case5HeightFix() throws {
        let (s, layers) = try shown(D.node("UILabel", "l", frame: [0, 0, 200, 20], ["numberOfLines": 3]))
        defer { s.close() }
        #expect(layers.map { $0.rect[1] } == [0, 25, 50])
        #expect(layers.map { $0.rect[2] } == [200, 200, 140])
    }

    /// Case 6: the line count is frozen at show; a run-time relayout (a patch) moves the lines but keeps their number,
    /// a text edit recounts them.
    @Test func case6LineCountIsFrozen() throws {
        let s = try D()
        defer { s.close() }
        func document(height: Double) -> JSON {
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 400, 400],
                    children: [D.node("UITextView", "t", frame: [0, 0, 300, height])])
            ]
        }
        s.open("file:///f", document(height: 100))
        _ = try s.call("skeleton/show", ["uri": "file:///f", "transition": "none"])
        #expect(try s.layers("file:///f").count == 4)
        // The app resizing the view at run time (a patch): the line count stays.
        try s.call(
            "skeleton/patch",
            ["uri": "file:///f", "ops": [["op": "set", "node": "t", "properties": ["frame": [0, 0, 300, 200]]]]])
        #expect(try s.layers("file:///f").count == 4)
        // A text edit is a design change: the preview shows what a fresh show gives, round(200 / 25) = 8 lines.
        s.replace("file:///f", text: document(height: 200).text, version: 3)
        #expect(try s.layers("file:///f").count == 8)
    }

    /// Case 7: `SkeletonGradient(baseColor: .alizarin)` is [#E74C3C, #FF6751 (clipped), #E74C3C]; a greyscale base
    /// gets lighter.
    @Test func case7DerivedGradients() throws {
        let (s, layers) = try shown(
            D.node("UIView", "b", frame: [0, 0, 10, 10]),
            show: ["type": "gradient", "gradient": ["baseColor": "alizarin"]])
        defer { s.close() }
        #expect(layers.first?["fill"]?["gradient"]?["colors"] == ["#E74C3CFF", "#FF6751FF", "#E74C3CFF"])
        let (t, grey) = try shown(
            D.node("UIView", "b", frame: [0, 0, 10, 10]),
            show: ["type": "gradient", "gradient": ["baseColor": ["white": 0.5]]])
        defer { t.close() }
        let colors = grey.first?["fill"]?["gradient"]?["colors"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(colors.count == 3)
        #expect(colors[1] > colors[0])
    }

    /// Case 10: a static gradient is vertical with stops at 0, 0.5, 1.
    @Test func case10StaticGradient() throws {
        let (s, layers) = try shown(D.node("UIView", "b", frame: [0, 0, 10, 10]), show: ["type": "gradient"])
        defer { s.close() }
        let gradient = layers.first?["fill"]?["gradient"]
        #expect(gradient?["start"] == [0.5, 0])
        #expect(gradient?["end"] == [0.5, 1])
        #expect(gradient?["colors"]?.arrayValue?.count == 3)
    }

    /// Case 15: a compositional (non-flow) collection layout gets no items.
    @Test func case15NonFlowLayoutsGetNoItems() throws {
        let item = D.node(
            "UICollectionViewCell", frame: [0, 0, 50, 50],
            children: [D.node("UIImageView", "icon", frame: [0, 0, 50, 50])])
        let (s, layers) = try shown(
            D.node(
                "UICollectionView", "grid", frame: [0, 0, 50, 420],
                [
                    "layout": "compositional", "itemSize": [50, 50], "cell": "Item", "templates": ["Item": item],
                ]))
        defer { s.close() }
        #expect(layers.isEmpty)
    }

    /// Case 18: isHiddenWhenSkeletonIsActive hides a leaf while showing and shows it after hide, even if it was
    /// hidden before (reported in the tree description's state).
    @Test func case18HiddenWhenActive() throws {
        let s = try D()
        defer { s.close() }
        s.open(
            "file:///h",
            [
                "root": D.node(
                    "UIView", "root", frame: [0, 0, 100, 100],
                    children: [
                        D.node(
                            "UIView", "badge", frame: [0, 0, 10, 10],
                            ["isHiddenWhenSkeletonIsActive": true, "backgroundColor": "#E74C3C"]),
                        D.node("UIView", "other", frame: [20, 0, 10, 10]),
                    ])
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///h", "transition": "none"])
        func state() throws -> JSON? {
            try s.call("skeleton/treeDescription", ["uri": "file:///h", "includeState": true])["tree"]?["children"]?[0]
        }
        #expect(try state()?["isHidden"] == true)
        #expect(try s.layers("file:///h").allSatisfy { $0["node"] != "badge" })
        _ = try s.call("skeleton/hide", ["uri": "file:///h", "transition": "none"])
        #expect(try state()?["isHidden"] == false)
    }
}
