import JSON
import SkeletonModel

/// `textDocument/completion` on a JSON skeleton document, from the text around the cursor as it is mid-keystroke
/// (the text's syntax tree, read as a forgiving scan reads it: `JSONSyntaxTree.completionCursor(at:)`): member names
/// the format defines for the enclosing object (a node's by its `type`, the document's, the appearance's, a
/// section's) that it does not have yet; values of the member at the cursor (types, enumerations, colours, booleans,
/// `automatic`, template names visible there). Each item has Markdown documentation (the `PropertyRegistry`'s for
/// members) and a `textEdit` over the partial word; members whose values are arrays or objects (`frame`, `font`, …)
/// insert a snippet. Storyboards and XIBs get `[]`.
enum Completion {
    /// The characters that make clients ask.
    static let triggerCharacters: [String] = ["\"", ":"]

    static func answer(_ request: TextDocumentRequest, at offset: Int) -> JSON {
        guard !request.isInterfaceBuilder else { return [] }
        return answer(request.tree, at: offset) { request.range($0) }
    }

    /// The answer at byte `offset` of the text of `tree` (the entry's syntax tree of the text), each byte range
    /// turned into an LSP range by `range`. Reads the cursor's object and its ancestors, not the text; template names
    /// read every enclosing object's `templates`.
    static func answer(_ tree: JSONSyntaxTree, at offset: Int, range lspRange: (Range<Int>) -> JSON) -> JSON {
        let cursor = tree.completionCursor(at: offset)
        guard let object = cursor.object else { return [] }
        let kind = kind(of: object, in: tree)
        let (range, closed) = replacement(tree.bytes, offset: offset, cursor: cursor)
        var items: [JSON] = []
        if cursor.expectsKey {
            let present = Set(
                tree.completionMembers(of: object).filter { $0.range != cursor.string?.content }.map(\.name))
            for name in memberNames(tree, object, kind: kind).sorted() where !present.contains(name) {
                items.append(memberItem(name, range: range, closed: closed, quoted: cursor.string != nil, lspRange))
            }
        } else if let key = cursor.key {
            for value in values(for: key, tree: tree, object: object, kind: kind, inArray: cursor.inArray) {
                items.append(valueItem(value, range: range, closed: closed, quoted: cursor.string != nil, lspRange))
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }

    /// Whether `kind` is a section's `supplementary` object (its members' values are template names).
    static func isSupplementary(_ kind: ObjectKind) -> Bool {
        if case .other(let key) = kind { return key == DocumentProperty.section.supplementary.name }
        return false
    }

    /// The string value of object `o`'s first member `name`, as written (nil when it has none).
    static func string(_ tree: JSONSyntaxTree, _ o: Int, _ name: String) -> String? {
        tree.completionMembers(of: o).first { $0.name == name }?.string
    }

    // MARK: What to offer

    /// The members the format defines for object `o`, by what the object is.
    static func memberNames(_ tree: JSONSyntaxTree, _ o: Int, kind: ObjectKind) -> Set<String> {
        switch kind {
        case .document: return Set(PropertyRegistry.properties(in: .document).filter(\.isOffered).map(\.name))
        case .node:
            guard let type = string(tree, o, DocumentProperty.view.type.name).flatMap(NodeType.init(rawValue:)) else {
                return NodeType.view.fieldNames
            }
            return type.fieldNames
        case .appearance: return AppearanceOverrides.fieldNames
        case .section(let owner):
            return string(tree, owner, DocumentProperty.view.type.name) == NodeType.collectionView.rawValue
                ? DocumentDecoder.collectionSectionFieldNames : DocumentDecoder.tableSectionFieldNames
        case .other(let key): return valueMembers(key)
        }
    }

    /// What an object of the document is.
    enum ObjectKind {
        case document, node, appearance
        /// A section of the table or collection object `owner`.
        case section(owner: Int)
        /// The value of member `key` (or an element of array `key`).
        case other(String)
    }

    /// What object `o` of `tree` is, by the member it is the value of (or the element of) and its enclosing objects.
    static func kind(of o: Int, in tree: JSONSyntaxTree) -> ObjectKind {
        guard let parent = tree.enclosingObject(of: o) else { return .document }
        let (name, isElement) = tree.objectKey(of: o)
        let key = name ?? ""
        let parentIsTop = tree.enclosingObject(of: parent) == nil
        if key == DocumentProperty.document.root.name, parentIsTop, !isElement { return .node }
        if isElement, key == DocumentProperty.view.children.name { return .node }
        let parentKey = tree.objectKey(of: parent)
        if !isElement, parentKey.key == DocumentProperty.list.templates.name, !parentKey.isElement { return .node }
        if key == DocumentProperty.document.appearance.name, parentIsTop { return .appearance }
        if isElement, key == DocumentProperty.list.sections.name { return .section(owner: parent) }
        return .other(key)
    }

    /// The members of the object that is the value of member `key`, by the value the registry gives `key`.
    static func valueMembers(_ key: String) -> Set<String> {
        guard let property = PropertyRegistry.named(key) else { return [] }
        return members(of: property.value)
    }

    /// The members of an object of value kind `value`.
    static func members(of value: PropertyValue) -> Set<String> {
        switch value {
        case .font: ["lineHeight"]
        case .constraints: ["width", "height"]
        case .insets: ["top", "left", "bottom", "right"]
        case .gradient: PropertyRegistry.names(in: .gradient)
        case .textLineHeight: ["fixed"]
        case .textNumberOfLines: ["custom"]
        case .color: PropertyRegistry.names(in: .dynamicColor)
        default: []
        }
    }

    /// One value to offer: its text (a string's content, or a literal) and its documentation.
    struct Value {
        var text: String
        var isString: Bool
        var kind: Int
        var documentation: String
    }

    /// The values member `key` takes, at the cursor in object `o`.
    static func values(for key: String, tree: JSONSyntaxTree, object o: Int, kind: ObjectKind, inArray: Bool)
        -> [Value]
    {
        if inArray {
            let value = PropertyRegistry.named(key)?.value
            if case .keywordSet(let words) = value {
                return words.map { Value(text: $0, isString: true, kind: 20, documentation: doc(key, $0)) }
            }
            return value == .colors || value == .gradient ? colors() : []
        }
        if isSupplementary(kind) { return templates(tree, o) }
        if key == DocumentProperty.view.type.name {
            return NodeType.allCases.map {
                Value(text: $0.rawValue, isString: true, kind: 7, documentation: typeDoc($0))
            }
        }
        guard let property = PropertyRegistry.named(key) else { return [] }
        switch property.value {
        case .templateName: return templates(tree, o)
        case .color: return colors()
        case .boolean:
            return property.value.keywords.map {
                Value(text: $0, isString: false, kind: 12, documentation: doc(key, $0))
            }
        default:
            return property.value.keywords.map {
                Value(text: $0, isString: true, kind: 20, documentation: doc(key, $0))
            }
        }
    }

    /// Every colour name, documented with its light and dark values.
    static func colors() -> [Value] {
        SkeletonColor.names.compactMap { name in
            SkeletonColor(named: name).map {
                Value(text: name, isString: true, kind: 16, documentation: Hover.colorMarkdown($0))
            }
        }
    }

    /// The template names visible from object `o`: those of each enclosing object's `templates`, nearest first.
    static func templates(_ tree: JSONSyntaxTree, _ o: Int) -> [Value] {
        var seen: Set<String> = []
        var out: [Value] = []
        var holder: Int? = o
        while let h = holder {
            for k in tree.objects(in: h) where isTemplates(tree.objectKey(of: k)) {
                for member in tree.completionMembers(of: k) where seen.insert(member.name).inserted {
                    let type = tree.objects(in: k).first { tree.objectKey(of: $0).key == member.name }.flatMap {
                        string(tree, $0, DocumentProperty.view.type.name)
                    }
                    out.append(
                        Value(
                            text: member.name, isString: true, kind: 18,
                            documentation: "Template **`\(member.name)`**" + (type.map { " (`\($0)`)" } ?? "")))
                }
            }
            holder = tree.enclosingObject(of: h)
        }
        return out
    }

    /// Whether an object is the value of a `templates` member (not an element of an array of that name).
    private static func isTemplates(_ key: (key: String?, isElement: Bool)) -> Bool {
        key.key == DocumentProperty.list.templates.name && !key.isElement
    }

    static func doc(_ key: String, _ value: String) -> String {
        "`\(value)`" + (PropertyRegistry.named(key).map { "\n\n" + $0.markdown } ?? "")
    }

    static func typeDoc(_ type: NodeType) -> String {
        var kind = "a view"
        if type.isText { kind = "a text view: its skeleton is lines" }
        if type.isCollection { kind = "a table or collection: its cells come from templates" }
        return "**`\(type.rawValue)`**: \(kind)" + (type.holdsContent ? "; holds content" : "")
    }

    // MARK: Items

    /// The range the item replaces (the partial word at the cursor, or a closed string's whole content) and
    /// whether the string at the cursor is closed.
    static func replacement(_ bytes: [UInt8], offset: Int, cursor: JSONSyntaxTree.CompletionCursor) -> (
        Range<Int>, Bool
    ) {
        if let string = cursor.string {
            if string.closed { return (string.content, true) }
            var end = offset
            while end < string.content.upperBound, isWordByte(bytes[end]) { end += 1 }
            return (string.content.lowerBound..<end, false)
        }
        var start = min(offset, bytes.count)
        while start > 0, isWordByte(bytes[start - 1]) { start -= 1 }
        var end = min(offset, bytes.count)
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        return (start..<end, false)
    }

    static func isWordByte(_ b: UInt8) -> Bool { JSONSyntaxTree.isWordByte(b) }

    /// The value snippet inserted after a member name typed anew, by the member's value kind.
    static func snippet(for value: PropertyValue) -> String? {
        switch value {
        case .frame: "[${1:0}, ${2:0}, ${3:100}, ${4:44}]"
        case .font: "{\"lineHeight\": ${1:20.287109375}\\}"
        case .constraints: "{\"height\": [${1:44}]\\}"
        case .insets: "[${1:0}, ${2:0}, ${3:0}, ${4:0}]"
        case .size: "[${1:50}, ${2:50}]"
        case .nodes: "[$0]"
        default: nil
        }
    }

    static func memberItem(
        _ name: String, range: Range<Int>, closed: Bool, quoted: Bool, _ lspRange: (Range<Int>) -> JSON
    ) -> JSON {
        var text = name
        var format = 1
        if !closed {
            text = (quoted ? "" : "\"") + name + "\": "
            if let snippet = PropertyRegistry.named(name).flatMap({ snippet(for: $0.value) }) {
                text += snippet
                format = 2
            }
        }
        return [
            "label": .string(name), "kind": 10,
            "documentation": [
                "kind": "markdown", "value": .string(PropertyRegistry.named(name)?.markdown ?? "**`\(name)`**"),
            ],
            "textEdit": ["range": lspRange(range), "newText": .string(text)],
            "insertTextFormat": .int(format),
        ]
    }

    static func valueItem(
        _ value: Value, range: Range<Int>, closed: Bool, quoted: Bool, _ lspRange: (Range<Int>) -> JSON
    ) -> JSON {
        var text = value.text
        if quoted, !closed { text += "\"" }
        if !quoted, value.isString { text = "\"" + text + "\"" }
        return [
            "label": .string(value.text), "kind": .int(value.kind),
            "documentation": ["kind": "markdown", "value": .string(value.documentation)],
            "textEdit": ["range": lspRange(range), "newText": .string(text)],
        ]
    }
}
