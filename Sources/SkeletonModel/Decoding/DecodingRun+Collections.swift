import JSON

/// A template reference and where it was written (for problems).
private struct TemplateUse {
    var name: String
    var path: [PathToken]
}

extension DecodingRun {
    /// Decodes a table's or collection's own fields and instantiates its templates into `node.children`.
    /// Returns the height and node count the instances add.
    mutating func decodeCollection(
        _ r: inout MemberReader, into node: inout Node, depth: Int, countSoFar: Int
    ) -> (height: Int, count: Int) {
        let scopeDepth = templateScopes.count
        var templateNames: [String] = []
        if let t = r("templates") {
            if t.kind == .object {
                let members = t.members
                templateNames = members.map(\.key)
                var sources: [String: JSONValue] = [:]
                for (k, v) in members { sources[k] = v }
                templateScopes.append(TemplateScope(basePath: collector.path + [.key("templates")], sources: sources))
            } else {
                collector.report(
                    .invalidValue, "must be an object of named templates, not \(t.kind)", at: [.key("templates")])
            }
        }
        var added = (height: 0, count: 0)
        if node.type == .tableView {
            added = decodeTable(&r, into: &node, depth: depth, countSoFar: countSoFar)
        } else {
            added = decodeCollectionView(&r, into: &node, depth: depth, countSoFar: countSoFar)
        }
        if templateScopes.count > scopeDepth {
            // Templates no section used are still checked.
            for name in templateNames where templateScopes[scopeDepth].decoded[name] == nil {
                _ = templateBody(named: name, usedAt: collector.path + [.key("templates"), .key(name)])
            }
            templateScopes.removeLast(templateScopes.count - scopeDepth)
        }
        return added
    }

    // MARK: Tables

    private mutating func decodeTable(
        _ r: inout MemberReader, into node: inout Node, depth: Int, countSoFar: Int
    ) -> (height: Int, count: Int) {
        var props = TableProperties()
        if let h = read(&r, "rowHeight", ValueParsers.rowHeight) { props.rowHeight = h }
        if let h = read(&r, "estimatedRowHeight", ValueParsers.rowHeight) { props.estimatedRowHeight = h }
        let defaultCell = read(&r, "cell", ValueParsers.string)
        var uses: [(section: TableSection, cell: TemplateUse, header: TemplateUse?, footer: TemplateUse?)] = []
        if let sections = r("sections") {
            guard sections.kind == .array else {
                collector.report(.invalidValue, "must be an array of sections", at: [.key("sections")])
                node.table = props
                return (0, 0)
            }
            for i in 0..<sections.count {
                guard let s = sections[i] else { continue }
                let base = collector.path + [.key("sections"), .index(i)]
                collector.path = base
                if let decoded = decodeTableSection(s, defaultCell: defaultCell, base: base) { uses.append(decoded) }
                collector.path.removeLast(2)
            }
        } else if let defaultCell {
            let use = TemplateUse(name: defaultCell, path: collector.path + [.key("cell")])
            uses.append((TableSection(rows: .automatic, cell: defaultCell), use, nil, nil))
        }
        props.sections = uses.map(\.section)
        node.table = props

        let rowHeight = props.skeletonRowHeight
        let needsRows = props.sections.contains { if case .fixed(0) = $0.rows { false } else { true } }
        if needsRows, !(rowHeight > 0) {
            let field = if case .automatic = props.rowHeight { "estimatedRowHeight" } else { "rowHeight" }
            collector.report(
                .invalidRowHeight,
                "the skeleton row height is \(rowHeight == -1 ? "automatic" : String(rowHeight)); it must be positive "
                    + "(with rowHeight \"automatic\", set estimatedRowHeight)",
                at: [.key(field)])
            return (0, 0)
        }
        let width = node.frame.width
        let tableRef = node.reference
        var y = 0.0
        var added = (height: 0, count: 0)
        var instances: [Node] = []
        for (s, use) in uses.enumerated() {
            if let header = use.header {
                if let body = templateBody(named: header.name, usedAt: header.path) {
                    let frame = Rect(x: 0, y: y, width: width, height: body.node.frame.height)
                    let info = InstanceInfo(template: header.name, role: .header(section: s))
                    if admit(body, copies: 1, depth: depth, countSoFar: countSoFar + added.count, at: header.path) {
                        instances.append(
                            Self.instance(of: body.node, prefix: "\(tableRef)[\(s),header]", frame: frame, info: info))
                        added = (max(added.height, body.height), added.count + body.count)
                    }
                    y += frame.height
                }
            }
            let rows: Int
            switch use.section.rows {
            case .fixed(let n): rows = n
            case .automatic: rows = props.automaticRowCount(frameHeight: node.frame.height) ?? 0
            }
            if rows > 0, let body = templateBody(named: use.cell.name, usedAt: use.cell.path) {
                if admit(body, copies: rows, depth: depth, countSoFar: countSoFar + added.count, at: use.cell.path) {
                    for row in 0..<rows {
                        let frame = Rect(x: 0, y: y + Double(row) * rowHeight, width: width, height: rowHeight)
                        let info = InstanceInfo(template: use.cell.name, role: .cell(section: s, row: row))
                        instances.append(
                            Self.instance(of: body.node, prefix: "\(tableRef)[\(s),\(row)]", frame: frame, info: info))
                    }
                    added = (max(added.height, body.height), added.count + rows * body.count)
                }
                y += Double(rows) * rowHeight
            } else if rows == 0 {
                _ = templateBody(named: use.cell.name, usedAt: use.cell.path)
            }
            if let footer = use.footer, let body = templateBody(named: footer.name, usedAt: footer.path) {
                let frame = Rect(x: 0, y: y, width: width, height: body.node.frame.height)
                let info = InstanceInfo(template: footer.name, role: .footer(section: s))
                if admit(body, copies: 1, depth: depth, countSoFar: countSoFar + added.count, at: footer.path) {
                    instances.append(
                        Self.instance(of: body.node, prefix: "\(tableRef)[\(s),footer]", frame: frame, info: info))
                    added = (max(added.height, body.height), added.count + body.count)
                }
                y += frame.height
            }
        }
        node.children.append(contentsOf: instances)
        return added
    }

    private mutating func decodeTableSection(
        _ s: JSONValue, defaultCell: String?, base: [PathToken]
    ) -> (section: TableSection, cell: TemplateUse, header: TemplateUse?, footer: TemplateUse?)? {
        guard s.kind == .object else {
            collector.report(.invalidValue, "a section must be an object, not \(s.kind)")
            return nil
        }
        var r = MemberReader(s)
        let rows = read(&r, "rows", ValueParsers.itemCount) ?? .automatic
        let cell = read(&r, "cell", ValueParsers.string)
        let header = read(&r, "header", ValueParsers.string)
        let footer = read(&r, "footer", ValueParsers.string)
        reportUnknown(r, known: ["rows", "cell", "header", "footer"], what: "for a table section")
        guard let cellName = cell ?? defaultCell else {
            collector.report(
                .missingField, "a section needs a \"cell\" template (or the table a default \"cell\")",
                at: [.key("cell")])
            return nil
        }
        let cellPath = cell != nil ? base + [.key("cell")] : Array(base.dropLast(2)) + [.key("cell")]
        return (
            TableSection(rows: rows, cell: cellName, header: header, footer: footer),
            TemplateUse(name: cellName, path: cellPath),
            header.map { TemplateUse(name: $0, path: base + [.key("header")]) },
            footer.map { TemplateUse(name: $0, path: base + [.key("footer")]) }
        )
    }

    // MARK: Collections

    private mutating func decodeCollectionView(
        _ r: inout MemberReader, into node: inout Node, depth: Int, countSoFar: Int
    ) -> (height: Int, count: Int) {
        var p = CollectionProperties()
        if let l = read(&r, "layout", ValueParsers.string) { p.layout = l == "flow" ? .flow : .other(l) }
        if let d = read(
            &r, "scrollDirection", { v throws(ValueFailure) in try ValueParsers.enumeration(v, ScrollDirection.self) })
        {
            p.scrollDirection = d
        }
        if let s = read(&r, "itemSize", ValueParsers.size) { p.itemSize = s }
        if let d = read(&r, "minimumInteritemSpacing", ValueParsers.nonNegative) { p.minimumInteritemSpacing = d }
        if let d = read(&r, "minimumLineSpacing", ValueParsers.nonNegative) { p.minimumLineSpacing = d }
        if let i = read(&r, "sectionInset", ValueParsers.insets) { p.sectionInset = i }
        let defaultCell = read(&r, "cell", ValueParsers.string)
        var uses: [(section: CollectionSection, cell: TemplateUse, supplementary: [TemplateUse])] = []
        if let sections = r("sections") {
            if sections.kind == .array {
                for i in 0..<sections.count {
                    guard let s = sections[i] else { continue }
                    let base = collector.path + [.key("sections"), .index(i)]
                    collector.path = base
                    if let d = decodeCollectionSection(s, defaultCell: defaultCell, base: base) { uses.append(d) }
                    collector.path.removeLast(2)
                }
            } else {
                collector.report(.invalidValue, "must be an array of sections", at: [.key("sections")])
            }
        } else if let defaultCell {
            uses.append(
                (
                    CollectionSection(cell: defaultCell),
                    TemplateUse(name: defaultCell, path: collector.path + [.key("cell")]), []
                ))
        }
        p.sections = uses.map(\.section)
        node.collection = p

        let bounds = node.frame.size
        let vertical = p.scrollDirection == .vertical
        let ref = node.reference
        var offset = 0.0
        var added = (height: 0, count: 0)
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
                        body, copies: 1, depth: depth, countSoFar: countSoFar + added.count,
                        at: use.supplementary[k].path)
                    {
                        let info = InstanceInfo(
                            template: kind.template, role: .supplementary(section: s, kind: kind.kind))
                        instances.append(
                            Self.instance(of: body.node, prefix: "\(ref)[\(s),\(kind.kind)]", frame: frame, info: info))
                        added = (max(added.height, body.height), added.count + body.count)
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
                        at: [.key("itemSize")])
                    items = 0
                    break
                }
                items = n
            }
            let placed = FlowLayout.items(count: items, in: bounds, properties: p, startingAt: offset)
            if items > 0, let body = templateBody(named: use.cell.name, usedAt: use.cell.path) {
                if admit(body, copies: items, depth: depth, countSoFar: countSoFar + added.count, at: use.cell.path) {
                    for (i, frame) in placed.frames.enumerated() {
                        let info = InstanceInfo(template: use.cell.name, role: .cell(section: s, row: i))
                        instances.append(
                            Self.instance(of: body.node, prefix: "\(ref)[\(s),\(i)]", frame: frame, info: info))
                    }
                    added = (max(added.height, body.height), added.count + items * body.count)
                }
            } else if items == 0 {
                _ = templateBody(named: use.cell.name, usedAt: use.cell.path)
            }
            offset = placed.end
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
                    body, copies: 1, depth: depth, countSoFar: countSoFar + added.count, at: use.supplementary[k].path)
                {
                    let info = InstanceInfo(template: kind.template, role: .supplementary(section: s, kind: kind.kind))
                    instances.append(
                        Self.instance(of: body.node, prefix: "\(ref)[\(s),\(kind.kind)]", frame: frame, info: info))
                    added = (max(added.height, body.height), added.count + body.count)
                }
            }
        }
        node.children.append(contentsOf: instances)
        return added
    }

    private mutating func decodeCollectionSection(
        _ s: JSONValue, defaultCell: String?, base: [PathToken]
    ) -> (section: CollectionSection, cell: TemplateUse, supplementary: [TemplateUse])? {
        guard s.kind == .object else {
            collector.report(.invalidValue, "a section must be an object, not \(s.kind)")
            return nil
        }
        var r = MemberReader(s)
        let items = read(&r, "items", ValueParsers.itemCount) ?? .automatic
        let cell = read(&r, "cell", ValueParsers.string)
        var supplementary: [(kind: String, template: String)] = []
        var uses: [TemplateUse] = []
        if let sup = r("supplementary") {
            if sup.kind == .object {
                for (kind, v) in sup.members {
                    guard let name = v.string else {
                        collector.report(
                            .invalidValue, "must be a template name", at: [.key("supplementary"), .key(kind)])
                        continue
                    }
                    if kind.isEmpty || kind.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                        collector.report(
                            .invalidValue, "a supplementary kind must not be empty or a number",
                            at: [.key("supplementary"), .key(kind)])
                        continue
                    }
                    supplementary.append((kind, name))
                    uses.append(TemplateUse(name: name, path: base + [.key("supplementary"), .key(kind)]))
                }
            } else {
                collector.report(.invalidValue, "must be an object {kind: template}", at: [.key("supplementary")])
            }
        }
        reportUnknown(r, known: ["items", "cell", "supplementary"], what: "for a collection section")
        guard let cellName = cell ?? defaultCell else {
            collector.report(
                .missingField, "a section needs a \"cell\" template (or the collection a default \"cell\")",
                at: [.key("cell")])
            return nil
        }
        let cellPath = cell != nil ? base + [.key("cell")] : Array(base.dropLast(2)) + [.key("cell")]
        return (
            CollectionSection(items: items, cell: cellName, supplementary: supplementary),
            TemplateUse(name: cellName, path: cellPath), uses
        )
    }
}
