import InterfaceBuilder
import JSON
import SkeletonModel
import SwiftCode

/// Tables and collections: the data source's answers as sections and templates, the flow layout delegate's as
/// the collection's layout.
extension SceneOverlay {
    /// The largest item size, spacing or inset taken from code, in points (a canvas side at most).
    static let maxLength = 16_384.0

    /// `sizeForItemAt`, `minimumLineSpacingForSectionAt`, `minimumInteritemSpacingForSectionAt` and
    /// `insetForSectionAt` as the collection's `itemSize`, spacings and `sectionInset`.
    mutating func applyFlowLayout(_ facts: ClassFacts, to listID: String, at binding: IBClassBinding) {
        let answers = facts.flowLayout
        if let size = answers.itemSize {
            let width = size.width.evaluate { self.size($0, $1, at: binding) }
            let height = size.height.evaluate { self.size($0, $1, at: binding) }
            if let width, let height, Self.isItemSide(width), Self.isItemSide(height) {
                members[listID, default: [:]][.list.itemSize] = [Self.number(width), Self.number(height)]
            } else if let range = answers.itemSizeRange {
                let why =
                    width == nil || height == nil
                    ? "depends on a view whose size the scene does not give"
                    : "is not an item size (each side 0, or 0.5 to 16384 points)"
                hints.append(
                    CodeHint(
                        kind: .notStatic, message: "the item size \(why); the flow layout's itemSize is kept",
                        range: range, file: facts.file))
            }
        }
        let lengths: [(DocumentProperty, Double?)] = [
            (.list.minimumLineSpacing, answers.minimumLineSpacing),
            (.list.minimumInteritemSpacing, answers.minimumInteritemSpacing),
        ]
        for (property, value) in lengths {
            if let value, value >= 0, value <= Self.maxLength {
                members[listID, default: [:]][property] = Self.number(value)
            }
        }
        if let inset = answers.sectionInset, inset.count == 4, inset.allSatisfy({ $0 >= 0 && $0 <= Self.maxLength }) {
            members[listID, default: [:]][.list.sectionInset] = .array(inset.map(Self.number))
        }
    }

    /// A side the document format takes for an item: 0, or from 0.5 to a canvas side.
    private static func isItemSide(_ value: Double) -> Bool {
        value == 0 || (value >= 0.5 && value <= maxLength)
    }

    /// Sections from the data source's answers; the view registered for each answered identifier becomes its
    /// template: the XIB of a nib registration (found among the app's, with its class's code applied), else a cell
    /// class registered in code (a plain cell when its code is not open, with the subviews its code places). Cells
    /// answered per index path (an identifier by row or section, `prepareCellForSkeleton`, `skeletonCellFor…`)
    /// are the sections' `cells`.
    mutating func applyDataSource(_ facts: ClassFacts, to listID: String, isTable: Bool, at binding: IBClassBinding) {
        let answers = facts.dataSource
        guard let cell = answers.skeletonCellIdentifier ?? answers.cellIdentifier else { return }
        var section = JSONObject()
        section[.section.cell] = .string(cell)
        let count = isTable ? answers.numberOfRows : answers.numberOfItems
        let key: DocumentProperty = isTable ? .section.rows : .section.items
        let automatic = JSON.string(PropertyValue.automatic)
        section[key] = count.map { $0 < 0 ? automatic : .int($0) } ?? automatic
        var templates = JSONObject()
        if isTable {
            for identifier in [answers.headerIdentifier, answers.footerIdentifier].compactMap({ $0 }) {
                if let view = nibTemplate(identifier, of: facts, elements: ["tableViewHeaderFooterView", "view"]) {
                    templates[identifier] = view
                }
            }
            if let h = answers.headerIdentifier { section[.section.header] = .string(h) }
            if let f = answers.footerIdentifier { section[.section.footer] = .string(f) }
        }
        let sectionCount = max(0, min(answers.numberOfSections ?? 1, 1_001))
        let byIndex = answers.skeletonCellIdentifier == nil ? answers.cellIdentifiers : nil
        var identifiers = [cell]
        for value in (byIndex?.byIndex.values.compactMap { $0 } ?? []).sorted() where !identifiers.contains(value) {
            identifiers.append(value)
        }
        members[listID, default: [:]][.list.sections] = .array(
            (0..<sectionCount).map { k in
                var numbered = section
                if k < answers.countsBySection.count { numbered[key] = .int(answers.countsBySection[k]) }
                let rows: Int? = if case .int(let n)? = numbered[key] { n } else { nil }
                if let own = byIndex?.value(section: k, row: Int.max), byIndex?.axis == .section {
                    numbered[.section.cell] = .string(own)
                }
                let cells = rowCells(section: k, rows: rows, answers: answers, listID: listID, isTable: isTable)
                if !cells.isEmpty { numbered[.section.cells] = .array(cells) }
                return .object(numbered)
            })
        defer { if !templates.pairs.isEmpty { members[listID, default: [:]][.list.templates] = .object(templates) } }
        for identifier in identifiers {
            cellTemplate(identifier, of: facts, listID: listID, isTable: isTable, into: &templates)
        }
    }

    /// The most rows (items) of a section given cells of their own: rows after them take the section's cell.
    static let maxRowCells = 1_000

    /// Section `section`'s per-row cells: each row's identifier when the answer is by row, and its
    /// `isSkeletonable` as `prepareCellForSkeleton`/`skeletonCellFor…` give it; empty when every row is the
    /// section's. An answer for every other row covers the rows the section has (its fixed count, else the
    /// automatic count from the list's size and its cells' size), at most `maxRowCells`.
    private func rowCells(section: Int, rows: Int?, answers: DataSourceAnswers, listID: String, isTable: Bool)
        -> [JSON]
    {
        let identifiers = answers.skeletonCellIdentifier == nil ? answers.cellIdentifiers : nil
        let skeletonable = answers.cellSkeletonable
        var covered = 0
        for answer in [
            identifiers?.axis == .row ? identifiers?.byIndex.keys.max() : nil,
            skeletonable?.axis == .row ? skeletonable?.byIndex.keys.max() : nil,
        ] {
            if let last = answer { covered = max(covered, last + 1) }
        }
        if skeletonable.map({ $0.others != nil || ($0.axis == .section && !$0.byIndex.isEmpty) }) ?? false {
            covered = max(covered, rows ?? automaticCount(listID, isTable: isTable))
        }
        var cells: [JSON] = []
        for row in 0..<max(0, min(covered, Self.maxRowCells)) {
            var entry = JSONObject()
            if identifiers?.axis == .row, let own = identifiers?.value(section: section, row: row) {
                entry[.section.rowCell] = .string(own)
            }
            if let own = skeletonable?.value(section: section, row: row) {
                entry[.section.rowIsSkeletonable] = .bool(own)
            }
            cells.append(entry.pairs.isEmpty ? .null : .object(entry))
        }
        return cells.contains { $0 != .null } ? cells : []
    }

    /// The automatic row (item) count SkeletonView gives the list: its height (width, for a horizontal
    /// collection) over its cells' (rounded up); 0 when not known.
    private func automaticCount(_ listID: String, isTable: Bool) -> Int {
        guard let frame = nodes[listID]?.frame else { return 0 }
        let cell = cellSize(listID, isTable: isTable)
        let horizontal = !isTable && nodes[listID]?.collection?.scrollDirection == .horizontal
        let (extent, side) = horizontal ? (frame.width, cell.width) : (frame.height, cell.height)
        guard side >= 0.5, extent > 0 else { return 0 }
        return Int(min((extent / side).rounded(.up), Double(Self.maxRowCells)))
    }

    /// Adds the template for cell identifier `cell` to `templates`: the XIB registered for it, else a cell class
    /// registered in code; nothing for a prototype of the file (a hint when the scene has none by that name).
    private mutating func cellTemplate(
        _ cell: String, of facts: ClassFacts, listID: String, isTable: Bool, into templates: inout JSONObject
    ) {
        let cellElement = isTable ? "tableViewCell" : "collectionViewCell"
        if let fromNib = nibTemplate(
            cell, of: facts, elements: [cellElement], rowHeight: isTable ? codeRowHeight(listID) : nil)
        {
            templates[cell] = fromNib
            if isTable, !hasRowHeight(listID), case .array(let frame)? = fromNib[.view.frame], frame.count == 4,
                let height = frame[3].number, height > 0
            {
                // Automatic heights: the cell as its XIB sizes it (UIKit's self-sizing, not known statically).
                members[listID, default: [:]][.list.estimatedRowHeight] = Self.number(height)
            }
            return
        }
        if facts.registeredCells[cell] == nil, let nib = facts.registeredNibs[cell] {
            // A nib the app's files do not hold: its cells are plain cells, as a cell class whose code is not open.
            templates[cell] = .object(plainCell(listID, isTable: isTable))
            if let range = facts.registrationRanges[cell] {
                hints.append(
                    CodeHint(
                        kind: .assumed,
                        message:
                            "the nib \"\(nib)\" is not among the app's files: its cells (\"\(cell)\") are drawn as plain cells; open \(nib).xib (or give it with --code) to use it",
                        range: range, file: facts.file))
            }
            return
        }
        guard let className = facts.registeredCells[cell] else {
            if let range = facts.cellIdentifierRange {
                unverified[listID] = CodeHint(
                    kind: .assumed,
                    message:
                        "the skeleton data source answers the cell identifier \"\(cell)\", which no prototype cell of the scene and no `register(_:forCellWithReuseIdentifier:)` in open code has; the list keeps the file's cells",
                    range: range, file: facts.file)
            }
            return
        }
        let size = cellSize(listID, isTable: isTable)
        var template = plainCell(listID, isTable: isTable)
        if let cellFacts = classes[className] {
            for (property, value) in (cellFacts.finalProperties[.root] ?? [:]).sorted(by: {
                $0.key.rawValue < $1.key.rawValue
            }) {
                template[property.documentProperty] = Self.json(value)
            }
            let children = codeBuiltSubviews(of: cellFacts, width: size.width, height: size.height)
            if !children.isEmpty { template[.view.children] = .array(children) }
        } else if let range = facts.registrationRanges[cell] {
            hints.append(
                CodeHint(
                    kind: .assumed,
                    message:
                        "\(className) is not in an open Swift file: its cells (\"\(cell)\") are drawn as plain cells; open its file to apply its code",
                    range: range, file: facts.file))
        }
        templates[cell] = .object(template)
    }

    /// The view of the XIB registered for `identifier` (found by its nib name among the app's), with the code of
    /// its classes applied (their outlets' properties); nil when no nib is registered or the app has none by
    /// that name. A table's cell is laid out at `rowHeight` when code gives the table one.
    mutating func nibTemplate(_ identifier: String, of facts: ClassFacts, elements: [String], rowHeight: Double? = nil)
        -> JSON?
    {
        guard let name = facts.registeredNibs[identifier] else { return nil }
        nibs.insert(name)
        guard let file = nib(name), let scene = file.nibScene(elements: elements) else { return nil }
        var inner = SceneOverlay(classes: classes, scene: nil, nib: nib)
        for binding in file.classBindings(scene: scene) {
            if let code = classes[binding.className] { inner.apply(code, to: binding) }
        }
        if let rowHeight { inner.merge(file.nibCellFrames(scene: scene, rowHeight: rowHeight)) }
        hints += inner.hints
        return file.nibView(scene: scene, overlay: inner.members)
    }

    /// A cell of the list's cell size with nothing in it.
    private func plainCell(_ listID: String, isTable: Bool) -> JSONObject {
        let size = cellSize(listID, isTable: isTable)
        var cell = JSONObject()
        cell[.view.type] = .string(isTable ? NodeType.tableViewCell.rawValue : NodeType.collectionViewCell.rawValue)
        cell[.view.frame] = [0, 0, Self.number(size.width), Self.number(size.height)]
        return cell
    }

    /// Whether the table has a row height in points, from code or from the file.
    private func hasRowHeight(_ listID: String) -> Bool {
        let added = members[listID] ?? [:]
        for key: DocumentProperty in [.list.rowHeight, .list.estimatedRowHeight] where added[key]?.number != nil {
            return true
        }
        switch (nodes[listID]?.table?.rowHeight, nodes[listID]?.table?.estimatedRowHeight) {
        case (.points?, _), (_, .points?): return true
        default: return false
        }
    }

    /// The size a cell of the list gets: the collection's item size (code's, else the file's); the table's width
    /// by its row height (code's, else the file's, else the estimated one, else UIKit's 44).
    private func cellSize(_ listID: String, isTable: Bool) -> (width: Double, height: Double) {
        let node = nodes[listID]
        let added = members[listID] ?? [:]
        if isTable {
            let width = node?.frame.width ?? 0
            if case .int(let h)? = added[.list.rowHeight] { return (width, Double(h)) }
            if case .double(let h)? = added[.list.rowHeight] { return (width, h) }
            switch (node?.table?.rowHeight, node?.table?.estimatedRowHeight) {
            case (.points(let h)?, _), (_, .points(let h)?): return (width, h)
            default: return (width, 44)
            }
        }
        if case .array(let sides)? = added[.list.itemSize], sides.count == 2, let w = sides[0].number,
            let h = sides[1].number
        {
            return (w, h)
        }
        let size = node?.collection?.itemSize
        return (size?.width ?? 50, size?.height ?? 50)
    }
}

extension JSON {
    /// A number's value.
    fileprivate var number: Double? {
        switch self {
        case .int(let n): Double(n)
        case .double(let d): d
        default: nil
        }
    }
}
