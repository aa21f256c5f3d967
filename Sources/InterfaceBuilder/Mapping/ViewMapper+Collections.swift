import JSON
import SkeletonModel

/// Tables and collections: prototype cells become templates by `reuseIdentifier`. A storyboard has no
/// skeleton data source, so there is one section of automatic rows (items) of the first prototype.
extension ViewMapper {
    /// Adds templates (`pointer/templates/<name>`) for `elements`; returns the names in order.
    private mutating func addTemplates(
        _ elements: [IBElement], into templates: inout JSONObject, at pointer: [String], depth: Int,
        fallbackPrefix: String
    ) -> [String] {
        var names: [String] = []
        for (k, cell) in elements.enumerated() {
            let name =
                cell["reuseIdentifier"].flatMap { $0.isEmpty ? nil : $0 } ?? cell["id"] ?? "\(fallbackPrefix)\(k)"
            if templates[name] != nil {
                report(
                    .duplicateID,
                    "the reuse identifier \"\(name)\" is already used by another prototype in this view; this one is ignored",
                    at: cell.location, severity: .warning)
                continue
            }
            // Template bodies start their own depth count in the document decoder, but sit at this depth.
            guard let body = node(cell, at: pointer + [DocumentProperty.list.templates.name, name], depth: depth + 1)
            else { continue }
            templates[name] = body
            names.append(name)
        }
        return names
    }

    /// `rowHeight`/`estimatedRowHeight` (`-1`: automatic); prototypes, static cells and the table header and
    /// footer views become templates.
    mutating func mapTable(_ e: IBElement, into o: inout JSONObject, at pointer: [String], depth: Int) {
        let rowHeight = rowHeightValue(e, "rowHeight", .list.rowHeight, into: &o, at: pointer)
        let estimated = rowHeightValue(e, "estimatedRowHeight", .list.estimatedRowHeight, into: &o, at: pointer)
        var templates = JSONObject()
        let prototypes = Self.prototypes(of: e)
        var cellNames = addTemplates(
            prototypes, into: &templates, at: pointer, depth: depth, fallbackPrefix: "prototype")
        var sections: [JSON] = []
        let staticCells = Self.staticCells(of: e)
        let staticNames = addTemplates(
            staticCells, into: &templates, at: pointer, depth: depth, fallbackPrefix: "static")
        let accessories = Self.tableAccessoryKeys.map { key in
            e.child(key: key).flatMap { v in
                addTemplates([v], into: &templates, at: pointer, depth: depth, fallbackPrefix: key).first
            }
        }
        let (header, footer) = (accessories[0], accessories[1])
        if !staticNames.isEmpty {
            // Static cells: one section of one row per cell, in order.
            for (i, name) in staticNames.enumerated() {
                var s = JSONObject()
                s[.section.rows] = 1
                s[.section.cell] = .string(name)
                if i == 0, let header { s[.section.header] = .string(header) }
                if i == staticNames.count - 1, let footer { s[.section.footer] = .string(footer) }
                sections.append(.object(s))
            }
            cellNames = staticNames
        } else if let first = cellNames.first ?? header ?? footer {
            var s = JSONObject()
            s[.section.rows] = cellNames.isEmpty ? .int(0) : .string(PropertyValue.automatic)
            s[.section.cell] = .string(first)
            if let header { s[.section.header] = .string(header) }
            if let footer { s[.section.footer] = .string(footer) }
            sections.append(.object(s))
        }
        if !templates.pairs.isEmpty { o[.list.templates] = .object(templates) }
        if !sections.isEmpty { o[.list.sections] = .array(sections) }

        // With both heights automatic, SkeletonView needs an estimatedRowHeight set in code; use the first
        // prototype's row height instead, and say so.
        let automatic = { (h: Double?) in h == nil || h == -1 }
        if automatic(rowHeight), automatic(estimated),
            let cell = (staticNames.isEmpty ? prototypes : staticCells).first,
            !cellNames.isEmpty, let h = prototypeHeight(cell), h > 0
        {
            o[.list.estimatedRowHeight] = .double(h)
            report(
                .invalidRowHeight,
                "rowHeight and estimatedRowHeight are automatic, so SkeletonView would need an estimatedRowHeight set in code; "
                    + "using the first prototype's height (\(h))", at: e.location, severity: .warning)
        }
    }

    /// A cell's height: its `rowHeight`, else its frame's height.
    private func prototypeHeight(_ cell: IBElement) -> Double? {
        if let h = IBNumbers.finite(cell["rowHeight"]), h > 0 { return h }
        return IBNumbers.finite(cell.child("rect", key: "frame")?["height"])
    }

    /// Reads the row height attribute `attribute` into the node's `property`; returns it (nil when absent or not a
    /// number).
    private mutating func rowHeightValue(
        _ e: IBElement, _ attribute: String, _ property: DocumentProperty, into o: inout JSONObject,
        at pointer: [String]
    ) -> Double? {
        guard let text = e[attribute] else { return nil }
        guard let d = IBNumbers.finite(text) else {
            report(.invalidValue, "\(attribute) \"\(text)\" is not a number", at: e.location)
            return nil
        }
        o[property] = d == -1 ? .string(PropertyValue.automatic) : .double(d)
        sourceMap.record(pointer + [property.name], e.location)
        return d
    }

    /// The flow layout (`itemSize`, `scrollDirection`, spacings, `sectionInset`); cells and section header and
    /// footer views become templates.
    mutating func mapCollection(_ e: IBElement, into o: inout JSONObject, at pointer: [String], depth: Int) {
        if let layout = e.child(key: "collectionViewLayout") {
            if layout.name == "collectionViewFlowLayout" {
                mapFlowLayout(layout, into: &o, at: pointer)
            } else {
                o[.list.layout] = .string(layout["customClass"] ?? layout.name)
            }
        }
        var templates = JSONObject()
        let cells = Self.collectionCells(of: e)
        let cellNames = addTemplates(cells, into: &templates, at: pointer, depth: depth, fallbackPrefix: "cell")
        var supplementary = JSONObject()
        for (key, kind) in Self.collectionAccessoryKeys {
            guard let v = e.child(key: key) else { continue }
            if let name = addTemplates([v], into: &templates, at: pointer, depth: depth, fallbackPrefix: kind).first {
                supplementary[kind] = .string(name)
            }
        }
        if !templates.pairs.isEmpty { o[.list.templates] = .object(templates) }
        if let first = cellNames.first {
            var s = JSONObject()
            s[.section.items] = .string(PropertyValue.automatic)
            s[.section.cell] = .string(first)
            if !supplementary.pairs.isEmpty { s[.section.supplementary] = .object(supplementary) }
            o[.list.sections] = [.object(s)]
        }
    }

    private mutating func mapFlowLayout(_ layout: IBElement, into o: inout JSONObject, at pointer: [String]) {
        let horizontal = ScrollDirection.horizontal.rawValue
        if layout["scrollDirection"] == horizontal { o[.list.scrollDirection] = .string(horizontal) }
        let spacings: [(String, DocumentProperty)] = [
            ("minimumLineSpacing", .list.minimumLineSpacing),
            ("minimumInteritemSpacing", .list.minimumInteritemSpacing),
        ]
        for (attribute, property) in spacings {
            guard let text = layout[attribute] else { continue }
            if let d = IBNumbers.finite(text) {
                o[property] = .double(d)
                sourceMap.record(pointer + [property.name], layout.location)
            } else {
                report(.invalidValue, "\(attribute) \"\(text)\" is not a number", at: layout.location)
            }
        }
        if let size = layout.child("size", key: "itemSize") {
            if let w = IBNumbers.finite(size["width"]), let h = IBNumbers.finite(size["height"]) {
                o[.list.itemSize] = [.double(w), .double(h)]
                sourceMap.record(pointer + [DocumentProperty.list.itemSize.name], size.location)
            } else {
                report(.invalidValue, "the itemSize is not two numbers", at: size.location)
            }
        }
        if let inset = layout.child("inset", key: "sectionInset") {
            let values = ["minY", "minX", "maxY", "maxX"].map { IBNumbers.finite(inset[$0] ?? "0") }
            if values.allSatisfy({ $0 != nil }) {
                o[.list.sectionInset] = .array(values.compactMap { $0 }.map { .double($0) })
                sourceMap.record(pointer + [DocumentProperty.list.sectionInset.name], inset.location)
            } else {
                report(.invalidValue, "the sectionInset is not four numbers", at: inset.location)
            }
        }
    }
}
