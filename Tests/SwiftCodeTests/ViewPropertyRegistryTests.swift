import SkeletonModel
import SwiftCode
import Testing

/// The view properties the Swift reader recognises are the registry's: each one's Swift names (`isSkeletonable`,
/// `layer.cornerRadius`) come from `DocumentProperty.swiftNames` and lead back to it.
@Suite struct ViewPropertyRegistryTests {
    @Test func everyViewPropertyIsRecognisedByItsRegistrySwiftNames() {
        for property in ViewProperty.allCases {
            let names = property.documentProperty.swiftNames
            #expect(!names.isEmpty, "\(property)")
            for name in names { #expect(ViewProperty(swiftName: name) == property, "\(name)") }
        }
        for property in PropertyRegistry.properties(in: .node) {
            for name in property.swiftNames {
                #expect(ViewProperty(swiftName: name)?.documentProperty == property, "\(name)")
            }
        }
    }

    @Test func onlyTheLayersCornerRadiusIsTheViewsCornerRadius() {
        #expect(ViewProperty(swiftName: "layer.cornerRadius") == .cornerRadius)
        #expect(ViewProperty(swiftName: "cornerRadius") == nil)
        #expect(ViewProperty(swiftName: "layer.masksToBounds") == .clipsToBounds)
        #expect(ViewProperty(swiftName: "layer.opacity") == .alpha)
    }

    @Test func assignmentsAreReadByTheRegistrysNames() throws {
        let facts = try Code.facts(
            """
            class Cell: UITableViewCell {
                @IBOutlet var label: UILabel!
                override func awakeFromNib() {
                    label.linesCornerRadius = 8
                    label.layer.masksToBounds = true
                    label.skeletonPaddingInsets = .zero
                }
            }
            """, class: "Cell")
        #expect(facts.assignments.map(\.property) == [.linesCornerRadius, .clipsToBounds, .skeletonPaddingInsets])
        #expect(
            facts.assignments.map(\.property.documentProperty.name) == [
                "linesCornerRadius", "clipsToBounds", "skeletonPaddingInsets",
            ])
    }
}
