/// The UIKit classes a document node can stand for.
package enum NodeType: String, Sendable, Hashable, CaseIterable {
    case view = "UIView"
    case label = "UILabel"
    case textView = "UITextView"
    case textField = "UITextField"
    case imageView = "UIImageView"
    case button = "UIButton"
    case stackView = "UIStackView"
    case tableView = "UITableView"
    case collectionView = "UICollectionView"
    case tableViewCell = "UITableViewCell"
    case collectionViewCell = "UICollectionViewCell"
    case tableViewHeaderFooterView = "UITableViewHeaderFooterView"

    /// UILabel and UITextView: SkeletonView's `SkeletonTextNode`s, drawn as lines.
    package var isText: Bool { self == .label || self == .textView }

    /// UITableView and UICollectionView: they get a dummy data source and never a block of their own.
    package var isCollection: Bool { self == .tableView || self == .collectionView }

    /// Scroll views (`UIScrollView` subclasses): `clipsToBounds` and `isScrollEnabled` default to true.
    package var isScrollView: Bool { self == .tableView || self == .collectionView || self == .textView }

    /// Labels, text views and fields, image views and buttons show content by default (`Node.holdsContent`).
    package var holdsContent: Bool {
        self == .label || self == .textView || self == .textField || self == .imageView || self == .button
    }

    /// UIKit's default `isUserInteractionEnabled` (false for UILabel and UIImageView).
    package var defaultUserInteractionEnabled: Bool { !(self == .label || self == .imageView) }
}
