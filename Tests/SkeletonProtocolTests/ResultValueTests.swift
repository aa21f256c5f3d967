import JSON
import SkeletonProtocol
import Testing

/// Typed results are written straight as text: the same bytes as the `JSON` tree the handlers built before (member
/// order included), and read back into the same value by a client.
@Suite struct ResultValueTests {
    static func check<T: ResultValue & Equatable>(_ value: T, is tree: JSON) throws {
        #expect(String(decoding: value.encoded.bytes, as: UTF8.self) == tree.text)
        #expect(try T(answer: tree) == value)
    }

    @Test func operationResults() throws {
        try Self.check(OperationResult(.shown, leaves: ["a", "b"]), is: ["outcome": "shown", "leaves": ["a", "b"]])
        try Self.check(
            OperationResult(.updated, retinted: ["a"], recreated: []),
            is: ["outcome": "updated", "retinted": ["a"], "recreated": []])
        try Self.check(OperationResult(.scheduled, at: 1.25), is: ["outcome": "scheduled", "at": .double(1.25)])
        try Self.check(OperationResult(.deferred, until: 2), is: ["outcome": "deferred", "until": .double(2)])
        try Self.check(
            OperationResult(.notSkeletonable, message: "why \"not\""),
            is: ["outcome": "notSkeletonable", "message": "why \"not\""])
        try Self.check(OperationResult(.cancelledPendingShow), is: ["outcome": "cancelledPendingShow"])
    }

    @Test func scalarsAndNull() throws {
        try Self.check(true, is: .bool(true))
        try Self.check(0.1, is: .double(0.1))
        try Self.check(3.0, is: .double(3))
        try Self.check(NullResult(), is: .null)
        try Self.check(PatchResult(version: 7), is: ["version": 7])
    }

    @Test func scenes() throws {
        let show = SceneSummary.CodeShow(node: nil, type: "gradient", animated: true, delay: 0.5)
        let onView = SceneSummary.CodeShow(node: "tableView", type: "solid", animated: false, delay: nil)
        let scene = SceneSummary(
            id: "BYZ-38-t0r", title: "Feed", rootViewID: "8bC-Xf-vdC", frame: [0, 0, 375, 667.5], initial: true,
            className: "FeedViewController", show: show, shows: [onView])
        try Self.check(
            [scene, SceneSummary(id: "", title: "card", rootViewID: "root", frame: [0, 0, 1, 1], initial: false)],
            is: [
                [
                    "id": "BYZ-38-t0r", "title": "Feed", "rootViewID": "8bC-Xf-vdC",
                    "frame": [.double(0), .double(0), .double(375), .double(667.5)], "initial": true,
                    "class": "FeedViewController",
                    "show": ["type": "gradient", "animated": true, "delay": .double(0.5)],
                    "shows": [["node": "tableView", "type": "solid", "animated": false]],
                ],
                [
                    "id": "", "title": "card", "rootViewID": "root",
                    "frame": [.double(0), .double(0), .double(1), .double(1)], "initial": false,
                ],
            ])
    }

    @Test func treeDescriptions() throws {
        let leaf = TreeDescriptionResult.Node(
            type: "UILabel", reference: "title", isSkeletonable: true, isSkeletonActive: false, isHidden: false,
            isUserInteractionEnabled: true)
        let root = TreeDescriptionResult.Node(
            type: "UIView", reference: "0", isSkeletonable: true, isSkeletonActive: false, isHidden: false,
            isUserInteractionEnabled: true, isScrollEnabled: false, children: [leaf])
        try Self.check(
            TreeDescriptionResult(tree: root, text: "<UIView>"),
            is: [
                "tree": [
                    "type": "UIView", "reference": "0", "isSkeletonable": true, "isSkeletonActive": false,
                    "isHidden": false, "isUserInteractionEnabled": true, "isScrollEnabled": false,
                    "children": [
                        [
                            "type": "UILabel", "reference": "title", "isSkeletonable": true, "isSkeletonActive": false,
                            "isHidden": false, "isUserInteractionEnabled": true,
                        ]
                    ],
                ],
                "text": "<UIView>",
            ])
    }

    @Test func layers() throws {
        let layer: JSON = ["id": "a", "rect": [.double(1), .double(2.5)]]
        try Self.check(
            LayersResult(width: 375, height: 100.5, background: "#FFFFFFFF", layers: [layer]),
            is: ["width": .double(375), "height": .double(100.5), "background": "#FFFFFFFF", "layers": [layer]])
    }

    @Test func anAnswerOfAnotherShapeSaysWhere() throws {
        #expect(throws: AnswerError.self) { try OperationResult(answer: ["outcome": "exploded"]) }
        let error = #expect(throws: AnswerError.self) { try SceneSummary(answer: ["id": 1]) }
        #expect(error?.message.contains("not a string") == true)
    }
}
