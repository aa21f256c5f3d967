/// The values a member of the document takes, as the decoder reads them (its parser in `ValueParsers` or
/// `DecodingRun`) and the JSON Schema states them.
package enum PropertyValue: Sendable, Hashable {
    /// `true` or `false`.
    case boolean
    /// A number, within the bounds given.
    case number(minimum: Double? = nil, maximum: Double? = nil)
    /// An integer, within the bounds given.
    case integer(minimum: Int? = nil, maximum: Int? = nil)
    /// Any string.
    case string
    /// One of these strings.
    case keyword([String])
    /// An array of these strings, each at most once (an option set, such as `autoresizingMask`).
    case keywordSet([String])
    /// A colour: a name, `#RRGGBB[AA]`, `{"light", "dark"}` or `{"white", "alpha"}`.
    case color
    /// A gradient: `{"baseColor"…}`, `{"colors": […]}` or an array of colours.
    case gradient
    /// Colours, as an array.
    case colors
    /// Insets: `[top, left, bottom, right]` or an object of those.
    case insets
    /// `[x, y, width, height]`.
    case frame
    /// `[width, height]`.
    case size
    /// A font: its line height as a number, or `{"lineHeight"…, "size"…, "weight"…}`.
    case font
    /// `{"width": [n…], "height": [n…]}`.
    case constraints
    /// `"relativeToFont"`, `"relativeToConstraints"`, a number or `{"fixed": n}`.
    case textLineHeight
    /// `"inherited"`, an integer or `{"custom": n}`, at most `maximum`.
    case textNumberOfLines(maximum: Int)
    /// A number or `"automatic"`.
    case rowHeight
    /// A count: an integer (-1 is automatic) or `"automatic"`.
    case itemCount
    /// A node.
    case node
    /// An array of nodes.
    case nodes
    /// The appearance object.
    case appearance
    /// `{name: node}`.
    case templates
    /// An array of sections.
    case sections
    /// An array of per-row cells (`null` or an object).
    case rowCells
    /// `{kind: template name}`.
    case supplementary
    /// A template's name.
    case templateName
    /// A collection layout's name: `"flow"` or any other.
    case layoutName
    /// Anything (ignored).
    case anything

    /// The keywords completion offers for it.
    package var keywords: [String] {
        switch self {
        case .keyword(let words), .keywordSet(let words): words
        case .rowHeight, .itemCount: [Self.automatic]
        case .textLineHeight: [Self.relativeToFont, Self.relativeToConstraints]
        case .textNumberOfLines: [Self.inherited]
        case .layoutName: [Self.flow]
        case .boolean: ["true", "false"]
        default: []
        }
    }

    /// `UITableView.automaticDimension`, an automatic count.
    package static let automatic = "automatic"
    /// `SkeletonTextNumberOfLines.inherited`.
    package static let inherited = "inherited"
    /// `SkeletonTextLineHeight.relativeToFont`.
    package static let relativeToFont = "relativeToFont"
    /// `SkeletonTextLineHeight.relativeToConstraints`.
    package static let relativeToConstraints = "relativeToConstraints"
    /// `UICollectionViewFlowLayout`.
    package static let flow = "flow"
}
