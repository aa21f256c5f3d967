/// A row or item count: a number, or SkeletonView's automatic count (-1).
package enum ItemCount: Sendable, Hashable {
    case automatic
    case fixed(Int)
}

/// A table row height: a number, or `UITableView.automaticDimension`.
package enum RowHeight: Sendable, Hashable {
    case automatic
    case points(Double)
}

/// One row's (item's) own cell, as a skeleton data source answers it per index path: its template
/// (`cellIdentifierForRowAt` per row) and its root's `isSkeletonable` (`prepareCellForSkeleton`); nil members keep
/// the section's.
package struct RowCell: Sendable, Hashable {
    /// The template's name; nil: the section's `cell`.
    package var cell: String?
    /// The cell's own `isSkeletonable`; nil: the template's.
    package var isSkeletonable: Bool?
    package init(cell: String? = nil, isSkeletonable: Bool? = nil) {
        self.cell = cell
        self.isSkeletonable = isSkeletonable
    }
}

/// One table section: rows of one cell template, with optional header and footer templates.
package struct TableSection: Sendable, Hashable {
    /// Row count: fixed or automatic.
    package var rows: ItemCount
    /// The cell template's name.
    package var cell: String
    /// The header template's name, if any.
    package var header: String?
    /// The footer template's name, if any.
    package var footer: String?
    /// Row k's own cell (`cells`); rows past them use `cell`.
    package var rowCells: [RowCell?] = []
    package init(
        rows: ItemCount = .automatic, cell: String, header: String? = nil, footer: String? = nil,
        rowCells: [RowCell?] = []
    ) {
        self.rows = rows
        self.cell = cell
        self.header = header
        self.footer = footer
        self.rowCells = rowCells
    }
}

/// UITableView parameters.
package struct TableProperties: Sendable, Hashable {
    /// `rowHeight` (default automatic).
    package var rowHeight: RowHeight = .automatic
    /// `estimatedRowHeight` (default automatic).
    package var estimatedRowHeight: RowHeight = .automatic
    /// The sections, in order.
    package var sections: [TableSection] = []

    package init(
        rowHeight: RowHeight = .automatic, estimatedRowHeight: RowHeight = .automatic, sections: [TableSection] = []
    ) {
        self.rowHeight = rowHeight
        self.estimatedRowHeight = estimatedRowHeight
        self.sections = sections
    }

    /// The height every skeleton row gets: `rowHeight`, or `estimatedRowHeight` when it is automatic
    /// (automatic itself counting as -1, as in UIKit).
    package var skeletonRowHeight: Double {
        switch rowHeight {
        case .points(let h): return h
        case .automatic:
            if case .points(let e) = estimatedRowHeight { return e }
            return -1
        }
    }
}

/// A collection layout kind: only `flow` gets automatic item counts.
package enum CollectionLayoutKind: Sendable, Hashable {
    case flow
    case other(String)
}

/// `UICollectionView.ScrollDirection`.
package enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
    case vertical, horizontal
}

/// One collection section.
package struct CollectionSection: Sendable, Hashable {
    /// Item count: fixed or automatic.
    package var items: ItemCount
    /// The cell template's name.
    package var cell: String
    /// Supplementary element kind → template name.
    package var supplementary: [(kind: String, template: String)]
    /// Item k's own cell (`cells`); items past them use `cell`.
    package var rowCells: [RowCell?] = []

    package init(
        items: ItemCount = .automatic, cell: String, supplementary: [(kind: String, template: String)] = [],
        rowCells: [RowCell?] = []
    ) {
        self.items = items
        self.cell = cell
        self.supplementary = supplementary
        self.rowCells = rowCells
    }

    /// Member-wise equality (kinds and templates in order).
    package static func == (a: Self, b: Self) -> Bool {
        a.items == b.items && a.cell == b.cell && a.rowCells == b.rowCells
            && a.supplementary.elementsEqual(b.supplementary) { $0 == $1 }
    }

    /// Hashes all members.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(cell)
        hasher.combine(rowCells)
        for s in supplementary {
            hasher.combine(s.kind)
            hasher.combine(s.template)
        }
    }
}

/// UICollectionView parameters (flow layout defaults).
package struct CollectionProperties: Sendable, Hashable {
    /// The layout kind (default flow).
    package var layout: CollectionLayoutKind = .flow
    /// The flow layout's scroll direction (default vertical).
    package var scrollDirection: ScrollDirection = .vertical
    /// The flow layout's `itemSize` (default 50 × 50).
    package var itemSize: Size = Size(width: 50, height: 50)
    /// Minimum spacing between items in a line (default 10).
    package var minimumInteritemSpacing: Double = 10
    /// Spacing between lines (default 10).
    package var minimumLineSpacing: Double = 10
    /// Section insets (default zero).
    package var sectionInset: EdgeInsets = .zero
    /// The sections, in order.
    package var sections: [CollectionSection] = []
    package init() {}
}
