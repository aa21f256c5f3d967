import JSON

/// A section's own cells per row (item): the `cells` member, as a skeleton data source answers a cell identifier per
/// index path and prepares each cell (`prepareCellForSkeleton`).
extension DecodingRun {
    /// The most `cells` entries one section may have: one per instance the node limit allows.
    var maxRowCells: Int { limits.maxNodes }

    /// Reads a section's `cells`: an array, entry k for row (item) k, each `null` (the section's cell) or
    /// `{"cell"?: template, "isSkeletonable"?: bool}`; at most `maxRowCells` entries. Problems are reported at the
    /// member or the entry; a bad entry keeps the section's cell.
    mutating func readRowCells(_ r: inout MemberReader) -> [RowCell?] {
        guard let list = r(.section.cells) else { return [] }
        guard list.kind == .array else {
            collector.report(.invalidValue, "must be an array of per-row cells", at: [.key(.section.cells)])
            return []
        }
        guard list.count <= maxRowCells else {
            collector.report(
                .tooManyNodes, "\(list.count) per-row cells are over the limit of \(maxRowCells)",
                at: [.key(.section.cells)])
            return []
        }
        var cells: [RowCell?] = []
        cells.reserveCapacity(list.count)
        for k in 0..<list.count {
            guard let entry = list[k], entry.kind != .null else {
                cells.append(nil)
                continue
            }
            guard entry.kind == .object else {
                collector.report(
                    .invalidValue, "a per-row cell must be null or an object, not \(entry.kind)",
                    at: [.key(.section.cells), .index(k)])
                cells.append(nil)
                continue
            }
            collector.path += [.key(.section.cells), .index(k)]
            var e = MemberReader(entry)
            let cell = RowCell(
                cell: read(&e, .section.rowCell, ValueParsers.string),
                isSkeletonable: read(&e, .section.rowIsSkeletonable, ValueParsers.bool))
            reportUnknown(e, known: PropertyRegistry.names(in: .rowCell), what: "for a per-row cell")
            collector.path.removeLast(2)
            cells.append(cell)
        }
        return cells
    }

    /// The `count` cells of a section: cell k from its `rowCells` entry's template when it names one (else the
    /// section's `cell`), its root's `isSkeletonable` as the entry says. Each template's copies are admitted together
    /// before anything is built (nothing is built when one does not fit); every template named is checked, used or
    /// not. `frame(k)` places cell k; references are `prefix[section,k]`. Nil when the section's template has no
    /// body (unknown, or in a cycle: reported).
    mutating func sectionCells(
        _ section: (index: Int, cell: String, rowCells: [RowCell?]), count: Int, paths: SectionPaths, size: Size,
        depth: Int, before: InstanceTally, into added: inout InstanceTally, prefix: String, frame: (Int) -> Rect
    ) -> [Node]? {
        guard let main = templateBody(named: section.cell, usedAt: paths.cell) else { return nil }
        var bodies = [section.cell: main]
        for (k, entry) in section.rowCells.enumerated() {
            guard let name = entry?.cell, bodies[name] == nil else { continue }
            if let body = templateBody(
                named: name, usedAt: paths.base + [.key(.section.cells), .index(k), .key("cell")])
            {
                bodies[name] = body
            }
        }
        guard count > 0 else { return [] }
        func template(_ k: Int) -> String {
            guard k < section.rowCells.count, let name = section.rowCells[k]?.cell, bodies[name] != nil else {
                return section.cell
            }
            return name
        }
        var copies: [String: Int] = [:]
        for k in 0..<min(count, section.rowCells.count) where template(k) != section.cell {
            copies[template(k), default: 0] += 1
        }
        copies[section.cell] = count - copies.values.reduce(0, +)
        for (name, n) in copies.sorted(by: { $0.key < $1.key }) where n > 0 {
            let at = name == section.cell ? paths.count : paths.base + [.key(.section.cells)]
            guard let body = bodies[name],
                admit(body, copies: n, size: size, depth: depth, before: before, into: &added, at: at)
            else { return [] }
        }
        var cells: [Node] = []
        cells.reserveCapacity(count)
        for k in 0..<count {
            let name = template(k)
            guard let body = bodies[name] else { continue }
            let info = InstanceInfo(template: name, role: .cell(section: section.index, row: k))
            var cell = Self.instance(
                of: body.node, prefix: "\(prefix)[\(section.index),\(k)]", frame: frame(k), info: info)
            if k < section.rowCells.count, let own = section.rowCells[k]?.isSkeletonable { cell.isSkeletonable = own }
            cells.append(cell)
        }
        return cells
    }
}

/// Where a section's members were written (for problems).
struct SectionPaths {
    /// The section object.
    var base: [PathToken]
    /// The cell template's use (the section's `cell`, or the list's).
    var cell: [PathToken]
    /// Where a problem with the instance count goes.
    var count: [PathToken]
}
