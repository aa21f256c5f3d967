package import SkeletonModel

extension ViewProperty {
    /// The document property an assignment to it sets.
    package var documentProperty: DocumentProperty {
        switch self {
        case .isSkeletonable: .view.isSkeletonable
        case .isHiddenWhenSkeletonIsActive: .view.isHiddenWhenSkeletonIsActive
        case .isUserInteractionDisabledWhenSkeletonIsActive: .view.isUserInteractionDisabledWhenSkeletonIsActive
        case .skeletonCornerRadius: .view.skeletonCornerRadius
        case .linesCornerRadius: .text.linesCornerRadius
        case .lastLineFillPercent: .text.lastLineFillPercent
        case .skeletonLineSpacing: .text.skeletonLineSpacing
        case .skeletonPaddingInsets: .text.skeletonPaddingInsets
        case .skeletonTextNumberOfLines: .text.skeletonTextNumberOfLines
        case .skeletonTextLineHeight: .text.skeletonTextLineHeight
        case .rowHeight: .list.rowHeight
        case .estimatedRowHeight: .list.estimatedRowHeight
        case .numberOfLines: .text.numberOfLines
        case .isHidden: .view.isHidden
        case .cornerRadius: .view.cornerRadius
        case .clipsToBounds: .view.clipsToBounds
        case .alpha: .view.alpha
        }
    }

    /// The property Swift code sets by assigning member path `path` (`isSkeletonable`, `layer.cornerRadius`): the
    /// registry's view property with that Swift name (`DocumentProperty.swiftNames`), or nil.
    package init?(swiftName path: String) {
        guard let known = Self.bySwiftName[path] else { return nil }
        self = known
    }

    /// Every case by each of its registry Swift names.
    private static let bySwiftName: [String: ViewProperty] = allCases.reduce(into: [:]) { out, property in
        for path in property.documentProperty.swiftNames
        where PropertyRegistry.property(swiftName: path) == property.documentProperty {
            out[path] = property
        }
    }
}
