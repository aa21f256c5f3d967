import SwiftCode
import Testing

/// Layout read from code: `dataSource = self`, the flow layout delegate's answers, subviews and anchor constraints.
@Suite("Reading layout from Swift code")
struct LayoutReaderTests {
    @Test func connectionsInCode() throws {
        let facts = try Code.facts(
            """
            class Screen: UIViewController {
                @IBOutlet weak var list: UICollectionView! {
                    didSet {
                        list.dataSource = self
                        self.list.delegate = self
                        list.prefetchDataSource = self
                        list.delegate = other
                    }
                }
            }
            """, class: "Screen")
        #expect(
            facts.connections == [
                ListConnection(outlet: "list", role: .dataSource, range: Code.range(4, 13, 35)),
                ListConnection(outlet: "list", role: .delegate, range: Code.range(5, 13, 38)),
            ])
    }

    @Test func flowLayoutAnswers() throws {
        let facts = try Code.facts(
            """
            class Screen: UIViewController, UICollectionViewDelegateFlowLayout {
                func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, sizeForItemAt i: IndexPath) -> CGSize {
                    return CGSize(width: (view.frame.width - 20) / 2, height: 80)
                }
                func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, minimumLineSpacingForSectionAt s: Int) -> CGFloat { 4 }
                func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, minimumInteritemSpacingForSectionAt s: Int) -> CGFloat {
                    return spacing
                }
                func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, insetForSectionAt s: Int) -> UIEdgeInsets {
                    UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
                }
            }
            """, class: "Screen")
        let width = CodeExpression.binary(
            .divide, .binary(.subtract, .dimension(.root, .width), .number(20)), .number(2))
        #expect(facts.flowLayout.itemSize == CodeSize(width: width, height: .number(80)))
        #expect(facts.flowLayout.itemSizeRange == Code.range(3, 16, 70))
        #expect(facts.flowLayout.minimumLineSpacing == 4)
        #expect(facts.flowLayout.minimumInteritemSpacing == nil)
        #expect(facts.flowLayout.sectionInset == [1, 2, 3, 4])
        #expect(
            facts.hints.map(\.message) == [
                "`spacing` is not a static answer; `collectionView(_:layout:minimumInteritemSpacingForSectionAt:)` keeps the flow layout's value"
            ])
        // Evaluated once the view's size is known: (375 - 20) / 2.
        #expect(width.evaluate { $0 == .root && $1 == .width ? 375 : nil } == 177.5)
        #expect(width.evaluate { _, _ in nil } == nil)
        #expect(CodeExpression.binary(.divide, .number(1), .number(0)).evaluate { _, _ in nil } == nil)
    }

    @Test func precedenceOfOperators() throws {
        let facts = try Code.facts(
            """
            class Screen: UIViewController {
                func collectionView(_ c: UICollectionView, layout l: UICollectionViewLayout, sizeForItemAt i: IndexPath) -> CGSize {
                    CGSize(width: 10 - 2 * 3 + 8 / 4, height: -collectionView.bounds.size.height)
                }
            }
            """, class: "Screen")
        let size = try #require(facts.flowLayout.itemSize)
        #expect(size.width.constant == 6)
        #expect(size.height == .negated(.dimension(.property("collectionView"), .height)))
    }

    @Test func subviewsAndAnchorConstraints() throws {
        let facts = try Code.facts(
            """
            class Cell: UITableViewCell {
                let title = UILabel()
                override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                    let badge = UIView()
                    contentView.addSubview(title)
                    title.addSubview(badge)
                    NSLayoutConstraint.activate([
                        title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                        title.widthAnchor.constraint(equalTo: widthAnchor, multiplier: 0.5),
                        badge.heightAnchor.constraint(equalToConstant: frame.height - 4),
                        title.topAnchor.constraint(greaterThanOrEqualTo: topAnchor),
                    ])
                    badge.topAnchor.constraint(equalTo: title.safeAreaLayoutGuide.topAnchor).isActive = true
                }
            }
            """, class: "Cell")
        #expect(facts.codeBuiltViews == ["title": "UILabel", "badge": "UIView"])
        #expect(
            facts.layout.subviews == [
                SubviewAddition(parent: .root, child: .property("title"), range: Code.range(6, 9, 38)),
                SubviewAddition(parent: .property("title"), child: .property("badge"), range: Code.range(7, 9, 32)),
            ])
        #expect(
            facts.layout.constraints == [
                AnchorConstraint(
                    first: .property("title"), firstAnchor: .leading, second: .root, secondAnchor: .leading,
                    constant: .number(16), range: Code.range(9, 13, 93)),
                AnchorConstraint(
                    first: .property("title"), firstAnchor: .width, second: .root, secondAnchor: .width,
                    multiplier: 0.5, range: Code.range(10, 13, 80)),
                AnchorConstraint(
                    first: .property("badge"), firstAnchor: .height,
                    constant: .binary(.subtract, .dimension(.root, .height), .number(4)), range: Code.range(11, 13, 77)),
                AnchorConstraint(
                    first: .property("badge"), firstAnchor: .top, second: .property("title"), secondAnchor: .top,
                    range: Code.range(14, 9, 81)),
            ])
        #expect(facts.hints.count == 1)
        #expect(facts.hints.first?.message.contains("equalities between anchors") == true)
        #expect(facts.hints.first?.range == Code.range(12, 13, 72))
    }
}
