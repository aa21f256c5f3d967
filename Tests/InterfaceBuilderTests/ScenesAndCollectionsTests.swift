import Foundation
import InterfaceBuilder
import SkeletonEngine
import Testing

/// Storyboard scenes (initial through a navigation controller, container embedding), tables and collections.
@Suite("Scenes, tables and collections")
struct ScenesAndCollectionsTests {
    @Test func scenesAndInitialScene() throws {
        let result = InterfaceBuilderDocument.decode(bytes: try IB.fixture("Screens.storyboard"))
        // The navigation controller has no view: not a scene, but the initial scene is its root view controller.
        #expect(result.scenes.map(\.id) == ["gridVC", "feedVC", "hostVC", "childVC"])
        #expect(result.scenes.map(\.title) == ["Grid", "Feed", "Host", "ChildViewController"])
        #expect(result.scenes.map(\.rootViewID) == ["gridRoot", "feedRoot", "hostRoot", "childRoot"])
        #expect(result.initialSceneID == "feedVC")
        #expect(result.result()?.document?.root.reference == "feedRoot")
        #expect(result.result(scene: "nope") == nil)
        #expect(result.allProblems.isEmpty)
        // One scene on demand.
        let one = InterfaceBuilderDocument.decode(bytes: try IB.fixture("Screens.storyboard"), scene: "hostVC")
        #expect(Array(one.documents.keys) == ["hostVC"])
    }

    @Test func tableWithHeaderViewAndPrototypes() throws {
        let bytes = try IB.fixture("Screens.storyboard")
        let document = try IB.document(bytes, scene: "feedVC")
        let feed = try #require(IB.node("feed", in: document))
        #expect(feed.table?.rowHeight == .automatic && feed.table?.estimatedRowHeight == .points(100))
        // One automatic section of the first prototype; the table header view is the section's header.
        #expect(feed.table?.sections == [TableSection(rows: .automatic, cell: "FeedCell", header: "feedHeader")])
        let list = try IB.shown(bytes, scene: "feedVC")
        // Header 32 tall at the table's top (y = 64): its label 120 × 16 → one line 84 wide at y = 64 + 8 + 0.5.
        check(list, "feed[0,header]/headerTitle#line0", [16, 72.5, 84, 15])
        // Rows: rowHeight automatic → estimatedRowHeight 100; ceil(603 / 100) = 7 rows, from y = 64 + 32.
        for r in 0..<7 {
            let y = 96 + 100 * Double(r)
            check(list, "feed[0,\(r)]/avatar#block", [16, y + 12, 48, 48])
            // Author label 200 × 18: 140 wide, y + 12 + (18 − 15) / 2.
            check(list, "feed[0,\(r)]/author#line0", [76, y + 13.5, 140, 15])
        }
        #expect(list.skeleton.count == 1 + 7 * 2)
        // Rows are clipped by the table (a scroll view clips).
        #expect(list.layer("feed[0,6]/avatar#block")?.clips.first?.rect == Rect(x: 0, y: 64, width: 375, height: 603))
    }

    @Test func flowLayoutCollections() throws {
        let bytes = try IB.fixture("Screens.storyboard")
        let document = try IB.document(bytes, scene: "gridVC")
        let grid = try #require(IB.node("grid", in: document)?.collection)
        #expect(grid.itemSize == Size(width: 100, height: 100) && grid.scrollDirection == .vertical)
        #expect(grid.sections.first?.cell == "GridCell")
        #expect(grid.sections.first?.supplementary.first?.kind == "header")
        #expect(IB.node("strip", in: document)?.collection?.scrollDirection == .horizontal)
        let list = try IB.shown(bytes, scene: "gridVC")
        // Header view 40 tall: its bar at (16, 10).
        check(list, "grid[0,header]/headerBar#block", [16, 10, 100, 20])
        // Vertical: ceil(300 / 100) = 3 items; floor((375 + 10) / 110) = 3 per line, gap (375 − 300) / 2 = 37.5;
        // after the 40-pt header.
        check(list, "grid[0,0]/thumb#block", [0, 40, 100, 100])
        check(list, "grid[0,1]/thumb#block", [137.5, 40, 100, 100])
        check(list, "grid[0,2]/thumb#block", [275, 40, 100, 100])
        // Horizontal strip at y = 320, 120 tall: ceil(375 / 100) = 4 items, one per column, centred across:
        // (120 − 100) / 2 = 10; x = 0, 110, 220, 330; tiles inset by 10.
        for (i, x) in [0.0, 110, 220, 330].enumerated() {
            check(list, "strip[0,\(i)]/tile#block", [x + 10, 320 + 10 + 10, 80, 80])
        }
        #expect(list.skeleton.count == 8)
    }

    @Test func containerViewEmbedsItsViewController() throws {
        let bytes = try IB.fixture("Screens.storyboard")
        let host = try IB.document(bytes, scene: "hostVC")
        let container = try #require(IB.node("container", in: host))
        // The embedded controller's view fills the container.
        #expect(container.children.first?.reference == "childRoot")
        #expect(container.children.first?.frame == Rect(x: 0, y: 0, width: 375, height: 200))
        check(try IB.shown(bytes, scene: "hostVC"), "childBlock#block", [10, 110, 100, 50])
        check(try IB.shown(bytes, scene: "childVC"), "childBlock#block", [10, 10, 100, 50])
    }

    @Test func staticCellsAndRowHeights() throws {
        let text = xib(
            """
            <tableView clipsSubviews="YES" dataMode="static" style="grouped" rowHeight="50" id="settings">
                <rect key="frame" x="0.0" y="0.0" width="100" height="100"/>
                <sections>
                    <tableViewSection id="sec">
                        <cells>
                            <tableViewCell id="first"><rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
                                <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes>
                            </tableViewCell>
                            <tableViewCell id="second"><rect key="frame" x="0.0" y="50" width="100" height="50"/>
                                <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes>
                            </tableViewCell>
                        </cells>
                    </tableViewSection>
                </sections>
                <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes>
            </tableView>
            """)
        let bytes = Array(text.utf8)
        let table = try #require(IB.node("settings", in: try IB.document(bytes)))
        #expect(table.table?.rowHeight == .points(50))
        #expect(table.table?.sections.map(\.rows) == [.fixed(1), .fixed(1)])
        // Static cells: one row each, stacked 50 apart; cells without skeletonable content are blocks.
        let list = try IB.shown(bytes)
        check(list, "settings[0,0]/first#block", [0, 0, 100, 50])
        check(list, "settings[1,0]/second#block", [0, 50, 100, 50])
    }
}

/// The Interface Builder examples in `Examples/` decode without problems.
@Test("Examples/*.storyboard and *.xib decode", arguments: ["screens.storyboard", "profile-card.xib"])
func examplesDecode(name: String) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/\(name)")
    let result = InterfaceBuilderDocument.decode(bytes: Array(try Data(contentsOf: url)))
    #expect(!result.scenes.isEmpty)
    #expect(result.allProblems.isEmpty, "\(result.allProblems)")
    #expect(result.scenes.allSatisfy { result.documents[$0.id]?.document != nil })
}
