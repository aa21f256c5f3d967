import SkeletonModel

/// Interface Builder element names → the node types of the document format.
enum ElementTypes {
    /// The elements with a type of their own; every other view element is a `UIView`.
    static let table: [String: NodeType] = [
        "view": .view,
        "label": .label,
        "textView": .textView,
        "textField": .textField,
        "imageView": .imageView,
        "button": .button,
        "stackView": .stackView,
        "tableView": .tableView,
        "collectionView": .collectionView,
        "tableViewCell": .tableViewCell,
        "collectionViewCell": .collectionViewCell,
        "collectionReusableView": .view,
        "tableViewCellContentView": .view,
        "collectionViewCellContentView": .view,
    ]

    /// Controls and other views that show content but map to `UIView`: they get `holdsContent: true`, so that
    /// `assumeSkeletonable` skeletons them like labels and images.
    static let contentElements: Set<String> = [
        "switch", "slider", "segmentedControl", "stepper", "pageControl", "progressView", "activityIndicatorView",
        "datePicker", "pickerView", "searchBar", "mapView", "wkWebView", "webView", "sceneKitView", "mtkView",
    ]

    /// The node type of a view element.
    static func nodeType(_ elementName: String) -> NodeType { table[elementName] ?? .view }

    /// `UIStackView.Alignment` as IB writes it.
    static let stackAlignments: [String: StackAlignment] = [
        "fill": .fill, "leading": .leading, "top": .top, "firstBaseline": .firstBaseline, "center": .center,
        "trailing": .trailing, "bottom": .bottom, "lastBaseline": .lastBaseline,
    ]

    /// `NSTextAlignment` as IB writes it.
    static let textAlignments: [String: TextAlignment] = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]

    /// Whether an id can be a node id in the document format (not empty, not digits and dots only, none
    /// of `/ [ ] # @`). Other ids are left out and the node is referred to by its index path.
    static func isUsableID(_ id: String) -> Bool {
        guard !id.isEmpty else { return false }
        var onlyDigitsAndDots = true
        for c in id.utf8 {
            switch c {
            case UInt8(ascii: "/"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "#"), UInt8(ascii: "@"):
                return false
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."): break
            default: onlyDigitsAndDots = false
            }
        }
        return !onlyDigitsAndDots
    }

    /// Whether an element is a view: it has a frame.
    static func isView(_ e: IBElement) -> Bool { e.child("rect", key: "frame") != nil }
}
