/// Every member of the document format, one `DocumentProperty` each, by family: `DocumentProperty.view.isSkeletonable`,
/// `.text.numberOfLines`, `.content.title`, `.list.rowHeight`, `.section.rows`, `.document.root`,
/// `.appearance.tintColor`, `.color.baseColor`. Decoding, completion, hover, the Interface Builder and Swift mappings
/// read names, values and documentation from here; `PropertyRegistryTests` holds `Protocol/schemas` to it.
package enum PropertyRegistry {
    /// Every property, node members first (so a name several objects share documents as the node's), then the
    /// document's, sections', the appearance's and colour objects'.
    package static let all: [DocumentProperty] = [
        DocumentProperty.view.properties, DocumentProperty.text.properties, DocumentProperty.content.properties,
        DocumentProperty.list.properties, DocumentProperty.document.properties, DocumentProperty.section.properties,
        DocumentProperty.appearance.properties, DocumentProperty.color.properties,
    ].flatMap { $0 }

    /// The properties of `scope`.
    package static func properties(in scope: PropertyScope) -> [DocumentProperty] { byScope[scope] ?? [] }

    /// The names of `scope`'s properties.
    package static func names(in scope: PropertyScope) -> Set<String> { Set(properties(in: scope).map(\.name)) }

    /// The members a node of `type` has.
    package static func nodeNames(for type: NodeType) -> Set<String> { nodeNamesByType[type] ?? [] }

    /// The members of a section of a node of `type` (a table or a collection).
    package static func sectionNames(for type: NodeType) -> Set<String> {
        Set(properties(in: .section).filter { $0.nodeTypes.contains(type) }.map(\.name))
    }

    /// The property named `name`, the first in `all`'s order (a node's before another object's): what hover shows.
    package static func named(_ name: String) -> DocumentProperty? { byName[name] }

    /// The property a storyboard's `userDefinedRuntimeAttribute` at `keyPath` sets, or nil.
    package static func property(runtimeAttribute keyPath: String) -> DocumentProperty? { byRuntimeAttribute[keyPath] }

    /// The property of `scope` (a view's, or the appearance's) Swift code sets by assigning member path `path`
    /// (`isSkeletonable`, `layer.cornerRadius`, `SkeletonAppearance.default.tintColor`'s `tintColor`).
    package static func property(swiftName path: String, in scope: PropertyScope = .node) -> DocumentProperty? {
        bySwiftName[scope]?[path]
    }

    private static let byScope: [PropertyScope: [DocumentProperty]] = Dictionary(grouping: all, by: \.scope)

    private static let nodeNamesByType: [NodeType: Set<String>] = Dictionary(
        uniqueKeysWithValues: NodeType.allCases.map { type in
            (type, Set(properties(in: .node).filter { $0.applies(to: type) }.map(\.name)))
        })

    private static let byName: [String: DocumentProperty] = all.reduce(into: [:]) { out, p in
        if out[p.name] == nil { out[p.name] = p }
    }

    private static let bySwiftName: [PropertyScope: [String: DocumentProperty]] = all.reduce(into: [:]) { out, p in
        for path in p.swiftNames { out[p.scope, default: [:]][path] = p }
    }

    private static let byRuntimeAttribute: [String: DocumentProperty] = all.reduce(into: [:]) { out, p in
        for keyPath in p.runtimeAttributeKeyPaths { out[keyPath] = p }
    }
}

/// A group of `DocumentProperty`s, each a stored property of the group (listed in declaration order).
package protocol PropertyFamily: Sendable {}

extension PropertyFamily {
    /// The family's properties, in declaration order.
    package var properties: [DocumentProperty] {
        Mirror(reflecting: self).children.compactMap { $0.value as? DocumentProperty }
    }
}

extension DocumentProperty {
    /// Every node's members.
    package static let view = ViewMembers()
    /// Text nodes' members.
    package static let text = TextMembers()
    /// What a view shows under its skeleton.
    package static let content = ContentMembers()
    /// Tables' and collections' members.
    package static let list = ListMembers()
    /// The document's top level.
    package static let document = DocumentMembers()
    /// Sections' and their per-row cells' members.
    package static let section = SectionMembers()
    /// `appearance`'s members.
    package static let appearance = AppearanceMembers()
    /// Gradients' and dynamic colours' members.
    package static let color = ColorMembers()
}

/// Sets of node types members apply to.
package enum NodeTypes {
    /// Every node type.
    package static let all = Set(NodeType.allCases)
    /// UILabel and UITextView.
    package static let text = Set(NodeType.allCases.filter(\.isText))
    /// Scroll views: tables, collections and text views.
    package static let scrollViews = Set(NodeType.allCases.filter(\.isScrollView))
    /// Tables and collections.
    package static let lists = Set(NodeType.allCases.filter(\.isCollection))
}
