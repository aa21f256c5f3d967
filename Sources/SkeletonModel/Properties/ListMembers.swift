/// The members of tables and collections: their cells' templates and sections, tables' row heights and
/// collections' flow layout.
package struct ListMembers: PropertyFamily {
    package let rowHeight = DocumentProperty(
        "rowHeight", .node, types: [.tableView], value: .rowHeight, default: .value(.string(PropertyValue.automatic)),
        skeletonView: "rowHeight", swift: ["rowHeight"], meaning: "every skeleton row's height, or `automatic`")
    package let estimatedRowHeight = DocumentProperty(
        "estimatedRowHeight", .node, types: [.tableView], value: .rowHeight,
        default: .value(.string(PropertyValue.automatic)), skeletonView: "estimatedRowHeight",
        swift: ["estimatedRowHeight"], meaning: "the skeleton row height when `rowHeight` is automatic")
    package let cell = DocumentProperty(
        "cell", .node, types: NodeTypes.lists, value: .templateName, skeletonView: "cellIdentifierForRowAt",
        meaning: "the template of the cells (a name in `templates`, here or in an enclosing table)")
    package let sections = DocumentProperty(
        "sections", .node, types: NodeTypes.lists, value: .sections,
        default: .described("one automatic section with `cell`"), skeletonView: "numSections",
        meaning: "the data source's sections (rows or items, and their templates); at most 1,000")
    package let templates = DocumentProperty(
        "templates", .node, types: NodeTypes.lists, value: .templates, default: .value([:]),
        skeletonView: "reuse identifiers", meaning: "`{name: node}`: cell, header, footer and supplementary subtrees")
    package let layout = DocumentProperty(
        "layout", .node, types: [.collectionView], value: .layoutName, default: .value(.string(PropertyValue.flow)),
        skeletonView: "collectionViewLayout", meaning: "`flow`, or any other layout (automatic counts give no items)")
    package let scrollDirection = DocumentProperty(
        "scrollDirection", .node, types: [.collectionView], value: .keyword(ScrollDirection.allCases.map(\.rawValue)),
        default: .value(.string(ScrollDirection.vertical.rawValue)),
        skeletonView: "UICollectionViewFlowLayout.scrollDirection", meaning: "the flow layout's scroll direction")
    package let itemSize = DocumentProperty(
        "itemSize", .node, types: [.collectionView], value: .size, default: .value([50, 50]),
        skeletonView: "UICollectionViewFlowLayout.itemSize", meaning: "the flow layout's item size")
    package let minimumInteritemSpacing = DocumentProperty(
        "minimumInteritemSpacing", .node, types: [.collectionView], value: .number(minimum: 0), default: .value(10),
        skeletonView: "UICollectionViewFlowLayout.minimumInteritemSpacing",
        meaning: "least space between items of a line")
    package let minimumLineSpacing = DocumentProperty(
        "minimumLineSpacing", .node, types: [.collectionView], value: .number(minimum: 0), default: .value(10),
        skeletonView: "UICollectionViewFlowLayout.minimumLineSpacing", meaning: "space between lines of items")
    package let sectionInset = DocumentProperty(
        "sectionInset", .node, types: [.collectionView], value: .insets, default: .described("zero"),
        skeletonView: "UICollectionViewFlowLayout.sectionInset", meaning: "insets of each section's items")
}

/// The members of a table's or collection's sections, and of their per-row cells.
package struct SectionMembers: PropertyFamily {
    package let rows = DocumentProperty(
        "rows", .section, types: [.tableView], value: .itemCount, default: .value(.string(PropertyValue.automatic)),
        skeletonView: "numberOfRowsInSection",
        meaning: "rows in a table section: a number or `automatic` (as many as fill the table)")
    package let items = DocumentProperty(
        "items", .section, types: [.collectionView], value: .itemCount,
        default: .value(.string(PropertyValue.automatic)), skeletonView: "numberOfItemsInSection",
        meaning: "items in a collection section: a number or `automatic`")
    package let cell = DocumentProperty(
        "cell", .section, types: NodeTypes.lists, value: .templateName,
        default: .described("the table's or collection's `cell`"), skeletonView: "cellIdentifierForRowAt",
        meaning: "the template of the section's cells")
    package let cells = DocumentProperty(
        "cells", .section, types: NodeTypes.lists, value: .rowCells, default: .described("the section's `cell`"),
        skeletonView: "skeletonCellForRowAt",
        meaning:
            "row (item) k's own cell: `null` (the section's) or `{\"cell\"?: name, \"isSkeletonable\"?: bool}`; rows "
            + "past them take the section's cell")
    package let header = DocumentProperty(
        "header", .section, types: [.tableView], value: .templateName, skeletonView: "identifierForHeaderInSection",
        meaning: "the template of a section's header")
    package let footer = DocumentProperty(
        "footer", .section, types: [.tableView], value: .templateName, skeletonView: "identifierForFooterInSection",
        meaning: "the template of a section's footer")
    package let supplementary = DocumentProperty(
        "supplementary", .section, types: [.collectionView], value: .supplementary,
        skeletonView: "supplementaryViewIdentifierOfKind",
        meaning: "a collection section's supplementary views: `{kind: template}`")
    package let rowCell = DocumentProperty(
        "cell", .rowCell, value: .templateName, default: .described("the section's `cell`"),
        skeletonView: "cellIdentifierForRowAt", meaning: "the template of this row's (item's) cell")
    package let rowIsSkeletonable = DocumentProperty(
        "isSkeletonable", .rowCell, value: .boolean, default: .described("the template root's"),
        skeletonView: "prepareCellForSkeleton", meaning: "whether this row's cell is skeletonable")
}
