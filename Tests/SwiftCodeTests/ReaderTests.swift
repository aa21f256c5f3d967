import SkeletonModel
import SwiftCode
import Testing

/// Swift source → code facts: every shape the reader knows, with the exact facts expected.
@Suite("Reading Swift code")
struct ReaderTests {
    @Test func assignmentsInLifecycleMethodsAndOutletObservers() throws {
        let source = """
            class FeedViewController: UIViewController {
                @IBOutlet weak var tableView: UITableView! {
                    didSet { tableView.isSkeletonable = true }
                }
                @IBOutlet weak var title: UILabel!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.isSkeletonable = true
                    self.title.linesCornerRadius = 8
                    title?.lastLineFillPercent = 40
                    self.tableView.rowHeight = UITableView.automaticDimension
                    tableView.estimatedRowHeight = 120
                    title.skeletonPaddingInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
                    title.skeletonTextNumberOfLines = .custom(3)
                    title.layer.cornerRadius = 4
                    title.layer.masksToBounds = true
                    self.view.skeletonCornerRadius = -2.5
                }
            }
            """
        let facts = try Code.facts(source, class: "FeedViewController")
        #expect(facts.superclass == "UIViewController")
        #expect(facts.outlets == ["tableView", "title"])
        #expect(
            facts.assignments == [
                Code.set(.property("tableView"), .isSkeletonable, .bool(true), line: 3, 18, 49),
                Code.set(.root, .isSkeletonable, .bool(true), line: 8, 9, 35),
                Code.set(.property("title"), .linesCornerRadius, .number(8), line: 9, 9, 41),
                Code.set(.property("title"), .lastLineFillPercent, .number(40), line: 10, 9, 40),
                Code.set(.property("tableView"), .rowHeight, .automatic, line: 11, 9, 66),
                Code.set(.property("tableView"), .estimatedRowHeight, .number(120), line: 12, 9, 43),
                Code.set(
                    .property("title"), .skeletonPaddingInsets, .insets(top: 1, left: 2, bottom: 3, right: 4), line: 13,
                    9, 89),
                Code.set(.property("title"), .skeletonTextNumberOfLines, .number(3), line: 14, 9, 53),
                Code.set(.property("title"), .cornerRadius, .number(4), line: 15, 9, 37),
                Code.set(.property("title"), .clipsToBounds, .bool(true), line: 16, 9, 41),
                Code.set(.root, .skeletonCornerRadius, .number(-2.5), line: 17, 9, 46),
            ])
        #expect(facts.hints.isEmpty)
    }

    @Test func outletCollectionsInitialisersAndExtensions() throws {
        let source = """
            final class ProfileCell: UITableViewCell {
                @IBOutlet var name: UILabel!
                @IBOutlet var avatar: UIImageView!
                override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                    isSkeletonable = true
                }
            }
            extension ProfileCell {
                override func awakeFromNib() {
                    [name, avatar].forEach { $0.isSkeletonable = true }
                    [name].forEach { label in label?.isHiddenWhenSkeletonIsActive = false }
                }
            }
            """
        let facts = try Code.facts(source, class: "ProfileCell")
        #expect(facts.superclass == "UITableViewCell")
        #expect(
            facts.assignments == [
                Code.set(.root, .isSkeletonable, .bool(true), line: 6, 9, 30),
                Code.set(.property("name"), .isSkeletonable, .bool(true), line: 11, 34, 58),
                Code.set(.property("avatar"), .isSkeletonable, .bool(true), line: 11, 34, 58),
                Code.set(.property("name"), .isHiddenWhenSkeletonIsActive, .bool(false), line: 12, 35, 78),
            ])
    }

    @Test func showCallsBecomeShowOptions() throws {
        let source = """
            class A: UIViewController {
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    let gradient = SkeletonGradient(baseColor: .emerald)
                    let animation = SkeletonAnimationBuilder().makeSlidingAnimation(withDirection: .topBottom, duration: 2)
                    view.showAnimatedGradientSkeleton(usingGradient: gradient, animation: animation, transition: .crossDissolve(0.5))
                }
            }
            class B: UIViewController {
                override func viewDidLoad() {
                    view.showSkeleton(usingColor: UIColor.concrete, delay: 2, transition: .none)
                }
            }
            class C: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { self.view.showGradientSkeleton() }
                }
            }
            """
        let facts = SwiftCodeReader.read(text: source)
        let a = try #require(facts.facts(forClass: "A")?.show)
        #expect(a.target == .root)
        #expect(
            a.options
                == ShowOptions(
                    type: .gradient, gradient: SkeletonGradient(baseColor: SkeletonColor(FlatColor.emerald.rgba)),
                    animated: true, animation: .sliding(direction: .topBottom, duration: 2, autoreverses: false),
                    transition: .crossDissolve(0.5)))
        #expect(a.range == Code.range(6, 9, 122))
        let b = try #require(facts.facts(forClass: "B")?.show)
        #expect(
            b.options
                == ShowOptions(
                    type: .solid, color: SkeletonColor(FlatColor.concrete.rgba), animated: true, delay: 2,
                    transition: .none))
        let c = try #require(facts.facts(forClass: "C")?.show)
        #expect(c.options == ShowOptions(type: .gradient, animated: false, delay: 1.5))
        #expect(facts.allHints.isEmpty)
    }

    @Test func appearanceDefaults() throws {
        let source = """
            class AppViewController: UIViewController {
                override func viewDidLoad() {
                    SkeletonAppearance.default.multilineHeight = 20
                    SkeletonAppearance.default.multilineCornerRadius = 5
                    SkeletonAppearance.default.tintColor = .amethyst
                    SkeletonAppearance.default.renderSingleLineAsView = true
                    SkeletonAppearance.default.textLineHeight = .relativeToFont
                }
            }
            """
        var expected = AppearanceOverrides()
        expected.multilineHeight = 20
        expected.multilineCornerRadius = 5
        expected.tintColor = SkeletonColor(FlatColor.amethyst.rgba)
        expected.renderSingleLineAsView = true
        expected.textLineHeight = .relativeToFont
        #expect(try Code.facts(source, class: "AppViewController").appearance == expected)
    }

    @Test func dataSourceLiteralAnswers() throws {
        let source = """
            class List: UIViewController {}
            extension List: SkeletonTableViewDataSource {
                func numSections(in collectionSkeletonView: UITableView) -> Int { 2 }
                func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    return UITableView.automaticNumberOfSkeletonRows
                }
                func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier {
                    return "ProfileCell"
                }
                func collectionSkeletonView(_ skeletonView: UITableView, identifierForHeaderInSection section: Int) -> ReusableHeaderFooterIdentifier? {
                    section == 0 ? "Header" : nil
                }
            }
            """
        let facts = try Code.facts(source, class: "List")
        #expect(
            facts.dataSource
                == DataSourceAnswers(numberOfSections: 2, numberOfRows: -1, cellIdentifier: "ProfileCell"))
        #expect(
            facts.hints == [
                CodeHint(
                    kind: .notStatic,
                    message:
                        "`section == 0 ? \"Header\" : nil` is not a static answer; `collectionSkeletonView(_:identifierForHeaderInSection:)` keeps SkeletonView's default",
                    range: Code.range(11, 9, 38))
            ])
    }

    @Test func branchesAndComputedValuesAreHints() throws {
        let source = """
            class Screen: UIViewController {
                @IBOutlet var card: UIView!
                override func viewDidLoad() {
                    card.skeletonCornerRadius = card.frame.height / 2
                    if isLoading {
                        view.showAnimatedSkeleton()
                    } else {
                        view.showSkeleton()
                    }
                    guard let model else { return }
                    card.isSkeletonable = true
                }
            }
            """
        let facts = try Code.facts(source, class: "Screen")
        #expect(facts.show?.options == ShowOptions(type: .solid, animated: true))
        #expect(facts.show?.range == Code.range(6, 13, 40))
        #expect(facts.assignments == [Code.set(.property("card"), .isSkeletonable, .bool(true), line: 11, 9, 35)])
        #expect(
            facts.hints == [
                CodeHint(
                    kind: .notStatic,
                    message:
                        "`card.frame.height / 2` is not known statically; `card.skeletonCornerRadius` is left as the file sets it",
                    range: Code.range(4, 9, 58)),
                CodeHint(kind: .assumed, message: "assumed `if isLoading` is true", range: Code.range(6, 13, 40)),
                CodeHint(
                    kind: .assumed, message: "ignored: the else branch of `if isLoading` is assumed not taken",
                    range: Code.range(8, 13, 32)),
                CodeHint(kind: .assumed, message: "assumed `guard let model` passes", range: Code.range(11, 9, 35)),
            ])
    }

    @Test func helpersClosuresAndRegistrations() throws {
        let source = """
            class Grid: UIViewController {
                @IBOutlet var grid: UICollectionView!
                var badge = UILabel()
                override func viewDidLoad() {
                    setUp()
                    grid.register(GridCell.self, forCellWithReuseIdentifier: "GridCell")
                    UIView.animate(withDuration: 1) { self.badge.isHidden = true }
                }
                private func setUp() { self.grid?.isSkeletonable = true; setUp() }
            }
            """
        let facts = try Code.facts(source, class: "Grid")
        #expect(facts.registeredCells == ["GridCell": "GridCell"])
        #expect(facts.codeBuiltViews == ["badge": "UILabel"])
        #expect(
            facts.assignments == [
                Code.set(.property("grid"), .isSkeletonable, .bool(true), line: 9, 28, 60),
                Code.set(.property("badge"), .isHidden, .bool(true), line: 7, 43, 69),
            ])
        #expect(
            facts.hints == [
                CodeHint(
                    kind: .assumed, message: "assumed the closure passed to `animate` runs",
                    range: Code.range(7, 43, 69))
            ])
    }

    @Test func aFileThatDoesNotParseKeepsWhatParsed() throws {
        let source = """
            class Broken: UIViewController {
                override func viewDidLoad() {
                    view.isSkeletonable = true
                    let x = = 3
                }
            }
            """
        let facts = SwiftCodeReader.read(text: source)
        let broken = try #require(facts.facts(forClass: "Broken"))
        #expect(broken.assignments == [Code.set(.root, .isSkeletonable, .bool(true), line: 3, 9, 35)])
        #expect(!facts.hints.isEmpty)
        #expect(facts.hints.allSatisfy { $0.kind == .syntax && $0.range.start.line == 4 })
    }
}
