import SkeletonModel
import SwiftCode
import Testing

/// The app's constants and simple computation: `static let`s of any file, `String(describing:)`, `allCases.count`,
/// a literal array's `count`, arithmetic, `switch`es that answer per section, colour constants; registrations by
/// nib and by the usual wrappers.
@Suite("Constants and registrations")
struct ConstantsTests {
    static let constants = """
        enum Constants {
            static let rows = 2 * 3
            static let skeletonColor = UIColor(red: 230 / 255, green: 1, blue: 0, alpha: 1)
            enum Identifiers { static let header = "Header" }
        }
        extension UIColor { static let brand = UIColor(white: 0.5, alpha: 1) }
        let sectionTitles = ["A", "B", "C"]
        class AvatarCell: UITableViewCell {
            static let identifier = "avatarCell"
        }
        extension UITableViewCell {
            static var reuseID: String { String(describing: self) }
        }
        """

    static let controller = """
        class Friends: UIViewController, SkeletonTableViewDataSource {
            enum Section: Int, CaseIterable { case favourites, everyone, blocked }
            @IBOutlet weak var tableView: UITableView!
            override func viewDidLoad() {
                tableView.register(UINib(nibName: String(describing: AvatarCell.self), bundle: nil), forCellReuseIdentifier: AvatarCell.identifier)
                tableView.register(cellType: ProfileCell.self)
                tableView.register(UINib(nibName: "\\(HeaderView.self)", bundle: nil), forHeaderFooterViewReuseIdentifier: Constants.Identifiers.header)
                tableView.showSkeleton(usingColor: Constants.skeletonColor)
                view.showSkeleton(usingColor: .brand)
            }
            func numSections(in collectionSkeletonView: UITableView) -> Int { Section.allCases.count }
            func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
                switch Section(rawValue: section)! {
                case .favourites: return Constants.rows
                case .blocked: return sectionTitles.count
                default: return 1
                }
            }
            func collectionSkeletonView(_ skeletonView: UITableView, cellIdentifierForRowAt indexPath: IndexPath) -> ReusableCellIdentifier {
                AvatarCell.reuseID
            }
            func collectionSkeletonView(_ skeletonView: UITableView, identifierForHeaderInSection section: Int) -> ReusableHeaderFooterIdentifier? {
                Constants.Identifiers.header
            }
        }
        """

    static func facts() throws -> ClassFacts {
        let facts = SwiftCodeReader.read([
            SwiftSourceText(text: controller, file: "file:///Friends.swift"),
            SwiftSourceText(text: constants, file: "file:///Constants.swift"),
        ])
        return try #require(facts.facts(forClass: "Friends"))
    }

    @Test func dataSourceAnswersFromConstantsOfOtherFiles() throws {
        let facts = try Self.facts()
        #expect(facts.dataSource.numberOfSections == 3)
        #expect(facts.dataSource.countsBySection == [6, 1, 3], "per section, the default for the one between")
        #expect(facts.dataSource.numberOfRows == 1, "the default case, for sections after them")
        #expect(facts.dataSource.cellIdentifier == "AvatarCell", "a type-name property read on AvatarCell")
        #expect(facts.dataSource.headerIdentifier == "Header")
        #expect(facts.hints.isEmpty, "\(facts.hints.map(\.message))")
    }

    @Test func registrationsByNibAndByConvention() throws {
        let facts = try Self.facts()
        #expect(
            facts.registeredNibs == ["avatarCell": "AvatarCell", "ProfileCell": "ProfileCell", "Header": "HeaderView"])
        #expect(facts.registeredCells == ["ProfileCell": "ProfileCell"], "a wrapper's class, for when there is no XIB")
    }

    @Test func colourConstants() throws {
        let facts = try Self.facts()
        #expect(
            facts.shows.map(\.options.color) == [
                SkeletonColor(RGBA(red: 230 / 255, green: 1, blue: 0, alpha: 1)), SkeletonColor(white: 0.5, alpha: 1),
            ])
    }

    @Test func aSwitchThatDoesNotFollowTheSectionTakesItsFirstCaseAndSaysSo() throws {
        let source = """
            class List: UIViewController {
                var isCompact = true
                func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    switch isCompact {
                    case true: return 3
                    case false: return 8
                    }
                }
            }
            """
        let facts = try Code.facts(source, class: "List")
        #expect(facts.dataSource.numberOfRows == 3)
        #expect(facts.dataSource.countsBySection.isEmpty)
        #expect(
            facts.hints.map(\.message) == [
                "`collectionSkeletonView(_:numberOfRowsInSection:)` answers 3, 8 by case; skeletond assumes the first, 3, for every section"
            ])
        #expect(facts.hints.map(\.kind) == [.assumed])
    }

    @Test func whatStaysUnknownIsNamed() throws {
        let source = """
            class List: UIViewController {
                var items: [Item] = []
                func collectionSkeletonView(_ skeletonView: UITableView, numberOfRowsInSection section: Int) -> Int {
                    items.count
                }
            }
            """
        let facts = try Code.facts(source, class: "List")
        #expect(facts.dataSource.numberOfRows == nil)
        #expect(
            facts.hints.map(\.message) == [
                "`items.count` is not a static answer; `collectionSkeletonView(_:numberOfRowsInSection:)` keeps SkeletonView's default"
            ])
    }
}
