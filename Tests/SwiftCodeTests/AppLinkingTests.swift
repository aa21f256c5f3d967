import CodeLinking
import InterfaceBuilder
import SkeletonGraphics
import SkeletonModel
import SwiftCode
import Testing

/// `SceneCodeLinker.link(file:scene:app:)`: shows on the views the code calls them on, lists whose cells come from
/// the app's XIBs, and rows per section.
@Suite("Linking an app to a scene")
struct AppLinkingTests {
    /// A scene whose root (`root`) is not skeletonable, with a label `title` and a table `table` (400 points high).
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
        <scenes><scene sceneID="s1"><objects>
        <viewController id="vc" customClass="Feed" sceneMemberID="viewController">
        <view key="view" id="root"><rect key="frame" x="0" y="0" width="320" height="480"/>
        <subviews>
        <label id="title" text="Title"><rect key="frame" x="10" y="10" width="200" height="20"/></label>
        <tableView id="table" rowHeight="50"><rect key="frame" x="0" y="40" width="320" height="400"/>
        <connections><outlet property="dataSource" destination="vc" id="o3"/></connections></tableView>
        </subviews></view>
        <connections>
        <outlet property="titleLabel" destination="title" id="o1"/>
        <outlet property="tableView" destination="table" id="o2"/>
        </connections>
        </viewController></objects></scene></scenes></document>
        """

    /// `ItemCell.xib`: a 320 × 80 cell of class `ItemCell` with an outlet `name` to its label.
    static let cellXIB = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1"/>
        <tableViewCell id="cell" customClass="ItemCell" reuseIdentifier="ItemCell">
        <rect key="frame" x="0" y="0" width="320" height="80"/>
        <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="320" height="80"/>
        <subviews><label id="name" text="Name"><rect key="frame" x="16" y="30" width="200" height="20"/></label></subviews>
        </tableViewCellContentView>
        <connections><outlet property="name" destination="name" id="o4"/></connections>
        </tableViewCell>
        </objects></document>
        """

    static let cellCode = """
        class ItemCell: UITableViewCell {
            @IBOutlet weak var name: UILabel!
            override func awakeFromNib() {
                super.awakeFromNib()
                isSkeletonable = true
                name.isSkeletonable = true
            }
        }
        """

    static func controller(_ body: String) -> String {
        """
        class Feed: UIViewController, SkeletonTableViewDataSource {
            @IBOutlet weak var titleLabel: UILabel!
            @IBOutlet weak var tableView: UITableView!
            override func viewDidLoad() {
        \(body)
            }
            func numSections(in collectionSkeletonView: UITableView) -> Int { 2 }
            func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
                switch section {
                case 0: return 1
                default: return 2
                }
            }
            func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier { "ItemCell" }
        }
        """
    }

    static func link(_ controller: String, xibs: [(path: String, file: InterfaceBuilderFile)]) throws -> LinkedScene {
        let code = SwiftCodeReader.read([
            SwiftSourceText(text: controller, file: "file:///Feed.swift"),
            SwiftSourceText(text: cellCode, file: "file:///ItemCell.swift"),
        ])
        let app = AppCode(code: code, xibs: xibs)
        return try #require(SceneCodeLinker.link(file: InterfaceBuilderFile.parse(text: storyboard), app: app))
    }

    @Test func showsAreOnTheViewsTheCodeCallsThemOn() throws {
        let linked = try Self.link(
            Self.controller(
                """
                        titleLabel.showAnimatedSkeleton()
                        tableView.showGradientSkeleton()
                        ghost.showSkeleton()
                """), xibs: [])
        #expect(linked.shows.map(\.node) == ["title", "table"])
        #expect(linked.shows.map(\.options.type) == [.solid, .gradient])
        #expect(linked.shownNodes == ["title", "table"])
        #expect(
            linked.linkerHints.first?.message
                == "`ghost` is not a view of this scene (no outlet of Feed connects it here): its show is not made")
        #expect(linked.linkerHints.first?.file == "file:///Feed.swift")
        #expect(linked.linkerHints.count == 2, "and the cell identifier nothing provides")
    }

    /// `skeletonPaddingInsets` of the label's own height (a static helper's parameter): the scene's size.
    @Test func paddingOfAViewsSizeIsTheScenes() throws {
        let helper = """
            class Skel {
                static func pad(label: UILabel) {
                    label.skeletonPaddingInsets = UIEdgeInsets(top: 0, left: 0, bottom: label.frame.height, right: 2)
                }
            }
            """
        let code = SwiftCodeReader.read([
            SwiftSourceText(text: Self.controller("        Skel.pad(label: titleLabel)"), file: "file:///Feed.swift"),
            SwiftSourceText(text: helper, file: "file:///Skel.swift"),
        ])
        let padding = code.facts(forClass: "Feed")?.finalProperties[.property("titleLabel")]?[.skeletonPaddingInsets]
        guard case .sizedInsets? = padding else {
            Issue.record("\(String(describing: padding))")
            return
        }
        let linked = try #require(
            SceneCodeLinker.link(file: InterfaceBuilderFile.parse(text: Self.storyboard), app: AppCode(code: code)))
        let document = try #require(linked.result.document)
        let title = try #require(document.root.children.first { $0.reference == "title" })
        #expect(title.text?.skeletonPaddingInsets == EdgeInsets(top: 0, left: 0, bottom: 20, right: 2))
    }

    @Test func aCellFromItsXIBWithItsClassCode() throws {
        let registration =
            "        tableView.register(UINib(nibName: \"ItemCell\", bundle: nil), forCellReuseIdentifier: \"ItemCell\")"
        let linked = try Self.link(
            Self.controller(registration),
            xibs: [("file:///App/ItemCell.xib", InterfaceBuilderFile.parse(text: Self.cellXIB))])
        #expect(linked.nibs == ["ItemCell"])
        #expect(linked.linkerHints == [])
        let document = try #require(linked.result.document, "\(linked.result.problems)")
        let table = try #require(document.root.children.first { $0.reference == "table" })
        #expect(table.children.count == 3, "1 row, then 2: the switch over the section")
        let cell = try #require(table.children.first)
        #expect(cell.isSkeletonable, "awakeFromNib of the XIB's class")
        let label = try #require(cell.children.first)
        #expect(label.type == .label && label.isSkeletonable)
        #expect(label.frame == Rect(x: 16, y: 30, width: 200, height: 20))
    }

    @Test func aNibTheAppDoesNotHoldGivesPlainCellsAndSaysSo() throws {
        let registration =
            "        tableView.register(UINib(nibName: \"ItemCell\", bundle: nil), forCellReuseIdentifier: \"ItemCell\")"
        let linked = try Self.link(Self.controller(registration), xibs: [])
        #expect(linked.nibs == ["ItemCell"])
        #expect(
            linked.linkerHints.map(\.message) == [
                "the nib \"ItemCell\" is not among the app's files: its cells (\"ItemCell\") are drawn as plain cells; open ItemCell.xib (or give it with --code) to use it"
            ])
        let document = try #require(linked.result.document, "\(linked.result.problems)")
        let table = try #require(document.root.children.first { $0.reference == "table" })
        #expect(table.children.count == 3)
        #expect(table.children.allSatisfy { $0.children.isEmpty && !$0.isSkeletonable })
    }

    /// A show made only in an `@IBAction` is not the screen's while it loads (SkeletonView shows nothing then): the
    /// scene has no show, and a hint on the action's show says what a show without options does instead.
    @Test func aShowInAnActionIsNotTheScreensButIsNamed() throws {
        let controller = Self.controller("        tableView.isSkeletonable = true").replacingOccurrences(
            of: "    func numSections",
            with:
                "    @IBAction func refresh(_ sender: Any) { view.showAnimatedGradientSkeleton() }\n    func numSections"
        )
        let code = SwiftCodeReader.read([SwiftSourceText(text: controller, file: "file:///Feed.swift")])
        let facts = try #require(code.facts(forClass: "Feed"))
        #expect(facts.shows.isEmpty)
        #expect(facts.actionShows.map(\.action) == ["refresh"])
        #expect(facts.actionShows.first?.show.options.type == .gradient)
        let linked = try #require(
            SceneCodeLinker.link(file: InterfaceBuilderFile.parse(text: Self.storyboard), app: AppCode(code: code)))
        #expect(linked.shows.isEmpty)
        #expect(
            linked.linkerHints.contains {
                $0.kind == .assumed && $0.message.hasPrefix("the screen's only show is in the action `refresh`")
            }, "\(linked.linkerHints)")
    }

    /// A XIB cell whose `awakeFromNib` shows a skeleton on itself: SkeletonView draws it on the app's own rows,
    /// which skeletond does not draw; a hint on the cell's show says so.
    @Test func aCellThatShowsItselfIsNamed() throws {
        let registration =
            "        tableView.register(UINib(nibName: \"ItemCell\", bundle: nil), forCellReuseIdentifier: \"ItemCell\")"
        let cell = Self.cellCode.replacingOccurrences(
            of: "name.isSkeletonable = true", with: "name.isSkeletonable = true\n        showAnimatedGradientSkeleton()"
        )
        let code = SwiftCodeReader.read([
            SwiftSourceText(text: Self.controller(registration), file: "file:///Feed.swift"),
            SwiftSourceText(text: cell, file: "file:///ItemCell.swift"),
        ])
        let app = AppCode(
            code: code, xibs: [("file:///App/ItemCell.xib", InterfaceBuilderFile.parse(text: Self.cellXIB))])
        let linked = try #require(
            SceneCodeLinker.link(file: InterfaceBuilderFile.parse(text: Self.storyboard), app: app))
        let hint = try #require(linked.linkerHints.first { $0.message.hasPrefix("ItemCell shows its own skeleton") })
        #expect(hint.kind == .assumed && hint.file == "file:///ItemCell.swift")
        #expect(hint.range.start.line == 7)
    }
}
