package import JSON

/// One member of the document format (`Protocol/document-format.md`): its JSON name, where it may be written, what
/// value it takes, its default, SkeletonView's (or UIKit's) name for it and what it means. Decoding, completion,
/// hover, the Interface Builder and Swift mappings and the JSON Schema's test all read these (`PropertyRegistry`).
package struct DocumentProperty: Sendable, Hashable {
    /// The member's name in a document's JSON.
    package let name: String
    /// The object it is a member of.
    package let scope: PropertyScope
    /// For `.node`: the node types that have it; for `.section`: the types whose sections have it; else empty.
    package let nodeTypes: Set<NodeType>
    /// The values it takes.
    package let value: PropertyValue
    /// Its default.
    package let defaultValue: PropertyDefault
    /// SkeletonView's (or UIKit's) name for it, shown by hover.
    package let skeletonViewName: String?
    /// The key paths of storyboards' `userDefinedRuntimeAttribute`s that set it (SkeletonView's `@IBInspectable`s,
    /// CALayer's `layer.cornerRadius`…), as the Interface Builder mapping reads them.
    package let runtimeAttributeKeyPaths: [String]
    /// The member paths Swift code assigns it by (`isSkeletonable`, `layer.cornerRadius`), as the Swift code
    /// mapping reads them.
    package let swiftNames: [String]
    /// What it means, in Markdown (hover's text).
    package let meaning: String
    /// Whether completion offers it (false for members the format accepts only to ignore them, such as `$schema`).
    package let isOffered: Bool

    /// Creates a property; `nodeTypes` matters only for node and section members.
    /// - Important: `name` must be unique within `scope` (and, for node members, among the node types it is in).
    package init(
        _ name: String, _ scope: PropertyScope, types nodeTypes: Set<NodeType> = [], value: PropertyValue,
        default defaultValue: PropertyDefault = .none, skeletonView: String? = nil, runtimeAttributes: [String] = [],
        swift: [String] = [], offered: Bool = true, meaning: String
    ) {
        self.name = name
        self.scope = scope
        self.nodeTypes = nodeTypes
        self.value = value
        self.defaultValue = defaultValue
        self.skeletonViewName = skeletonView
        self.runtimeAttributeKeyPaths = runtimeAttributes
        self.swiftNames = swift
        self.meaning = meaning
        self.isOffered = offered
    }

    /// The Markdown hover text: name, meaning, default and SkeletonView's name.
    package var markdown: String {
        var text = "**`\(name)`**: \(meaning)\n\nDefault: \(defaultValue.markdown)"
        if let swift = skeletonViewName { text += "\n\nSkeletonView: `\(swift)`" }
        return text
    }

    /// Whether a node of `type` has this member.
    package func applies(to type: NodeType) -> Bool { scope == .node && nodeTypes.contains(type) }
}

/// The object a member belongs to.
package enum PropertyScope: Sendable, Hashable, CaseIterable {
    /// The document's top level.
    case document
    /// A node (a view), of the property's `nodeTypes`.
    case node
    /// A section of a table or collection (`sections[k]`), of the property's `nodeTypes`.
    case section
    /// A section's per-row (per-item) cell (`sections[k].cells[r]`).
    case rowCell
    /// The document's `appearance` (SkeletonAppearance).
    case appearance
    /// A gradient object.
    case gradient
    /// A dynamic colour object (`{"light": c, "dark": c}`).
    case dynamicColor
}

/// A member's default.
package enum PropertyDefault: Sendable, Hashable {
    /// The member must be written.
    case required
    /// A constant value (the JSON Schema's `default`).
    case value(JSON)
    /// Nothing: the member has no value when it is missing.
    case none
    /// A default that depends on something else, in Markdown.
    case described(String)

    /// The default in Markdown.
    package var markdown: String {
        switch self {
        case .required: "required"
        case .value(let v): "`\(Self.literal(v))`"
        case .none: "none"
        case .described(let text): text
        }
    }

    /// A constant as JSON text with a space after each comma and colon (`[50, 50]`, `{"baseColor": "…"}`).
    static func literal(_ v: JSON) -> String {
        switch v {
        case .array(let a): "[" + a.map(literal).joined(separator: ", ") + "]"
        case .object(let o):
            "{" + o.pairs.map { "\(JSON.string($0.0).text): \(literal($0.1))" }.joined(separator: ", ") + "}"
        default: v.text
        }
    }
}

extension JSONValue {
    /// Member `property` of an object, or nil.
    package subscript(_ property: DocumentProperty) -> JSONValue? { self[property.name] }
}

extension JSONObject {
    /// Member `property`.
    package subscript(_ property: DocumentProperty) -> JSON? {
        get { self[property.name] }
        set { self[property.name] = newValue }
    }
}

extension JSON {
    /// Member `property` of an object, or nil.
    package subscript(_ property: DocumentProperty) -> JSON? { self[property.name] }
}
