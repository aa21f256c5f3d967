import JSON

/// A template reference and where it was written (for problems).
private struct TemplateUse {
    var name: String
    var path: [PathToken]
}

/// One table section as decoded, with where its templates and its row count were written.
private struct TableSectionUse {
    var section: TableSection
    var cell: TemplateUse
    var header: TemplateUse?
    var footer: TemplateUse?
    /// Where a problem with the row count goes.
    var countPath: [PathToken]
    /// The section object (the table's node for its default section).
    var base: [PathToken]
}

/// One collection section as decoded, with where its templates and its item count were written.
private struct CollectionSectionUse {
    var section: CollectionSection
    var cell: TemplateUse
    var supplementary: [TemplateUse]
    /// Where a problem with the item count goes.
    var countPath: [PathToken]
    /// The section object (the collection's node for its default section).
    var base: [PathToken]
}

extension DecodingRun {
    /// Decodes a table's or collection's own fields and instantiates its templates into `node.children`.
    /// Returns the height, node count and skeleton lines the instances add to what the node had `before`.
    mutating func decodeCollection(
        _ r: inout MemberReader, into node: inout Node, depth: Int, before: InstanceTally
    ) -> InstanceTally {
        let scopeDepth = templateScopes.count
        var templateNames: [String] = []
        if let t = r(.list.templates) {
            if t.kind == .object {
                let members = t.members
                templateNames = members.map(\.key)
                var sources: [String: JSONValue] = [:]
                for (k, v) in members { sources[k] = v }
                templateScopes.append(
                    TemplateScope(basePath: collector.path + [.key(.list.templates)], sources: sources))
            } else {
                collector.report(
                    .invalidValue, "must be an object of named templates, not \(t.kind)", at: [.key(.list.templates)])
            }
        }
        let added =
            node.type == .tableView
            ? decodeTable(&r, into: &node, depth: depth, before: before)
            : decodeCollectionView(&r, into: &node, depth: depth, before: before)
        if templateScopes.count > scopeDepth {
            // Templates no section used are still checked.
            for name in templateNames where templateScopes[scopeDepth].decoded[name] == nil {
                _ = templateBody(named: name, usedAt: collector.path + [.key(.list.templates), .key(name)])
            }
            templateScopes.removeLast(templateScopes.count - scopeDepth)
        }
        return added
    }

    /// Warns that a table or collection names no cell template, so it gets no skeleton rows or items.
    private mutating func reportMissingCell(_ what: String) {
        collector.report(
            .missingCellTemplate,
            "no cell template: without a \"cell\" (or sections naming one) the skeleton has no \(what), "
                + "as a SkeletonView data source without cellIdentifierForRowAt",
            at: [.key(.view.type)], severity: .warning)
    }

    // MARK: Tables

    private mutating func decodeTable(
        _ r: inout MemberReader, into node: inout Node, depth: Int, before: InstanceTally
    ) -> InstanceTally {
        var props = TableProperties()
        if let h = read(&r, .list.rowHeight, ValueParsers.rowHeight) { props.rowHeight = h }
        if let h = read(&r, .list.estimatedRowHeight, ValueParsers.rowHeight) { props.estimatedRowHeight = h }
        let defaultCell = read(&r, .list.cell, ValueParsers.string)
        var uses: [TableSectionUse] = []
        if let sections = r(.list.sections) {
            guard sections.kind == .array, checkSectionCount(sections.count) else {
                if sections.kind != .array {
                    collector.report(.invalidValue, "must be an array of sections", at: [.key(.list.sections)])
                }
                node.table = props
                return InstanceTally()
            }
            for i in 0..<sections.count {
                guard let s = sections[i] else { continue }
                let base = collector.path + [.key(.list.sections), .index(i)]
                collector.path = base
                if let decoded = decodeTableSection(s, defaultCell: defaultCell, base: base) { uses.append(decoded) }
                collector.path.removeLast(2)
            }
        } else if let defaultCell {
            let use = TemplateUse(name: defaultCell, path: collector.path + [.key(.list.cell)])
            uses.append(
                TableSectionUse(
                    section: TableSection(rows: .automatic, cell: defaultCell), cell: use, countPath: use.path,
                    base: collector.path))
        }
        props.sections = uses.map(\.section)
        node.table = props
        if defaultCell == nil, r.object[.list.sections]?.isNull ?? true { reportMissingCell("rows") }

        let rowHeight = props.skeletonRowHeight
        let needsRows = props.sections.contains { if case .fixed(0) = $0.rows { false } else { true } }
        let field =
            if case .automatic = props.rowHeight { DocumentProperty.list.estimatedRowHeight } else {
                DocumentProperty.list.rowHeight
            }
        if needsRows, !(rowHeight > 0) {
            collector.report(
                .invalidRowHeight,
                "the skeleton row height is \(rowHeight == -1 ? "automatic" : String(rowHeight)); it must be positive "
                    + "(with rowHeight \"automatic\", set estimatedRowHeight)",
                at: [.key(field)])
            return InstanceTally()
        }
        if needsRows, !checkSize(rowHeight, "the skeleton row height", at: [.key(field)]) { return InstanceTally() }
        let width = node.frame.width
        let tableRef = node.reference
        var y = 0.0
        var added = InstanceTally()
        var instances: [Node] = []
        for (s, use) in uses.enumerated() {
            if let header = use.header {
                if let body = templateBody(named: header.name, usedAt: header.path) {
                    let frame = Rect(x: 0, y: y, width: width, height: body.node.frame.height)
                    let info = InstanceInfo(template: header.name, role: .header(section: s))
                    if admit(
                        body, copies: 1, size: frame.size, depth: depth, before: before, into: &added, at: header.path)
                    {
                        instances.append(
                            Self.instance(of: body.node, prefix: "\(tableRef)[\(s),header]", frame: frame, info: info))
                    }
                    y += frame.height
                }
            }
            let rows: Int
            switch use.section.rows {
            case .fixed(let n): rows = n
            case .automatic: rows = props.automaticRowCount(frameHeight: node.frame.height) ?? 0
            }
            let top = y
            if let cells = sectionCells(
                (s, use.cell.name, use.section.rowCells), count: rows,
                paths: SectionPaths(base: use.base, cell: use.cell.path, count: use.countPath),
                size: Size(width: width, height: rowHeight), depth: depth, before: before, into: &added,
                prefix: tableRef,
                frame: { row in Rect(x: 0, y: top + Double(row) * rowHeight, width: width, height: rowHeight) })
            {
                instances += cells
                y += Double(rows) * rowHeight
            }
            if let footer = use.footer, let body = templateBody(named: footer.name, usedAt: footer.path) {
                let frame = Rect(x: 0, y: y, width: width, height: body.node.frame.height)
                let info = InstanceInfo(template: footer.name, role: .footer(section: s))
                if admit(body, copies: 1, size: frame.size, depth: depth, before: before, into: &added, at: footer.path)
                {
                    instances.append(
                        Self.instance(of: body.node, prefix: "\(tableRef)[\(s),footer]", frame: frame, info: info))
                }
                y += frame.height
            }
        }
        node.children.append(contentsOf: instances)
        return added
    }

    private mutating func decodeTableSection(_ s: JSONValue, defaultCell: String?, base: [PathToken])
        -> TableSectionUse?
    {
        guard s.kind == .object else {
            collector.report(.invalidValue, "a section must be an object, not \(s.kind)")
            return nil
        }
        var r = MemberReader(s)
        let rows = read(&r, .section.rows, ValueParsers.itemCount) ?? .automatic
        let cell = read(&r, .section.cell, ValueParsers.string)
        let rowCells = readRowCells(&r)
        let header = read(&r, .section.header, ValueParsers.string)
        let footer = read(&r, .section.footer, ValueParsers.string)
        reportUnknown(r, known: DocumentDecoder.tableSectionFieldNames, what: "for a table section")
        guard let cellName = cell ?? defaultCell else {
            collector.report(
                .missingField, "a section needs a \"cell\" template (or the table a default \"cell\")",
                at: [.key(.section.cell)])
            return nil
        }
        let cellPath = cell != nil ? base + [.key(.section.cell)] : Array(base.dropLast(2)) + [.key(.list.cell)]
        return TableSectionUse(
            section: TableSection(rows: rows, cell: cellName, header: header, footer: footer, rowCells: rowCells),
            cell: TemplateUse(name: cellName, path: cellPath),
            header: header.map { TemplateUse(name: $0, path: base + [.key(.section.header)]) },
            footer: footer.map { TemplateUse(name: $0, path: base + [.key(.section.footer)]) },
            countPath: Self.countPath(rows, member: base + [.key(.section.rows)], automatic: cellPath), base: base)
    }

    // MARK: Collections

    private mutating func decodeCollectionView(
        _ r: inout MemberReader, into node: inout Node, depth: Int, before: InstanceTally
    ) -> InstanceTally {
        var p = CollectionProperties()
        if let l = read(&r, .list.layout, ValueParsers.string) {
            p.layout = l == PropertyValue.flow ? .flow : .other(l)
        }
        if let d = read(
            &r, .list.scrollDirection,
            { v throws(ValueFailure) in try ValueParsers.enumeration(v, ScrollDirection.self) })
        {
            p.scrollDirection = d
        }
        var sizesFit = true
        if let s = read(&r, .list.itemSize, ValueParsers.size) {
            p.itemSize = s
            sizesFit = checkSize(s.width, "an item width", at: [.key(.list.itemSize), .index(0)])
            sizesFit = checkSize(s.height, "an item height", at: [.key(.list.itemSize), .index(1)]) && sizesFit
        }
        if let d = read(&r, .list.minimumInteritemSpacing, ValueParsers.nonNegative) { p.minimumInteritemSpacing = d }
        if let d = read(&r, .list.minimumLineSpacing, ValueParsers.nonNegative) { p.minimumLineSpacing = d }
        if let i = read(&r, .list.sectionInset, ValueParsers.insets) { p.sectionInset = i }
        let defaultCell = read(&r, .list.cell, ValueParsers.string)
        var uses: [CollectionSectionUse] = []
        if let sections = r(.list.sections) {
            if sections.kind == .array, checkSectionCount(sections.count) {
                for i in 0..<sections.count {
                    guard let s = sections[i] else { continue }
                    let base = collector.path + [.key(.list.sections), .index(i)]
                    collector.path = base
                    if let d = decodeCollectionSection(s, defaultCell: defaultCell, base: base) { uses.append(d) }
                    collector.path.removeLast(2)
                }
            } else if sections.kind != .array {
                collector.report(.invalidValue, "must be an array of sections", at: [.key(.list.sections)])
            }
        } else if let defaultCell {
            let cell = TemplateUse(name: defaultCell, path: collector.path + [.key(.list.cell)])
            uses.append(
                CollectionSectionUse(
                    section: CollectionSection(cell: defaultCell), cell: cell, supplementary: [], countPath: cell.path,
                    base: collector.path))
        }
        p.sections = uses.map(\.section)
        node.collection = p
        if defaultCell == nil, r.object[.list.sections]?.isNull ?? true { reportMissingCell("items") }
        guard sizesFit else { return InstanceTally() }

        let bounds = node.frame.size
        let vertical = p.scrollDirection == .vertical
        let ref = node.reference
        var offset = 0.0
        var added = InstanceTally()
        var instances: [Node] = []
        for (s, use) in uses.enumerated() {
            // Headers first, then items, then footers; other kinds sit where their template's frame says.
            for (k, kind) in use.section.supplementary.enumerated() where FlowLayout.isHeader(kind.kind) {
                if let body = templateBody(named: kind.template, usedAt: use.supplementary[k].path) {
                    let extent = vertical ? body.node.frame.height : body.node.frame.width
                    let frame =
                        vertical
                        ? Rect(x: 0, y: offset, width: bounds.width, height: extent)
                        : Rect(x: offset, y: 0, width: extent, height: bounds.height)
                    if admit(
                        body, copies: 1, size: frame.size, depth: depth, before: before, into: &added,
                        at: use.supplementary[k].path)
                    {
                        let info = InstanceInfo(
                            template: kind.template, role: .supplementary(section: s, kind: kind.kind))
                        instances.append(
                            Self.instance(of: body.node, prefix: "\(ref)[\(s),\(kind.kind)]", frame: frame, info: info))
                    }
                    offset += extent
                }
            }
            var items: Int
            switch use.section.items {
            case .fixed(let n): items = n
            case .automatic:
                guard let n = p.automaticItemCount(frame: bounds) else {
                    collector.report(
                        .invalidValue, "automatic item counts need a positive item \(vertical ? "height" : "width")",
                        at: [.key(.list.itemSize)])
                    items = 0
                    break
                }
                items = n
            }
            let placement = FlowLayout.placement(in: bounds, properties: p, startingAt: offset)
            instances +=
                sectionCells(
                    (s, use.cell.name, use.section.rowCells), count: items,
                    paths: SectionPaths(base: use.base, cell: use.cell.path, count: use.countPath),
                    size: placement.frame(at: 0).size, depth: depth, before: before, into: &added, prefix: ref,
                    frame: placement.frame(at:)) ?? []
            offset = placement.end(count: items)
            for (k, kind) in use.section.supplementary.enumerated() where !FlowLayout.isHeader(kind.kind) {
                guard let body = templateBody(named: kind.template, usedAt: use.supplementary[k].path) else { continue }
                var frame = body.node.frame
                if FlowLayout.isFooter(kind.kind) {
                    let extent = vertical ? frame.height : frame.width
                    frame =
                        vertical
                        ? Rect(x: 0, y: offset, width: bounds.width, height: extent)
                        : Rect(x: offset, y: 0, width: extent, height: bounds.height)
                    offset += extent
                }
                if admit(
                    body, copies: 1, size: frame.size, depth: depth, before: before, into: &added,
                    at: use.supplementary[k].path)
                {
                    let info = InstanceInfo(template: kind.template, role: .supplementary(section: s, kind: kind.kind))
                    instances.append(
                        Self.instance(of: body.node, prefix: "\(ref)[\(s),\(kind.kind)]", frame: frame, info: info))
                }
            }
        }
        node.children.append(contentsOf: instances)
        return added
    }

    private mutating func decodeCollectionSection(_ s: JSONValue, defaultCell: String?, base: [PathToken])
        -> CollectionSectionUse?
    {
        guard s.kind == .object else {
            collector.report(.invalidValue, "a section must be an object, not \(s.kind)")
            return nil
        }
        var r = MemberReader(s)
        let items = read(&r, .section.items, ValueParsers.itemCount) ?? .automatic
        let cell = read(&r, .section.cell, ValueParsers.string)
        let rowCells = readRowCells(&r)
        var supplementary: [(kind: String, template: String)] = []
        var uses: [TemplateUse] = []
        if let sup = r(.section.supplementary) {
            if sup.kind == .object {
                for (kind, v) in sup.members {
                    guard let name = v.string else {
                        collector.report(
                            .invalidValue, "must be a template name", at: [.key(.section.supplementary), .key(kind)])
                        continue
                    }
                    if kind.isEmpty || kind.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                        collector.report(
                            .invalidValue, "a supplementary kind must not be empty or a number",
                            at: [.key(.section.supplementary), .key(kind)])
                        continue
                    }
                    supplementary.append((kind, name))
                    uses.append(TemplateUse(name: name, path: base + [.key(.section.supplementary), .key(kind)]))
                }
            } else {
                collector.report(
                    .invalidValue, "must be an object {kind: template}", at: [.key(.section.supplementary)])
            }
        }
        reportUnknown(r, known: DocumentDecoder.collectionSectionFieldNames, what: "for a collection section")
        guard let cellName = cell ?? defaultCell else {
            collector.report(
                .missingField, "a section needs a \"cell\" template (or the collection a default \"cell\")",
                at: [.key(.section.cell)])
            return nil
        }
        let cellPath = cell != nil ? base + [.key(.section.cell)] : Array(base.dropLast(2)) + [.key(.list.cell)]
        return CollectionSectionUse(
            section: CollectionSection(items: items, cell: cellName, supplementary: supplementary, rowCells: rowCells),
            cell: TemplateUse(name: cellName, path: cellPath), supplementary: uses,
            countPath: Self.countPath(items, member: base + [.key(.section.items)], automatic: cellPath), base: base)
    }

    /// Where a problem with a section's instance count goes: the count member when it is written as a number,
    /// else the cell template's use (an automatic count comes from the sizes).
    private static func countPath(_ count: ItemCount, member: [PathToken], automatic: [PathToken]) -> [PathToken] {
        if case .fixed = count { return member }
        return automatic
    }
}
