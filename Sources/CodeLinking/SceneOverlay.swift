import InterfaceBuilder
import JSON
import SkeletonModel
import SwiftCode

/// The document members code adds, by IB element id, and what linking could not do (`hints`).
struct SceneOverlay {
    let classes: [String: ClassFacts]
    /// The scene's nodes as the IB file alone decodes them, by reference (IB ids): the sizes code refers to.
    let nodes: [String: Node]
    var members: [String: JSONObject] = [:]
    var hints: [CodeHint] = []
    /// Sections set from a data source answer whose cell identifier code does not register, by list id, with the
    /// hint to give if the file has no prototype for it either (`dropUnverifiedSections`).
    var unverified: [String: CodeHint] = [:]
    /// The app's XIBs by nib name.
    let nib: @Sendable (String) -> InterfaceBuilderFile?
    /// The nib names looked for.
    var nibs: Set<String> = []

    init(
        classes: [String: ClassFacts], scene root: Node?,
        nib: @escaping @Sendable (String) -> InterfaceBuilderFile? = { _ in nil }
    ) {
        self.classes = classes
        self.nib = nib
        var nodes: [String: Node] = [:]
        var stack = root.map { [$0] } ?? []
        while let node = stack.popLast() {
            if nodes[node.reference] == nil { nodes[node.reference] = node }
            if node.instance == nil { stack += node.children }
        }
        self.nodes = nodes
    }

    /// Applies one class's facts to the objects of `binding`: its views' properties, then the tables and
    /// collections it is the delegate and the data source of.
    mutating func apply(_ facts: ClassFacts, to binding: IBClassBinding) {
        for (target, properties) in facts.finalProperties {
            guard let elementID = elementID(target, at: binding) else { continue }
            for (property, value) in properties.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                guard let json = Self.json(sized(value, at: binding)) else { continue }
                members[elementID, default: [:]][property.documentProperty] = json
            }
        }
        for listID in lists(of: facts, binding, role: .delegate) {
            if nodes[listID]?.type == .collectionView { applyFlowLayout(facts, to: listID, at: binding) }
            // `heightForRowAt` wins over `rowHeight`, as UIKit asks the delegate for every row.
            if nodes[listID]?.type == .tableView, let height = facts.flowLayout.rowHeight, height >= 0.5,
                height <= Self.maxLength
            {
                members[listID, default: [:]][.list.rowHeight] = Self.number(height)
            }
        }
        for listID in lists(of: facts, binding, role: .dataSource) {
            applyDataSource(facts, to: listID, isTable: nodes[listID]?.type == .tableView, at: binding)
        }
    }

    /// The shows `facts`' code makes on views of `binding`, by element id; a show on a view the scene does not
    /// have (built in code, or an outlet the file does not connect) is not made, and a hint says so.
    mutating func shows(of facts: ClassFacts, at binding: IBClassBinding) -> [LinkedShow] {
        facts.shows.compactMap { show in
            if let id = elementID(show.target, at: binding) { return LinkedShow(node: id, options: show.options) }
            if case .property(let name) = show.target {
                hints.append(
                    CodeHint(
                        kind: .notStatic,
                        message:
                            "`\(name)` is not a view of this scene (no outlet of \(facts.name) connects it here): "
                            + "its show is not made",
                        range: show.range, file: facts.file))
            }
            return nil
        }
    }

    /// When the scene's code makes no show while it loads but an `@IBAction` makes one: an `assumed` hint on that
    /// show says SkeletonView shows nothing until the action runs, and what a show without options does instead.
    mutating func noteActionShows(of classes: [ClassFacts]) {
        for facts in classes {
            guard let first = facts.actionShows.first else { continue }
            hints.append(
                CodeHint(
                    kind: .assumed,
                    message:
                        "the screen's only show is in the action `\(first.action)`, which does not run while the screen "
                        + "loads: SkeletonView shows nothing until it runs; a show without options here shows from "
                        + "the scene's root with SkeletonView's defaults, not this show",
                    range: first.show.range, file: facts.file))
            return
        }
    }

    /// The element id of a view code names, in the scene `binding` is in.
    func elementID(_ target: ViewTarget, at binding: IBClassBinding) -> String? {
        switch target {
        case .root: binding.viewID
        case .property(let name): binding.outlets[name]
        }
    }

    /// The tables and collections whose data source (or delegate) the bound object is: by the file's outlets and
    /// by `outlet.dataSource = self` in code, in id order.
    private func lists(of facts: ClassFacts, _ binding: IBClassBinding, role: ListConnection.Role) -> [String] {
        var ids = Set((role == .dataSource ? binding.dataSourceOf : binding.delegateOf).keys)
        for connection in facts.connections where connection.role == role {
            if let id = binding.outlets[connection.outlet] { ids.insert(id) }
        }
        return ids.filter { [.tableView, .collectionView].contains(nodes[$0]?.type) }.sorted()
    }

    /// The size of a view code names, as the file alone lays the scene out.
    func size(_ target: ViewTarget, _ dimension: Dimension, at binding: IBClassBinding) -> Double? {
        guard let frame = elementID(target, at: binding).flatMap({ nodes[$0]?.frame }) else { return nil }
        return dimension == .width ? frame.width : frame.height
    }

    /// Removes the sections of lists whose cell identifier code does not register, giving their hints; false when
    /// there were none.
    mutating func dropUnverifiedSections() -> Bool {
        guard !unverified.isEmpty else { return false }
        for (listID, hint) in unverified.sorted(by: { $0.key < $1.key }) {
            members[listID]?[.list.sections] = nil
            members[listID]?[.list.templates] = nil
            hints.append(hint)
        }
        unverified = [:]
        return true
    }

    /// Insets of views' sizes, as the file alone lays the scene out (unchanged when a size is not known).
    func sized(_ value: CodeValue, at binding: IBClassBinding) -> CodeValue {
        guard case .sizedInsets(let top, let left, let bottom, let right) = value else { return value }
        let sides = [top, left, bottom, right].compactMap { $0.evaluate { self.size($0, $1, at: binding) } }
        guard sides.count == 4 else { return value }
        return .insets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }

    /// A code value as a document member value; nil for insets of sizes not known.
    static func json(_ value: CodeValue) -> JSON? {
        switch value {
        case .bool(let b): return .bool(b)
        case .number(let n): return number(n)
        case .insets(let top, let left, let bottom, let right):
            return .array([number(top), number(left), number(bottom), number(right)])
        case .sizedInsets: return nil
        case .automatic: return .string(PropertyValue.automatic)
        case .inherited: return .string(PropertyValue.inherited)
        case .relativeToFont: return .string(PropertyValue.relativeToFont)
        case .relativeToConstraints: return .string(PropertyValue.relativeToConstraints)
        }
    }

    /// A number as an integer when it is one.
    static func number(_ n: Double) -> JSON {
        n.rounded() == n && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
    }
}
