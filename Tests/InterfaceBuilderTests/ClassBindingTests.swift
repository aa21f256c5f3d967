import InterfaceBuilder
import JSON
import Testing

/// A scene's `customClass` objects, their outlets, and members added by element id.
@Suite("Class bindings and overlays")
struct ClassBindingTests {
    @Test func collectionViewExampleBindings() throws {
        let file = InterfaceBuilderFile.parse(bytes: try IB.skeletonView("CollectionView-Main.storyboard"))
        let bindings = file.classBindings()
        #expect(bindings.count == 1)
        let controller = try #require(bindings.first)
        #expect(controller.className == "ViewController")
        #expect(controller.elementID == "irH-dz-xqL")
        #expect(controller.viewID == "Fso-nq-n6t")
        #expect(controller.outlets["collectionView"] == "HKL-L0-T2w")
        #expect(controller.outlets["avatarImage"] == "Ql9-Jy-aWM")
        #expect(controller.outlets.count == 8)
        #expect(controller.dataSourceOf == ["HKL-L0-T2w": "collectionView"])
    }

    @Test func overlayMembersReplaceMappedOnes() throws {
        let file = InterfaceBuilderFile.parse(bytes: try IB.skeletonView("CollectionView-Main.storyboard"))
        let plain = try #require(file.decodeScene()?.document)
        #expect(IB.node("HKL-L0-T2w", in: plain)?.isSkeletonable == false)
        let result = try #require(
            file.decodeScene(nil, overlay: ["HKL-L0-T2w": ["isSkeletonable": true], "Ql9-Jy-aWM": ["cornerRadius": 7]]))
        let document = try #require(result.document)
        #expect(IB.node("HKL-L0-T2w", in: document)?.isSkeletonable == true)
        #expect(IB.node("Ql9-Jy-aWM", in: document)?.cornerRadius == 7)
    }
}
