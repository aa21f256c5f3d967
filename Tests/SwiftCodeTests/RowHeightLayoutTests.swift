import CodeLinking
import Foundation
import InterfaceBuilder
import SkeletonGraphics
import SkeletonModel
import SwiftCode
import Testing

/// A row height set in code lays every cell out at it, as UIKit does: the cell is the row's height and its views
/// follow their constraints and autoresizing masks (`InterfaceBuilderFile.prototypeFrames`, `nibCellFrames`).
@Suite("Cells at a row height set in code")
struct RowHeightLayoutTests {
    /// `Tests/Fixtures/patterns/row-height-in-code/<name>`.
    static func pattern(_ name: String) throws -> String {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let url = tests.appendingPathComponent("Fixtures/patterns/row-height-in-code/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The frames of the first row's cell and of its views, by local reference.
    static func firstRow(_ linked: LinkedScene, table: String) throws -> (cell: Rect, views: [String: Rect]) {
        let document = try #require(linked.result.document, "\(linked.result.problems)")
        var stack = [document.root]
        while let node = stack.popLast() {
            if node.reference == table {
                let cell = try #require(node.children.first)
                var views: [String: Rect] = [:]
                for child in cell.children {
                    views[String(child.reference.split(separator: "/").last ?? "")] = child.frame
                }
                return (cell.frame, views)
            }
            stack += node.children
        }
        Issue.record("no table \(table)")
        return (Rect(x: 0, y: 0, width: 0, height: 0), [:])
    }

    /// The pattern's prototype is 100 points high; `heightForRowAt` answers 60 (a constant): the avatar, pinned top
    /// and bottom, is 40 high; the title, pinned by its top with a height, stays; the subtitle (its bottom on the
    /// margin) and the badge (a flexible top margin) move up by 40.
    @Test func prototypeCellsAreLaidOutAtTheDelegatesRowHeight() throws {
        let code = SwiftCodeReader.read([
            SwiftSourceText(text: try Self.pattern("MessagesViewController.swift"), file: "file:///Messages.swift")
        ])
        let file = InterfaceBuilderFile.parse(text: try Self.pattern("Main.storyboard"))
        let linked = try #require(SceneCodeLinker.link(file: file, app: AppCode(code: code)))
        let row = try Self.firstRow(linked, table: "PRH-tv-001")
        #expect(row.cell == Rect(x: 0, y: 0, width: 375, height: 60))
        #expect(row.views["PRH-im-001"] == Rect(x: 16, y: 10, width: 80, height: 40))
        #expect(row.views["PRH-lb-001"] == Rect(x: 112, y: 12, width: 200, height: 21))
        #expect(row.views["PRH-lb-002"] == Rect(x: 112, y: 27, width: 200, height: 21))
        #expect(row.views["PRH-bd-001"] == Rect(x: 340, y: 40, width: 10, height: 10))

        // The storyboard alone: the prototype's own height and frames.
        let alone = try #require(file.decodeScene())
        let own = try #require(alone.document?.root.children.first { $0.reference == "PRH-tv-001" }?.children.first)
        #expect(own.children.first { $0.reference.hasSuffix("/PRH-lb-002") }?.frame.y == 67)
    }

    /// A cell from its XIB at `tableView.rowHeight = 40` (the XIB's cell is 80): its label, centred by a constraint,
    /// stays centred; an unconstrained view with no autoresizing mask keeps its place.
    @Test func aCellFromItsXIBIsLaidOutAtTheTablesRowHeight() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
            <tableViewCell id="cell" customClass="ItemCell" reuseIdentifier="ItemCell">
            <rect key="frame" x="0" y="0" width="320" height="80"/>
            <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="320" height="80"/>
            <subviews>
            <label id="name" text="Name" translatesAutoresizingMaskIntoConstraints="NO">
            <rect key="frame" x="16" y="30" width="200" height="20"/></label>
            <view id="mark"><rect key="frame" x="280" y="8" width="8" height="8"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="name" firstAttribute="centerY" secondItem="content" secondAttribute="centerY" id="c1"/>
            </constraints>
            </tableViewCellContentView>
            </tableViewCell>
            </objects></document>
            """
        let registration = """
                    tableView.register(UINib(nibName: "ItemCell", bundle: nil), forCellReuseIdentifier: "ItemCell")
                    tableView.rowHeight = 40
            """
        let linked = try AppLinkingTests.link(
            AppLinkingTests.controller(registration),
            xibs: [("file:///App/ItemCell.xib", InterfaceBuilderFile.parse(text: xib))])
        let row = try Self.firstRow(linked, table: "table")
        #expect(row.cell.height == 40)
        #expect(row.views["name"] == Rect(x: 16, y: 10, width: 200, height: 20))
        #expect(row.views["mark"] == Rect(x: 280, y: 8, width: 8, height: 8))
    }
}
