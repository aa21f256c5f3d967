/// A row or item count: a number, or SkeletonView's automatic count (-1).
public enum ItemCount: Sendable, Hashable {
    case automatic
    case fixed(Int)
}

/// A table row height: a number, or `UITableView.automaticDimension`.
public enum RowHeight: Sendable, Hashable {
    case automatic
    case points(Double)
}

/// One table section: rows of one cell template, with optional header and footer templates.
public struct TableSection: Sendable, Hashable {
    public var rows: ItemCount
    public var cell: String
    public var header: String?
    public var footer: String?
    public init(rows: ItemCount = .automatic, cell: String, header: String? = nil, footer: String? = nil) {
        self.rows = rows; self.cell = cell; self.header = header; self.footer = footer
    }
}

/// UITableView parameters.
public struct TableProperties: Sendable, Hashable {
    public var rowHeight: RowHeight = .automatic
    public var estimatedRowHeight: RowHeight = .automatic
    public var sections: [TableSection] = []

    public init(rowHeight: RowHeight = .automatic, estimatedRowHeight: RowHeight = .automatic, sections: [TableSection] = []) {
        self.rowHeight = rowHeight; self.estimatedRowHeight = estimatedRowHeight; self.sections = sections
    }

    /// The height every skeleton row gets: `rowHeight`, or `estimatedRowHeight` when it is automatic
    /// (automatic itself counting as -1, as in UIKit).
    public var skeletonRowHeight: Double {
        switch rowHeight {
        case .points(let h): return h
        case .automatic:
            if case .points(let e) = estimatedRowHeight { return e }
            return -1
        }
    }
}

/// A collection layout kind: only `flow` gets automatic item counts.
public enum CollectionLayoutKind: Sendable, Hashable {
    case flow
    case other(String)
}

/// `UICollectionView.ScrollDirection`.
public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
    case vertical, horizontal
}

/// One collection section.
public struct CollectionSection: Sendable, Hashable {
    public var items: ItemCount
    public var cell: String
    /// Supplementary element kind → template name.
    public var supplementary: [(kind: String, template: String)]

    public init(items: ItemCount = .automatic, cell: String, supplementary: [(kind: String, template: String)] = []) {
        self.items = items; self.cell = cell; self.supplementary = supplementary
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.items == b.items && a.cell == b.cell && a.supplementary.elementsEqual(b.supplementary) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items); hasher.combine(cell)
        for s in supplementary { hasher.combine(s.kind); hasher.combine(s.template) }
    }
}

/// UICollectionView parameters (flow layout defaults).
public struct CollectionProperties: Sendable, Hashable {
    public var layout: CollectionLayoutKind = .flow
    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize: Size = Size(width: 50, height: 50)
    public var minimumInteritemSpacing: Double = 10
    public var minimumLineSpacing: Double = 10
    public var sectionInset: EdgeInsets = .zero
    public var sections: [CollectionSection] = []
    public init() {}
}
