import JSON
import SkeletonModel

/// `textDocument/completion` on a JSON skeleton document, from the text around the cursor as it is mid-keystroke
/// (`TolerantObjects`, never a parse): member names the format defines for the enclosing object (a node's by its
/// `type`, the document's, the appearance's, a section's) that it does not have yet; values of the member at the
/// cursor (types, enumerations, colours, booleans, `automatic`, template names visible there). Each item has
/// Markdown documentation (`PropertyDocs` for members) and a `textEdit` over the partial word; members whose values
/// are arrays or objects (`frame`, `font`, …) insert a snippet. Storyboards and XIBs get `[]`.
enum Completion {
    /// The characters that make clients ask.
    static let triggerCharacters: [String] = ["\"", ":"]

    static func answer(_ request: TextDocumentRequest, at offset: Int) -> JSON {
        guard !request.isInterfaceBuilder else { return [] }
        let bytes = request.text.buffer.bytes
        return answer(bytes, at: offset) { request.range($0) }
    }

    /// The answer at byte `offset` of `bytes`, each byte range turned into an LSP range by `range`. The object at
    /// the cursor is found around it (`LocalCompletionScan`); the whole text is scanned only where the answer
    /// depends on more (a section's owner, template names) or the brackets before the cursor do not pair up.
    static func answer(_ bytes: [UInt8], at offset: Int, range lspRange: (Range<Int>) -> JSON) -> JSON {
        answerCounting(bytes, at: offset, range: lspRange).answer
    }

    /// `answer`, with the bytes its scans went through; `local` false: always from the whole text's scan (the
    /// reference the local answer is tested against).
    static func answerCounting(
        _ bytes: [UInt8], at offset: Int, local: Bool = true, range lspRange: (Range<Int>) -> JSON
    ) -> (answer: JSON, scannedBytes: Int) {
        if local, let local = LocalCompletionScan(bytes: bytes, cursor: offset),
            let items = items(bytes, at: offset, scan: local.scan, object: 0, kind: local.kind, range: lspRange)
        {
            return (["isIncomplete": false, "items": .array(items)], local.scannedBytes)
        }
        let scan = TolerantObjects(bytes: bytes, cursor: offset)
        guard let object = scan.cursor.object else { return ([], scan.scannedBytes) }
        let items =
            Self.items(
                bytes, at: offset, scan: scan, object: object, kind: kind(of: object, in: scan), range: lspRange,
                whole: true) ?? []
        return (["isIncomplete": false, "items": .array(items)], scan.scannedBytes)
    }

    /// The items at the cursor in object `o` of `scan`, which is `kind`; nil when they need more than `scan` holds
    /// (template names, unless `whole`: the scan is the whole text's).
    private static func items(
        _ bytes: [UInt8], at offset: Int, scan: TolerantObjects, object: Int, kind: ObjectKind,
        range lspRange: (Range<Int>) -> JSON, whole: Bool = false
    ) -> [JSON]? {
        let cursor = scan.cursor
        let (range, closed) = replacement(bytes, offset: offset, cursor: cursor)
        var items: [JSON] = []
        if cursor.expectsKey {
            let present = Set(
                scan.objects[object].members.filter { $0.range != cursor.string?.content }.map(\.name))
            for name in memberNames(scan, object, kind: kind).sorted() where !present.contains(name) {
                items.append(memberItem(name, range: range, closed: closed, quoted: cursor.string != nil, lspRange))
            }
        } else if let key = cursor.key {
            if !whole, needsTemplates(key, kind: kind, inArray: cursor.inArray) { return nil }
            for value in values(for: key, scan: scan, object: object, kind: kind, inArray: cursor.inArray) {
                items.append(valueItem(value, range: range, closed: closed, quoted: cursor.string != nil, lspRange))
            }
        }
        return items
    }

    /// Whether the values of `key` are template names (they need every enclosing object's `templates`).
    static func needsTemplates(_ key: String, kind: ObjectKind, inArray: Bool) -> Bool {
        if inArray { return false }
        if case .other("supplementary") = kind { return true }
        return ["cell", "header", "footer"].contains(key)
    }

    // MARK: What to offer

    /// The members the format defines for object `o`, by what the object is.
    static func memberNames(_ scan: TolerantObjects, _ o: Int, kind: ObjectKind) -> Set<String> {
        let object = scan.objects[o]
        switch kind {
        case .document: return DocumentDecoder.topLevelFieldNames.subtracting(["$schema", "version"])
        case .node:
            guard let type = object.string("type").flatMap(NodeType.init(rawValue:)) else {
                return NodeType.view.fieldNames
            }
            return type.fieldNames
        case .appearance: return AppearanceOverrides.fieldNames
        case .section(let owner):
            return scan.objects[owner].string("type") == NodeType.collectionView.rawValue
                ? DocumentDecoder.collectionSectionFieldNames : DocumentDecoder.tableSectionFieldNames
        case .other(let key): return objectMembers[key] ?? []
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

    static func kind(of o: Int, in scan: TolerantObjects) -> ObjectKind {
        let object = scan.objects[o]
        guard let parent = object.parent else { return .document }
        let key = object.key ?? ""
        if key == "root", scan.objects[parent].parent == nil, !object.isElement { return .node }
        if object.isElement, key == "children" { return .node }
        if !object.isElement, scan.objects[parent].key == "templates", scan.objects[parent].isElement == false {
            return .node
        }
        if key == "appearance", scan.objects[parent].parent == nil { return .appearance }
        if object.isElement, key == "sections" { return .section(owner: parent) }
        return .other(key)
    }

    /// Members of the format's small objects, by the member they are the value of.
    static let objectMembers: [String: Set<String>] = [
        "font": ["lineHeight"], "constraints": ["width", "height"],
        "skeletonPaddingInsets": ["top", "left", "bottom", "right"],
        "sectionInset": ["top", "left", "bottom", "right"],
        "gradient": ["baseColor", "secondaryColor", "colors"], "skeletonTextLineHeight": ["fixed"],
        "skeletonTextNumberOfLines": ["custom"], "tintColor": ["light", "dark"], "backgroundColor": ["light", "dark"],
        "baseColor": ["light", "dark"], "secondaryColor": ["light", "dark"],
    ]

    /// Members whose values are booleans.
    static let booleanMembers: Set<String> = [
        "isSkeletonable", "holdsContent", "isHidden", "isHiddenWhenSkeletonIsActive",
        "isUserInteractionDisabledWhenSkeletonIsActive", "isUserInteractionEnabled", "isScrollEnabled",
        "clipsToBounds", "arranged", "renderSingleLineAsView",
    ]

    /// One value to offer: its text (a string's content, or a literal) and its documentation.
    struct Value {
        var text: String
        var isString: Bool
        var kind: Int
        var documentation: String
    }

    /// The values member `key` takes, at the cursor in object `o`.
    static func values(for key: String, scan: TolerantObjects, object o: Int, kind: ObjectKind, inArray: Bool)
        -> [Value]
    {
        func strings<T: RawRepresentable & CaseIterable>(_: T.Type) -> [Value] where T.RawValue == String {
            T.allCases.map { Value(text: $0.rawValue, isString: true, kind: 20, documentation: doc(key, $0.rawValue)) }
        }
        if inArray {
            return key == "colors" || key == "gradient" ? colors() : []
        }
        if case .other("supplementary") = kind { return templates(scan, o) }
        switch key {
        case "type":
            return NodeType.allCases.map {
                Value(text: $0.rawValue, isString: true, kind: 7, documentation: typeDoc($0))
            }
        case "textAlignment": return strings(TextAlignment.self)
        case "alignment": return strings(StackAlignment.self)
        case "colorScheme": return strings(ColorScheme.self)
        case "layoutDirection": return strings(LayoutDirection.self)
        case "scrollDirection": return strings(ScrollDirection.self)
        case "layout": return [Value(text: "flow", isString: true, kind: 20, documentation: doc(key, "flow"))]
        case "rowHeight", "estimatedRowHeight", "rows", "items":
            return [Value(text: "automatic", isString: true, kind: 20, documentation: doc(key, "automatic"))]
        case "skeletonTextLineHeight", "textLineHeight":
            return ["relativeToFont", "relativeToConstraints"].map {
                Value(text: $0, isString: true, kind: 20, documentation: doc(key, $0))
            }
        case "skeletonTextNumberOfLines":
            return [Value(text: "inherited", isString: true, kind: 20, documentation: doc(key, "inherited"))]
        case "cell", "header", "footer": return templates(scan, o)
        default: break
        }
        if DocumentTextMap.colorMembers.contains(key) { return colors() }
        if booleanMembers.contains(key) {
            return ["true", "false"].map { Value(text: $0, isString: false, kind: 12, documentation: doc(key, $0)) }
        }
        return []
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
    static func templates(_ scan: TolerantObjects, _ o: Int) -> [Value] {
        var seen: Set<String> = []
        var out: [Value] = []
        var holder: Int? = o
        while let h = holder {
            for (k, object) in scan.objects.enumerated()
            where object.parent == h && object.key == "templates" && !object.isElement {
                for member in scan.objects[k].members where seen.insert(member.name).inserted {
                    let type = scan.objects.first { $0.parent == k && $0.key == member.name }?.string("type")
                    out.append(
                        Value(
                            text: member.name, isString: true, kind: 18,
                            documentation: "Template **`\(member.name)`**" + (type.map { " (`\($0)`)" } ?? "")))
                }
            }
            holder = scan.objects[h].parent
        }
        return out
    }

    static func doc(_ key: String, _ value: String) -> String {
        "`\(value)`" + (PropertyDocs.markdown(key).map { "\n\n" + $0 } ?? "")
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
    static func replacement(_ bytes: [UInt8], offset: Int, cursor: TolerantObjects.Cursor) -> (Range<Int>, Bool) {
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

    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "#")
            || b == UInt8(ascii: "$") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
    }

    /// Value snippets inserted after a member name typed anew.
    static let snippets: [String: String] = [
        "frame": "[${1:0}, ${2:0}, ${3:100}, ${4:44}]",
        "font": "{\"lineHeight\": ${1:20.287109375}\\}",
        "constraints": "{\"height\": [${1:44}]\\}",
        "skeletonPaddingInsets": "[${1:0}, ${2:0}, ${3:0}, ${4:0}]",
        "sectionInset": "[${1:0}, ${2:0}, ${3:0}, ${4:0}]",
        "itemSize": "[${1:50}, ${2:50}]",
        "children": "[$0]",
    ]

    static func memberItem(
        _ name: String, range: Range<Int>, closed: Bool, quoted: Bool, _ lspRange: (Range<Int>) -> JSON
    ) -> JSON {
        var text = name
        var format = 1
        if !closed {
            text = (quoted ? "" : "\"") + name + "\": "
            if let snippet = snippets[name] {
                text += snippet
                format = 2
            }
        }
        return [
            "label": .string(name), "kind": 10,
            "documentation": [
                "kind": "markdown", "value": .string(PropertyDocs.markdown(name) ?? "**`\(name)`**"),
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
