import InterfaceBuilder
import SkeletonEngine
import Testing

/// SkeletonView's own example storyboards (MIT): every scene decodes, and one scene per file draws the layers
/// the reference (`skeletonview-behaviour.md`) gives. Defaults: line height 15 (fixed), spacing 10, fill 70 %.
@Suite("SkeletonView's storyboards")
struct SkeletonViewFixtureTests {
    @Test(
        "every scene of every fixture decodes",
        arguments: [
            "CollectionView-Main.storyboard", "iOSExample-Main.storyboard", "tvOSExample-Main.storyboard",
        ])
    func everySceneDecodes(name: String) throws {
        let result = InterfaceBuilderDocument.decode(bytes: try IB.skeletonView(name))
        #expect(result.kind == .storyboard)
        #expect(result.problems.isEmpty)
        #expect(!result.scenes.isEmpty)
        for scene in result.scenes {
            let decoded = try #require(result.documents[scene.id])
            #expect(decoded.errors.isEmpty, "\(scene.id): \(decoded.errors)")
            let document = try #require(decoded.document)
            #expect(document.root.reference == scene.rootViewID)
            #expect(document.canvasSize == scene.frame.size)
        }
    }

    @Test func collectionViewExample() throws {
        let bytes = try IB.skeletonView("CollectionView-Main.storyboard")
        let result = InterfaceBuilderDocument.decode(bytes: bytes)
        #expect(result.scenes.map(\.id) == ["irH-dz-xqL"])
        #expect(result.initialSceneID == "irH-dz-xqL")
        #expect(result.scenes.first?.title == "View Controller")
        #expect(result.scenes.first?.rootViewID == "Fso-nq-n6t")
        #expect(result.scenes.first?.frame == Rect(x: 0, y: 0, width: 375, height: 667))

        let list = try IB.shown(bytes)
        #expect(list.size == Size(width: 375, height: 667))
        // Skeletonable chain: root → eHI-ka-8vS → {text view, image view}. The collection view and the
        // controls' container are not skeletonable, so they draw nothing.
        #expect(
            list.skeleton.map(\.id) == ["obr-b6-dib#line0", "obr-b6-dib#line1", "obr-b6-dib#line2", "Ql9-Jy-aWM#block"])
        // UITextView 287 × 78 (height constraint 78), inherited → fill: q = round(78 / (15 + 10)) = round(3.12) = 3.
        // No vertical centring for text views: y = 142 + 0, 25, 50 (container at 0). Last line 287 × 40 % = 114.8.
        check(list, "obr-b6-dib#line0", [45, 142, 287, 15])
        check(list, "obr-b6-dib#line1", [45, 167, 287, 15])
        check(list, "obr-b6-dib#line2", [45, 192, 114.8, 15])
        // Image view 93 × 93 with width and height constraints of 93: a full block.
        check(list, "Ql9-Jy-aWM#block", [141, 20, 93, 93])
        // Default light solid colour.
        #expect(list.layer("Ql9-Jy-aWM#block")?.fill == .solid(RGBA(r8: 0xEC, g8: 0xF0, b8: 0xF1)))
        // The image view clips (clipsSubviews="YES") and its background is calibrated RGB (143, 152, 200, 0.907).
        let image = try #require(IB.node("Ql9-Jy-aWM", in: try IB.document(bytes)))
        #expect(image.clipsToBounds)
        #expect(image.constraints == SizeConstraints(width: [93], height: [93]))
        #expect(image.backgroundColor?.light.hexRGBA == "#8F98C8E7")
    }

    @Test func iOSExample() throws {
        let bytes = try IB.skeletonView("iOSExample-Main.storyboard")
        let result = InterfaceBuilderDocument.decode(bytes: bytes)
        // The tab bar controller has no view: its first tab is the initial scene.
        #expect(result.scenes.map(\.id) == ["BYZ-38-t0r", "dv8-ph-Ehg"])
        #expect(result.scenes.map(\.title) == ["Item", "Item"])
        #expect(result.initialSceneID == "BYZ-38-t0r")

        let list = try IB.shown(bytes)
        // The container F9K-jU-100 is at y = 44 in the root.
        // Text view 287 × 78: 3 lines as above, linesCornerRadius 6, lastLineFillPercent 40.
        check(list, "e9V-mk-xH0#line0", [45, 186, 287, 15], radius: 6)
        check(list, "e9V-mk-xH0#line1", [45, 211, 287, 15], radius: 6)
        check(list, "e9V-mk-xH0#line2", [45, 236, 114.8, 15], radius: 6)
        check(list, "nMj-pU-5wJ#block", [45, 64, 93, 93])
        // Label 166 × 12, numberOfLines 3, skeletonLineSpacing 8, linesCornerRadius 5, centred.
        // Height fix: desired = 15·3 + 8·2 = 61 > 12, so H = 61. Lines at 0, 23, 46; centring shift
        // (61 − (46 + 15)) / 2 = 0 → y = 27 + 44 = 71, 94, 117. Last line 166 × 70 % = 116.2, centred:
        // x = 166 + (166 − 116.2) / 2 = 190.9.
        check(list, "CJW-A4-Fb8#line0", [166, 71, 166, 15], radius: 5)
        check(list, "CJW-A4-Fb8#line1", [166, 94, 166, 15], radius: 5)
        check(list, "CJW-A4-Fb8#line2", [190.9, 117, 116.2, 15], radius: 5)
        // The table view sets isSkeletonable NO: none of its rows draw.
        #expect(list.skeleton.count == 7)
        #expect(!list.skeleton.contains { $0.node.hasPrefix("UCB-SP-lQk") })

        // Its rows still exist: rowHeight and estimatedRowHeight are -1 (automatic), so the first prototype's
        // rowHeight (120) is used, with a warning: ceil(282 / 120) = 3 rows of "CellIdentifier".
        let decoded = try #require(result.documents["BYZ-38-t0r"])
        #expect(decoded.warnings.map(\.code) == [.invalidRowHeight])
        #expect(decoded.warnings.first?.line == 87)  // the <tableView> element
        let document = try #require(decoded.document)
        let table = try #require(IB.node("UCB-SP-lQk", in: document))
        #expect(table.isSkeletonable == false)
        #expect(table.table?.rowHeight == .automatic)
        #expect(table.table?.estimatedRowHeight == .points(120))
        #expect(
            table.children.map(\.reference) == [
                "UCB-SP-lQk[0,0]/2dN-Bd-tdy", "UCB-SP-lQk[0,1]/2dN-Bd-tdy", "UCB-SP-lQk[0,2]/2dN-Bd-tdy",
            ])
        #expect(table.children.map(\.frame.y) == [0, 120, 240])
        let cell = table.children[0]
        #expect(cell.type == .tableViewCell)
        #expect(
            cell.children.map(\.reference) == [
                "UCB-SP-lQk[0,0]/oiE-tt-nc2", "UCB-SP-lQk[0,0]/VhU-1t-AaI", "UCB-SP-lQk[0,0]/dha-bH-Ipf",
            ])
        let label = cell.children[1]
        #expect(label.text?.numberOfLines == 2)
        #expect(label.text?.lastLineFillPercent == 20)
        #expect(label.text?.fontLineHeight == 15 * 2444.0 / 2048)  // 17.900390625
        // The second scene is an empty view: nothing skeletonable.
        #expect(try IB.shown(bytes, scene: "dv8-ph-Ehg").skeleton.isEmpty)
    }

    @Test func tvOSExample() throws {
        let bytes = try IB.skeletonView("tvOSExample-Main.storyboard")
        let result = InterfaceBuilderDocument.decode(bytes: bytes)
        #expect(result.scenes.map(\.id) == ["BYZ-38-t0r"])
        let list = try IB.shown(bytes)
        // A 1920 × 1080 root that is not skeletonable, with a clear sRGB background: nothing is drawn.
        #expect(list.size == Size(width: 1920, height: 1080))
        #expect(list.skeleton.isEmpty)
        #expect(try IB.document(bytes).root.backgroundColor?.light.alpha == 0)
    }
}
