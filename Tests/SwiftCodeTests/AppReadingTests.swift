import SkeletonModel
import SwiftCode
import Testing

/// The app's Swift files read together, as Swift sees its classes: shows on the views they are called on, a class
/// split over files in any order, superclasses' lifecycle and `super` calls, helpers a subclass overrides, and
/// extensions of UIKit's views.
@Suite("Reading an app's classes")
struct AppReadingTests {
    /// The facts of class `name` when `files` (name → text) are read together in this order.
    static func facts(_ name: String, _ files: [(String, String)]) throws -> ClassFacts {
        let facts = SwiftCodeReader.read(files.map { SwiftSourceText(text: $0.1, file: $0.0) })
        return try #require(facts.facts(forClass: name))
    }

    @Test func everyShowIsOnTheViewItIsCalledOn() throws {
        let source = """
            class Feed: UIViewController {
                @IBOutlet weak var titleLabel: UILabel!
                @IBOutlet weak var tableView: UITableView!
                @IBOutlet weak var a: UIView!
                @IBOutlet weak var b: UIView!
                override func viewDidLoad() {
                    titleLabel.showAnimatedSkeleton()
                    tableView.showAnimatedGradientSkeleton()
                    [a, b].forEach { $0.showSkeleton() }
                }
            }
            """
        let facts = try Code.facts(source, class: "Feed")
        #expect(
            facts.shows.map(\.target) == [
                .property("titleLabel"), .property("tableView"), .property("a"), .property("b"),
            ])
        #expect(facts.shows.map(\.options.type) == [.solid, .gradient, .solid, .solid])
        #expect(facts.shows.map(\.options.animated) == [true, true, false, false])
        #expect(facts.show?.target == .property("b"), "the last show")
    }

    static let controller = """
        class ListViewController: UIViewController {
            @IBOutlet weak var tableView: UITableView!
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.isSkeletonable = true
                tableView.showAnimatedSkeleton()
            }
        }
        """

    static let skeletonExtension = """
        extension ListViewController: SkeletonTableViewDataSource {
            func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier { "ItemCell" }
        }
        """

    @Test func aClassSplitOverFilesIsOneClassInAnyOrder() throws {
        let files = [
            ("file:///VC.swift", Self.controller), ("file:///VC+SkeletonView.swift", Self.skeletonExtension),
        ]
        for order in [files, files.reversed()] {
            let facts = try Self.facts("ListViewController", order)
            #expect(facts.file == "file:///VC.swift", "the file that declares it")
            #expect(facts.superclass == "UIViewController")
            #expect(facts.dataSource.numberOfRows == 3)
            #expect(facts.dataSource.cellIdentifier == "ItemCell")
            #expect(facts.cellIdentifierRange?.file == "file:///VC+SkeletonView.swift")
            #expect(facts.assignments.map(\.property) == [.isSkeletonable])
            #expect(facts.assignments.first?.range.file == "file:///VC.swift")
            #expect(facts.shows.map(\.target) == [.property("tableView")])
        }
    }

    @Test func superclassesLifecycleRunsWithSuperCallsAndOverriddenHelpers() throws {
        let base = """
            class BaseViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.isSkeletonable = true
                    setupSkeleton()
                }
                func setupSkeleton() {}
            }
            """
        let subclasses = """
            class FeedViewController: BaseViewController {
                @IBOutlet weak var tableView: UITableView!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    tableView.showAnimatedSkeleton()
                }
                override func setupSkeleton() { tableView.isSkeletonable = true }
            }
            class PlainViewController: BaseViewController {}
            """
        let files = [("file:///Base.swift", base), ("file:///Feed.swift", subclasses)]
        let feed = try Self.facts("FeedViewController", files)
        #expect(
            feed.assignments.map { "\($0.target) \($0.property) \($0.range.file ?? "")" } == [
                "root isSkeletonable file:///Base.swift",
                "property(\"tableView\") isSkeletonable file:///Feed.swift",
            ])
        #expect(feed.shows.map(\.target) == [.property("tableView")])
        let plain = try Self.facts("PlainViewController", files.reversed())
        #expect(plain.assignments.map(\.target) == [.root], "the superclass's viewDidLoad, its empty helper")
        #expect(plain.shows.isEmpty)
    }

    @Test func extensionsOfUIKitViewsRunOnTheViewTheyAreCalledOn() throws {
        let helpers = """
            extension UIView {
                func applyCircularRadius() {
                    layer.cornerRadius = 12
                    self.layer.masksToBounds = true
                }
                func showLoading() { showAnimatedGradientSkeleton() }
            }
            """
        let controller = """
            class ProfileViewController: UIViewController {
                @IBOutlet weak var avatar: UIImageView!
                @IBOutlet weak var tableView: UITableView!
                override func viewDidLoad() {
                    avatar.applyCircularRadius()
                    tableView.showLoading()
                }
            }
            """
        let facts = try Self.facts(
            "ProfileViewController", [("file:///Profile.swift", controller), ("file:///UIView+Helpers.swift", helpers)])
        #expect(
            facts.assignments.map { "\($0.target) \($0.property) \($0.value)" } == [
                "property(\"avatar\") cornerRadius number(12.0)",
                "property(\"avatar\") clipsToBounds bool(true)",
            ])
        #expect(facts.shows.map(\.target) == [.property("tableView")])
        #expect(facts.shows.first?.options == ShowOptions(type: .gradient, animated: true))
        #expect(facts.shows.first?.range.file == "file:///UIView+Helpers.swift")
    }

    @Test func aViewsOwnLayerIsItsOwn() throws {
        let source = """
            class Card: UITableViewCell {
                override func awakeFromNib() {
                    layer.cornerRadius = 8
                }
            }
            """
        let facts = try Code.facts(source, class: "Card")
        #expect(facts.assignments.map(\.target) == [.root])
        #expect(facts.assignments.map(\.property) == [.cornerRadius])
    }

    @Test func dependenciesFollowSuperclassesCellsAndSharedTypes() {
        let source = """
            class Base: UIViewController {}
            class Feed: Base {
                override func viewDidLoad() { table.register(Row.self, forCellReuseIdentifier: "Row") }
            }
            class Row: UITableViewCell {}
            class Other: UIViewController {}
            enum Constants { static let rows = 3 }
            extension UIView { func round() {} }
            """
        let facts = SwiftCodeReader.read(text: source)
        #expect(
            facts.dependencies(of: ["Feed"])
                == ["Feed", "Base", "UIViewController", "Row", "UITableViewCell", "Constants", "UIView"])
    }
}

/// Actions do not run while a screen loads; a table delegate's row height.
@Suite("Actions and delegate row heights")
struct ActionAndRowHeightTests {
    @Test func actionsDoNotRunAndHeightForRowAtIsTheRowHeight() throws {
        let source = """
            class Screen: UIViewController {
                override func viewDidLoad() { view.isSkeletonable = true }
                @IBAction func reload(_ sender: Any) {
                    view.showAnimatedGradientSkeleton()
                }
                func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 100 }
            }
            """
        let facts = try Code.facts(source, class: "Screen")
        #expect(facts.shows.isEmpty, "a button's show is not the screen's while it loads")
        #expect(facts.flowLayout.rowHeight == 100)
    }

    @Test func aShowWhileLoadingLeavesActionsAlone() throws {
        let source = """
            class Screen: UIViewController {
                @IBOutlet weak var table: UITableView!
                override func viewDidLoad() { table.showSkeleton() }
                @IBAction func reload(_ sender: Any) { view.showAnimatedGradientSkeleton() }
            }
            """
        let facts = try Code.facts(source, class: "Screen")
        #expect(facts.shows.map(\.target) == [.property("table")])
    }
}
