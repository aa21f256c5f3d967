import CodeLinking
import InterfaceBuilder
import SkeletonModel
import SwiftCode
import Testing

/// Cells per index path: `cellIdentifierForRowAt` answering by row or section, `prepareCellForSkeleton` and
/// `skeletonCellForItemAt` making some cells skeletonable and others not. SkeletonView asks the data source for each
/// index path (behaviour reference §8), so each row is its own cell.
@Suite("Cells per index path")
struct PerRowCellsTests {
    /// A table of two prototypes, `plain` (a label) and `photo` (an image view), 50 points a row, 400 high.
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
        <scenes><scene sceneID="s1"><objects>
        <viewController id="vc" customClass="Feed" sceneMemberID="viewController">
        <view key="view" id="root" isSkeletonable="YES"><rect key="frame" x="0" y="0" width="320" height="480"/>
        <subviews>
        <tableView id="table" rowHeight="50" isSkeletonable="YES"><rect key="frame" x="0" y="0" width="320" height="400"/>
        <prototypes>
        <tableViewCell id="plainCell" reuseIdentifier="plain" isSkeletonable="YES">
        <rect key="frame" x="0" y="0" width="320" height="50"/>
        <tableViewCellContentView key="contentView" id="c1"><rect key="frame" x="0" y="0" width="320" height="50"/>
        <subviews><label id="name" text="Name" isSkeletonable="YES"><rect key="frame" x="16" y="15" width="200" height="20"/></label></subviews>
        </tableViewCellContentView>
        <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes></tableViewCell>
        <tableViewCell id="photoCell" reuseIdentifier="photo" isSkeletonable="YES">
        <rect key="frame" x="0" y="0" width="320" height="50"/>
        <tableViewCellContentView key="contentView" id="c2"><rect key="frame" x="0" y="0" width="320" height="50"/>
        <subviews><imageView id="image" isSkeletonable="YES"><rect key="frame" x="16" y="5" width="40" height="40"/></imageView></subviews>
        </tableViewCellContentView>
        <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/></userDefinedRuntimeAttributes></tableViewCell>
        </prototypes>
        <connections><outlet property="dataSource" destination="vc" id="o3"/></connections></tableView>
        </subviews></view>
        <connections><outlet property="tableView" destination="table" id="o2"/></connections>
        </viewController></objects></scene></scenes></document>
        """

    static func controller(_ members: String) -> String {
        """
        class Feed: UIViewController, SkeletonTableViewDataSource {
            @IBOutlet weak var tableView: UITableView!
            override func viewDidLoad() { view.showSkeleton() }
            func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int { 4 }
        \(members)
        }
        """
    }

    /// The table's rows: each one's template and whether it is skeletonable.
    static func rows(_ members: String) throws -> [(template: String?, skeletonable: Bool)] {
        let code = SwiftCodeReader.read([SwiftSourceText(text: controller(members), file: "file:///Feed.swift")])
        let linked = try #require(
            SceneCodeLinker.link(file: InterfaceBuilderFile.parse(text: storyboard), app: AppCode(code: code)))
        let document = try #require(linked.result.document, "\(linked.result.problems)")
        let table = try #require(document.root.children.first { $0.reference == "table" })
        return table.children.map { ($0.instance?.template, $0.isSkeletonable) }
    }

    @Test func aSwitchOverTheRowGivesEachRowItsCell() throws {
        let rows = try Self.rows(
            """
                func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier {
                    switch indexPath.row {
                    case 0: return "photo"
                    case 2, 3: return "photo"
                    default: return "plain"
                    }
                }
            """)
        #expect(rows.map { $0.template } == ["photo", "plain", "photo", "photo"])
        #expect(rows.allSatisfy { $0.skeletonable })
    }

    @Test func prepareCellForSkeletonMakesTheFirstRowNotSkeletonable() throws {
        let rows = try Self.rows(
            """
                func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier { "plain" }
                func collectionSkeletonView(_ skeletonView: UITableView, prepareCellForSkeleton cell: UITableViewCell, at indexPath: IndexPath) {
                    let cell = cell as? PlainCell
                    cell?.isSkeletonable = indexPath.row != 0
                }
            """)
        #expect(rows.map { $0.skeletonable } == [false, true, true, true])
        #expect(rows.map { $0.template } == ["plain", "plain", "plain", "plain"])
    }

    @Test func anIfOnTheRowChangesOnlyTheRowsItNames() throws {
        let rows = try Self.rows(
            """
                func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier { "plain" }
                func collectionSkeletonView(_ skeletonView: UITableView, prepareCellForSkeleton cell: UITableViewCell, at indexPath: IndexPath) {
                    if indexPath.row >= 2 { cell.isSkeletonable = false }
                }
            """)
        #expect(rows.map { $0.skeletonable } == [true, true, false, false])
    }

    @Test func skeletonCellForRowAtDequeuesItsIdentifierAndPrepareWins() throws {
        let rows = try Self.rows(
            """
                func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier { "plain" }
                func collectionSkeletonView(_ skeletonView: UITableView, skeletonCellForRowAt indexPath: IndexPath) -> UITableViewCell? {
                    let cell = skeletonView.dequeueReusableCell(withIdentifier: "photo", for: indexPath) as? PhotoCell
                    cell?.isSkeletonable = false
                    return cell
                }
                func collectionSkeletonView(_ skeletonView: UITableView, prepareCellForSkeleton cell: UITableViewCell, at indexPath: IndexPath) {
                    if indexPath.row == 1 { cell.isSkeletonable = true }
                }
            """)
        #expect(rows.map { $0.template } == ["photo", "photo", "photo", "photo"])
        #expect(rows.map { $0.skeletonable } == [false, true, false, false])
    }

    @Test func anAnswerNotReadPerIndexPathSaysSo() throws {
        let code = SwiftCodeReader.read([
            SwiftSourceText(
                text: Self.controller(
                    """
                        func collectionSkeletonView(_ skeletonView: UITableView, prepareCellForSkeleton cell: UITableViewCell, at indexPath: IndexPath) {
                            cell.isSkeletonable = items[indexPath.row].loaded
                        }
                    """), file: "file:///Feed.swift")
        ])
        let facts = try #require(code.facts(forClass: "Feed"))
        #expect(facts.dataSource.preparedSkeletonable == nil)
        #expect(
            facts.hints.map(\.message) == [
                "`cell.isSkeletonable = items[indexPath.row].loaded` is not read per index path: the cells of `collectionSkeletonView(…)` keep what was read before it"
            ])
    }
}
