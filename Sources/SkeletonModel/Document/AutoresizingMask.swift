/// `UIView.AutoresizingMask`: which of a view's margins and sides follow its superview's size when that changes.
package struct AutoresizingMask: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    package static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    package static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    package static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    package static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    package static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Every option with its name in the document format (UIKit's), in UIKit's order.
    package static let named: [(name: String, option: AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// The option a document names, if any.
    package init?(name: String) {
        guard let option = Self.named.first(where: { $0.name == name })?.option else { return nil }
        self = option
    }

    /// The options' names, in UIKit's order.
    package var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
}
