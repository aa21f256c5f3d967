/// Which elements under a view become nodes of their own: what `node(_:at:depth:)` recurses into, in one place, so
/// that `ViewBudget` counts exactly the views the mapper would map.
extension ViewMapper {
    /// A table's prototype cells.
    static func prototypes(of table: IBElement) -> [IBElement] {
        table.grandchildren(of: "prototypes").filter { $0.name == "tableViewCell" }
    }

    /// A table's static cells, section after section.
    static func staticCells(of table: IBElement) -> [IBElement] {
        table.grandchildren(of: "sections").flatMap { $0.grandchildren(of: "cells") }.filter {
            $0.name == "tableViewCell"
        }
    }

    /// A collection view's cells.
    static func collectionCells(of collection: IBElement) -> [IBElement] {
        collection.grandchildren(of: "cells").filter { $0.name == "collectionViewCell" }
    }

    /// The keys of a table's header and footer views.
    static let tableAccessoryKeys = ["tableHeaderView", "tableFooterView"]
    /// The keys of a collection view's section header and footer views, with the supplementary kind each is.
    static let collectionAccessoryKeys = [("sectionHeaderView", "header"), ("sectionFooterView", "footer")]

    /// A container view's embed segue, if it has one.
    static func embedSegue(of e: IBElement) -> IBElement? {
        guard e.name == "containerView" else { return nil }
        return e.grandchildren(of: "connections").first { $0.name == "segue" && $0["kind"] == "embed" }
    }

    /// Every element mapped as a node right under `e`: its child views, then its template bodies (cells, headers and
    /// footers). A container view's embedded scene is not among them (`embedSegue`).
    static func nestedViews(of e: IBElement) -> [IBElement] {
        let type = ElementTypes.nodeType(e.name)
        var views = childViews(of: e, type: type)
        if type == .tableView {
            views += prototypes(of: e) + staticCells(of: e) + tableAccessoryKeys.compactMap { e.child(key: $0) }
        }
        if type == .collectionView {
            views += collectionCells(of: e) + collectionAccessoryKeys.compactMap { e.child(key: $0.0) }
        }
        return views
    }
}
