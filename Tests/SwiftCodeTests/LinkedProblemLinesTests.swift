import CodeLinking
import Foundation
import InterfaceBuilder
import SkeletonModel
import SwiftCode
import Testing

/// A linked scene's problems, found by the document decoder on the tree mapped with the code's overlay, land on the
/// lines and columns of the IB elements they are about (as they did when the tree went through JSON text).
@Suite("Linked scene problem positions")
struct LinkedProblemLinesTests {
    static func problems(_ storyboard: String, _ sources: [String]) throws -> [String] {
        let file = InterfaceBuilderFile.parse(text: storyboard)
        let code = sources.enumerated().map {
            SwiftCodeReader.read(text: $0.element, file: "file:///\($0.offset).swift")
        }
        let linked = try #require(SceneCodeLinker.link(file: file, code: code))
        return linked.result.problems.map {
            "\($0.line ?? 0):\($0.column ?? 0) \($0.severity) \($0.code.rawValue) \($0.message)"
        }
    }

    @Test func anIdentifierNothingProvides() throws {
        let found = try Self.problems(LinkingTests.storyboard(dataSource: true), [LinkingTests.unregistered])
        #expect(
            found == [
                "7:1 warning missing-cell-template no prototype cell: the skeleton has no items, as a SkeletonView "
                    + "data source without cellIdentifierForRowAt"
            ])
    }

    /// The code's cell in a list whose prototype nothing uses, and a label over the limit of lines.
    @Test func aPrototypeCellAndItsCode() throws {
        let storyboard = LinkingTests.storyboard(delegate: true, prototype: "Other").replacingOccurrences(
            of: "<subviews>\n",
            with: """
                <subviews>
                <label text="Title" numberOfLines="5000" id="title">
                <rect key="frame" x="0" y="0" width="100" height="-20"/>
                <fontDescription key="fontDescription" type="system" pointSize="9000"/>
                </label>

                """)
        let found = try Self.problems(storyboard, [LinkingTests.screen, LinkingTests.tile])
        #expect(
            found == [
                "7:1 error too-many-lines numberOfLines: 5000 lines are over the limit of 1000 lines per text node",
                "8:1 error invalid-frame frame: height must not be negative",
                "9:1 error invalid-value size: a font of 9000.0 pt is over the limit of 512.0 pt",
            ])
    }

    /// SkeletonView's CollectionView example with its code.
    @Test func theCollectionViewExample() throws {
        let sources = try ["CollectionView-ViewController.swift", "CollectionView-CollectionViewCell.swift"].map {
            try Code.sharedFixture("swift-code/\($0)")
        }
        let found = try Self.problems(
            try Code.sharedFixture("interface-builder/CollectionView-Main.storyboard"), sources)
        #expect(found == [])
    }
}
