import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// SkeletonView's conformance cases (reference §12) through the real daemon over pipes.
@Suite struct ConformanceTests {
    typealias D = DaemonSession

    @Test func case1TreeDescriptionKeys() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///plain", ["root": D.node("UIView", frame: [0, 0, 100, 100], skeletonable: false)])
        let plain = try s.call("skeleton/treeDescription", ["uri": "file:///plain"])
        #expect(plain["tree"]?.objectValue?.keys.sorted() == ["isSkeletonable", "reference", "type"])
        #expect(plain["tree"]?["type"] == "UIView")
        s.open(
            "file:///mixed",
            [
                "root": D.node(
                    "UIView", "c", frame: [0, 0, 200, 100],
                    children: [
                        D.node("UILabel", "label", frame: [0, 0, 100, 20]),
                        D.node(
                            "UIView", "plain", frame: [0, 50, 100, 50], skeletonable: false,
                            children: [
                                D.node("UIImageView", "image", frame: [0, 0, 10, 10])
                            ]),
                    ])
            ])
        let mixed = try s.call("skeleton/treeDescription", ["uri": "file:///mixed"])
        let children = mixed["tree"]?["children"]?.arrayValue ?? []
        #expect(children.map { $0["reference"] } == ["label"])
        #expect(mixed["text"]?.stringValue?.contains("\"reference\" : \"label\"") == true)
    }

    @Test func case2Recursion() throws {
        let s = try D()
        defer { s.close() }
        s.open(
            "file:///off",
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 100, 100], skeletonable: false,
                    children: [
                        D.node("UILabel", frame: [0, 0, 50, 20])
                    ])
            ])
        #expect(try s.call("skeleton/show", ["uri": "file:///off"])["outcome"] == "notSkeletonable")
        #expect(try s.layers("file:///off", at: 1).isEmpty)

        s.open(
            "file:///block",
            [
                "root": D.node(
                    "UIView", "box", frame: [0, 0, 120, 80],
                    children: [
                        D.node("UILabel", frame: [0, 0, 50, 20], skeletonable: false)
                    ])
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///block", "transition": "none"])
        let layers = try s.layers("file:///block", at: 0)
        #expect(layers.count == 1)
        #expect(layers.first?["kind"] == "block" && layers.first?.rect == [0, 0, 120, 80])
    }

    /// §3.7: UILabel 300×100, numberOfLines 0 → 4 lines at y 5, 30, 55, 80; the last 70 % wide.
    @Test func case4MultilineGeometry() throws {
        let s = try D()
        defer { s.close() }
        s.open(
            "file:///text",
            [
                "root": D.node(
                    "UIView", frame: [0, 0, 400, 300],
                    children: [
                        D.node("UILabel", "l", frame: [10, 20, 300, 100], ["numberOfLines": 0]),
                        D.node("UITextView", "t", frame: [10, 150, 300, 100]),
                    ])
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///text", "transition": "none"])
        let layers = try s.layers("file:///text", at: 0)
        let label = layers.filter { $0["node"] == "l" }.map(\.rect)
        #expect(label == [[10, 25, 300, 15], [10, 50, 300, 15], [10, 75, 300, 15], [10, 100, 210, 15]])
        let text = layers.filter { $0["node"] == "t" }.map(\.rect)
        #expect(text.map { $0[1] } == [150, 175, 200, 225])
        #expect(text.last?[2] == 210)
    }

    /// §4: the default light block is #ECF0F1; dark #1C2325; pulse reaches the complement at 1 s (§5, case 8).
    @Test func case7And8ColoursAndPulse() throws {
        let s = try D()
        defer { s.close() }
        let root = D.node("UIView", "b", frame: [0, 0, 50, 50])
        s.open("file:///light", ["root": root])
        s.open("file:///dark", ["root": root, "colorScheme": "dark"])
        _ = try s.call("skeleton/show", ["uri": "file:///light", "transition": "none", "animated": true])
        _ = try s.call("skeleton/show", ["uri": "file:///dark", "transition": "none"])
        func color(_ uri: String, _ t: Double) throws -> String? {
            try s.layers(uri, at: t).first?["fill"]?["solid"]?.stringValue
        }
        #expect(try color("file:///light", 0) == "#ECF0F1FF")
        #expect(try color("file:///light", 1) == "#DEE2E3FF")
        #expect(try color("file:///light", 2) == "#ECF0F1FF")
        #expect(try color("file:///dark", 0) == "#1C2325FF")
        // The 0.5 s midpoint of ease-in-ease-out is the exact half mix.
        #expect(try color("file:///light", 0.5) == "#E5E9EAFF")
    }

    /// Case 11: a second show is a no-op that says so; update re-tints in place; gradient update recreates.
    @Test func case11ShowTwiceAndUpdate() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///u", ["root": D.node("UIView", "b", frame: [0, 0, 50, 50])])
        #expect(try s.call("skeleton/show", ["uri": "file:///u", "transition": "none"])["outcome"] == "shown")
        let again = try s.call("skeleton/show", ["uri": "file:///u"])
        #expect(again["outcome"] == "alreadyActive")
        let before = try s.layers("file:///u", at: 0).first?["id"]
        let update = try s.call("skeleton/update", ["uri": "file:///u", "color": "alizarin"])
        #expect(update["outcome"] == "updated" && update["retinted"] == ["b"])
        let after = try s.layers("file:///u", at: 0).first
        #expect(after?["id"] == before)
        #expect(after?["fill"]?["solid"] == "#E74C3CFF")
        let gradient = try s.call("skeleton/update", ["uri": "file:///u", "type": "gradient"])
        #expect(gradient["recreated"] == ["b"])
    }

    /// Case 12: a delayed show hidden before its delay never draws anything; update does not cancel it.
    @Test func case12DelayedShow() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///d", ["root": D.node("UIView", "b", frame: [0, 0, 50, 50])])
        #expect(
            try s.call("skeleton/show", ["uri": "file:///d", "delay": 1])["outcome"]
                == ["outcome": "scheduled", "at": 1]["outcome"])
        try s.advance(to: 0.5)
        _ = try s.call("skeleton/hide", ["uri": "file:///d"])
        for t in [0.5, 1.0, 1.5, 3.0] { #expect(try s.layers("file:///d", at: t).isEmpty) }

        _ = try s.call("skeleton/show", ["uri": "file:///d", "delay": 1])
        #expect(try s.call("skeleton/update", ["uri": "file:///d", "color": "carrot"])["outcome"] == "notActive")
        try s.advance(to: 2)
        #expect(try s.layers("file:///d", at: 2).count == 1)
    }

    /// Case 14 and 15: automatic table rows and collection items.
    @Test func case14And15Collections() throws {
        let s = try D()
        defer { s.close() }
        let cell = D.node(
            "UITableViewCell", frame: [0, 0, 320, 120],
            children: [D.node("UILabel", "title", frame: [16, 16, 200, 20])])
        s.open(
            "file:///table",
            [
                "root": D.node(
                    "UITableView", "list", frame: [0, 0, 320, 600],
                    [
                        "rowHeight": "automatic", "estimatedRowHeight": 120, "cell": "Row", "templates": ["Row": cell],
                    ])
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///table", "transition": "none"])
        #expect(try s.layers("file:///table", at: 0).count == 5)

        let item = D.node(
            "UICollectionViewCell", frame: [0, 0, 50, 50],
            children: [D.node("UIImageView", "icon", frame: [0, 0, 50, 50])])
        s.open(
            "file:///flow",
            [
                "root": D.node(
                    "UICollectionView", "grid", frame: [0, 0, 50, 420],
                    [
                        "layout": "flow", "itemSize": [50, 50], "cell": "Item", "templates": ["Item": item],
                    ])
            ])
        _ = try s.call("skeleton/show", ["uri": "file:///flow", "transition": "none"])
        #expect(try s.layers("file:///flow", at: 0).count == 9)
    }

    /// Case 16: `.none` is opaque at once; a cross-dissolve follows ease-in-ease-out; hide removes the layer
    /// by the end of its transition.
    @Test func case16Transitions() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///t", ["root": D.node("UIView", "b", frame: [0, 0, 50, 50])])
        _ = try s.call("skeleton/show", ["uri": "file:///t"])
        func opacity(_ t: Double) throws -> Double? { try s.layers("file:///t", at: t).first?["opacity"]?.doubleValue }
        #expect(try opacity(0) == 0)
        #expect(try opacity(0.125) == 0.5)
        #expect(try opacity(0.25) == 1)
        try s.advance(to: 1)
        _ = try s.call("skeleton/hide", ["uri": "file:///t"])
        #expect(try opacity(1.125) == 0.5)
        #expect(try s.layers("file:///t", at: 1.25).isEmpty)
    }

    @Test func lifecycleNotificationsComeWhenTransitionsEnd() throws {
        let s = try D()
        defer { s.close() }
        s.open("file:///n", ["root": D.node("UIView", "root", frame: [0, 0, 50, 50])])
        _ = try s.call("skeleton/show", ["uri": "file:///n"])
        #expect(try s.notification("skeleton/didChangeState")["state"] == "willAppear")
        try s.advance(to: 1)
        let did = try s.notification("skeleton/didChangeState")
        #expect(did["state"] == "didAppear")
        #expect(did["time"] == 0.25)
        #expect(did["node"] == "root")
    }
}
