import CodeLinking
import InterfaceBuilder
import SkeletonGraphics
import SkeletonModel
import SwiftCode
import Testing

/// SkeletonView's CollectionView example (MIT): its code read, then applied to its storyboard.
@Suite("SkeletonView's CollectionView example code")
struct CollectionViewExampleTests {
    @Test func viewControllerFacts() throws {
        let facts = SwiftCodeReader.read(text: try Code.sharedFixture("swift-code/CollectionView-ViewController.swift"))
        let controller = try #require(facts.facts(forClass: "ViewController"))
        #expect(controller.superclass == "UIViewController")
        #expect(
            controller.outlets == [
                "collectionView", "avatarImage", "colorSelectedView", "switchAnimated", "skeletonTypeSelector",
                "showOrHideSkeletonButton", "transitionDurationLabel", "transitionDurationStepper",
            ])
        #expect(
            controller.assignments == [
                Code.set(.property("collectionView"), .isSkeletonable, .bool(true), line: 9, 13, 49),
                Code.set(.property("avatarImage"), .clipsToBounds, .bool(true), line: 24, 13, 51),
                Code.set(.property("colorSelectedView"), .cornerRadius, .number(5), line: 30, 13, 53),
                Code.set(.property("colorSelectedView"), .clipsToBounds, .bool(true), line: 31, 13, 57),
            ])
        #expect(
            controller.show
                == ShowCall(target: .root, options: ShowOptions(animated: true), range: Code.range(50, 13, 45)))
        #expect(controller.registeredCells == ["CollectionViewCell": "CollectionViewCell"])
        var answers = DataSourceAnswers(numberOfItems: 10, cellIdentifier: "CollectionViewCell")
        // skeletonCellForItemAt and prepareCellForSkeleton: `cell?.isSkeletonable = indexPath.row != 0`.
        answers.skeletonCellIdentifier = "CollectionViewCell"
        let allButTheFirst = IndexPathAnswer<Bool>(axis: .row, byIndex: [0: false], others: true)
        answers.skeletonCellSkeletonable = allButTheFirst
        answers.preparedSkeletonable = allButTheFirst
        #expect(controller.dataSource == answers)
        #expect(
            controller.hints == [
                CodeHint(
                    kind: .notStatic,
                    message:
                        "`avatarImage.frame.width/2` is not known statically; `avatarImage.layer.cornerRadius` is left as the file sets it",
                    range: Code.range(23, 13, 71))
            ])
    }

    @Test func cellFacts() throws {
        let facts = SwiftCodeReader.read(
            text: try Code.sharedFixture("swift-code/CollectionView-CollectionViewCell.swift"))
        let cell = try #require(facts.facts(forClass: "CollectionViewCell"))
        #expect(cell.superclass == "UICollectionViewCell")
        #expect(cell.codeBuiltViews == ["label": "UILabel", "imageView": "UIImageView"])
        #expect(
            cell.assignments == [
                Code.set(.root, .isSkeletonable, .bool(true), line: 14, 9, 30),
                Code.set(.property("label"), .isSkeletonable, .bool(true), line: 42, 9, 36),
                Code.set(.property("imageView"), .isSkeletonable, .bool(true), line: 26, 9, 40),
            ])
        #expect(facts.allHints.isEmpty)
    }

    @Test func appliedToItsStoryboard() throws {
        let storyboard = try Code.sharedFixture("interface-builder/CollectionView-Main.storyboard")
        let code = try ["CollectionView-ViewController.swift", "CollectionView-CollectionViewCell.swift"].map {
            SwiftCodeReader.read(text: try Code.sharedFixture("swift-code/\($0)"), file: "file:///app/\($0)")
        }
        let file = InterfaceBuilderFile.parse(text: storyboard)
        let linked = try #require(SceneCodeLinker.link(file: file, code: code))
        // Everything the code states was applied: linking has nothing to say.
        #expect(linked.linkerHints == [], "\(linked.linkerHints)")
        #expect(linked.linkedClasses == ["ViewController"])
        #expect(linked.show == ShowOptions(animated: true))
        #expect(linked.result.errors.isEmpty, "\(linked.result.errors)")
        #expect(linked.result.problems.allSatisfy { $0.code != .missingCellTemplate })
        let document = try #require(linked.result.document)
        let collection = try #require(document.root.children.first { $0.reference == "HKL-L0-T2w" })
        #expect(collection.isSkeletonable)
        // `delegate = self` in code: the flow layout answers apply, `view.frame.width/3 - 10` on the 375-point view.
        #expect(collection.collection?.itemSize == Size(width: 115, height: 115))
        #expect(collection.collection?.minimumLineSpacing == 5)
        #expect(collection.collection?.minimumInteritemSpacing == 5)
        // Ten items of the cell the code registers, skeletonable (its init says so) but the first:
        // `skeletonCellForItemAt` and `prepareCellForSkeleton` set `isSkeletonable = indexPath.row != 0`.
        #expect(collection.children.count == 10)
        #expect(collection.children.allSatisfy { $0.type == .collectionViewCell })
        #expect(collection.children.map(\.isSkeletonable) == [false] + Array(repeating: true, count: 9))
        // The cell's label and image view, built and constrained in its init, placed by their anchors.
        let first = try #require(collection.children.first)
        #expect(first.frame.width == 115 && first.frame.height == 115)
        #expect(first.children.map(\.type) == [.label, .imageView])
        #expect(
            first.children.map(\.frame) == [
                Rect(x: 0, y: 75, width: 115, height: 40), Rect(x: 14.375, y: 0, width: 86.25, height: 86.25),
            ])
        #expect(first.children.allSatisfy { $0.isSkeletonable })
    }
}
