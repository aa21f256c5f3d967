import JSON
import SkeletonModel

/// A JSON skeleton document's text seen as the format sees it: which values are nodes (the view tree and template
/// bodies), where each node's `id`, `type` and `frame` are, which strings name templates, and which are colours.
///
/// Built from the value spans of the text's syntax tree (`JSONSyntaxTree.valueSpans`: a tolerant parse; the document
/// entry's tree, `DocumentEntry.syntaxTree(of:)`), once per text version (see `DocumentEntry.State.textMap`), or worked out from the previous version's map when an edit lies
/// inside one scalar value (`updated(by:in:)`); every language feature reads positions through it. Works on any
/// text, valid or not: what is well formed is mapped.
struct DocumentTextMap: Sendable {
    /// A node object written in the text.
    struct TextNode: Sendable, Equatable {
        /// Where a node sits: the view tree, or a template body.
        enum Scope: Sendable, Hashable {
            case view
            /// The body of template `name` defined in table or collection node `owner`.
            case template(name: String, owner: Int)
        }

        /// The object's index in `spans`.
        var span: Int
        /// The enclosing node (for a template's root, the table or collection that defines it); -1 for the root.
        var parent: Int
        var scope: Scope
        /// The index path inside its scope (the view tree, or the template body, whose root is `0`).
        var indexPath: [Int]
        var id: String?
        var type: String?
        /// Spans of the `id`, `type` and `frame` values.
        var idSpan: Int?
        var typeSpan: Int?
        var frameSpan: Int?
        /// The templates this node defines (tables and collections): name → node index of the template's root.
        var templates: [String: Int] = [:]

        /// The node's local reference: its id, else its index path (`0`, `0.1`), as the decoder names it.
        var localReference: String {
            id ?? (["0"] + indexPath.map(String.init)).joined(separator: ".")
        }
    }

    /// A string in a table or collection that names a template (`cell`, a section's `cell`, `header`, `footer`,
    /// or a `supplementary` kind's value).
    struct TemplateUse: Sendable, Equatable {
        /// The string's index in `spans`.
        var span: Int
        var name: String
        /// The table or collection node it belongs to.
        var owner: Int
        /// The template's root node, found as the decoder finds it (the owner's templates, then enclosing ones).
        var template: Int?
    }

    private(set) var spans: SpanTable
    /// What the language features work out once for this text version (line kinds, the encoded outline).
    private(set) var cache = TextMapCache()
    private(set) var nodes: [TextNode] = []
    private(set) var uses: [TemplateUse] = []
    /// Strings in colour positions that are colours (members whose values the registry says are colours:
    /// `backgroundColor`, `tintColor`, `textColor`, gradient members, `light`, `dark`…; elements of `colors`), with
    /// the colour.
    private(set) var colors: [(span: Int, color: SkeletonColor)] = []
    /// The node each span is (or -1).
    private var nodeOfSpan: [Int]
    /// The keys of container spans that are object members, decoded once.
    private var memberNames: [Int: String] = [:]

    /// Members whose string values are colours.
    static let colorMembers: Set<String> = names { $0 == .color }
    /// Arrays whose string elements are colours.
    static let colorArrays: Set<String> = names { $0 == .colors || $0 == .gradient }
    /// Members of a table, a collection or one of their sections whose strings name a template.
    static let templateMembers: Set<String> = names { $0 == .templateName }

    /// The names of the format's members whose values are `kind`.
    private static func names(_ kind: (PropertyValue) -> Bool) -> Set<String> {
        Set(PropertyRegistry.all.filter { kind($0.value) }.map(\.name))
    }

    /// The map of the text `tree` is the syntax tree of (its bytes shared, not copied).
    init(tree: JSONSyntaxTree) {
        let spans = tree.valueSpans()
        self = tree.bytes.withUnsafeBufferPointer { DocumentTextMap(spans: spans, bytes: $0) }
    }

    /// The map of `bytes`, read from a syntax tree of its own (for tests; documents use their entry's tree).
    init(bytes: [UInt8]) { self.init(tree: JSONSyntaxTree(bytes: bytes)) }

    private init(spans: [JSONSyntaxTree.ValueSpan], bytes: UnsafeBufferPointer<UInt8>) {
        self.spans = SpanTable(spans)
        nodeOfSpan = Array(repeating: -1, count: spans.count)
        guard let top = spans.first, top.isObject else { return }
        for k in 1..<spans.count {
            let span = spans[k]
            let key = span.key.map { JSONSyntaxTree.string(in: $0, of: bytes) }
            let parent = span.parent
            let parentNode = parent >= 0 ? nodeOfSpan[parent] : -1
            if span.isObject || span.isArray, let key { memberNames[k] = key }
            // Nodes: the root, the elements of a node's children, the members of a node's templates.
            if span.isObject {
                if parent == 0, key == DocumentProperty.document.root.name {
                    addNode(span: k, parent: -1, scope: .view, indexPath: [])
                } else if let element = span.element,
                    let holder = owner(ofMember: parent, named: DocumentProperty.view.children.name)
                {
                    var path = nodes[holder].indexPath
                    path.append(element)
                    addNode(span: k, parent: holder, scope: nodes[holder].scope, indexPath: path)
                } else if let key, let holder = owner(ofMember: parent, named: DocumentProperty.list.templates.name) {
                    let index = addNode(
                        span: k, parent: holder, scope: .template(name: key, owner: holder), indexPath: [])
                    nodes[holder].templates[key] = nodes[holder].templates[key] ?? index
                }
            }
            if parentNode >= 0, let key {
                switch key {
                case DocumentProperty.view.id.name where span.isString: nodes[parentNode].idSpan = k
                case DocumentProperty.view.type.name where span.isString: nodes[parentNode].typeSpan = k
                case DocumentProperty.view.frame.name: nodes[parentNode].frameSpan = k
                default: break
                }
            }
            if span.isString {
                let string = { JSONSyntaxTree.string(in: span.value, of: bytes) }
                if let key, parentNode >= 0 {
                    if key == DocumentProperty.view.id.name { nodes[parentNode].id = string() }
                    if key == DocumentProperty.view.type.name { nodes[parentNode].type = string() }
                }
                if let owner = templateOwner(of: k, key: key) {
                    uses.append(TemplateUse(span: k, name: string(), owner: owner, template: nil))
                }
                let inColorArray = span.element != nil && memberName(parent).map(Self.colorArrays.contains) == true
                if key.map(Self.colorMembers.contains) == true || inColorArray,
                    let color = SkeletonColor(parsing: string())
                {
                    colors.append((k, color))
                }
            }
        }
        let collections = Set(nodes.indices.filter(isCollectionNode))
        uses.removeAll { !collections.contains($0.owner) }
        for u in uses.indices { uses[u].template = resolve(uses[u].name, from: uses[u].owner) }
    }

    @discardableResult
    private mutating func addNode(span: Int, parent: Int, scope: TextNode.Scope, indexPath: [Int]) -> Int {
        nodes.append(TextNode(span: span, parent: parent, scope: scope, indexPath: indexPath))
        nodeOfSpan[span] = nodes.count - 1
        return nodes.count - 1
    }

    /// The node whose member `name` is the container span `container`, if any.
    private func owner(ofMember container: Int, named name: String) -> Int? {
        guard container > 0 else { return nil }
        let holder = spans[container].parent
        guard holder >= 0, nodeOfSpan[holder] >= 0, memberName(container) == name else { return nil }
        return nodeOfSpan[holder]
    }

    /// The member name of container span `k` (nil for elements and the top value).
    private func memberName(_ k: Int) -> String? { memberNames[k] }

    /// The table or collection node whose template the string at `k` names, or nil.
    private func templateOwner(of k: Int, key: String?) -> Int? {
        let parent = spans[k].parent
        guard parent >= 0 else { return nil }
        if let key, Self.templateMembers.contains(key) {
            // A node's own `cell`, or a section's (an element of the node's `sections`).
            if nodeOfSpan[parent] >= 0 { return key == DocumentProperty.list.cell.name ? nodeOfSpan[parent] : nil }
            if spans[parent].element != nil {
                return owner(ofMember: spans[parent].parent, named: DocumentProperty.list.sections.name)
            }
            // Else perhaps a `supplementary` kind named `header` or `footer`: below.
        }
        // A value of a section's `supplementary` object.
        if key != nil, memberName(parent) == DocumentProperty.section.supplementary.name {
            let section = spans[parent].parent
            guard section > 0, spans[section].element != nil else { return nil }
            return owner(ofMember: spans[section].parent, named: DocumentProperty.list.sections.name)
        }
        return nil
    }

    /// Whether node `n` is written as a table or collection (its `type`, or it defines templates).
    private func isCollectionNode(_ n: Int) -> Bool {
        nodes[n].type == "UITableView" || nodes[n].type == "UICollectionView" || !nodes[n].templates.isEmpty
    }

    /// The template `name` as seen from node `n`: its own templates, then enclosing tables' and collections'.
    func resolve(_ name: String, from n: Int) -> Int? {
        var k = n
        while k >= 0 {
            if let found = nodes[k].templates[name] { return found }
            k = nodes[k].parent
        }
        return nil
    }

    /// The node span `k` is, or -1.
    func node(ofSpan k: Int) -> Int { nodeOfSpan[k] }

    // MARK: Edits inside one value

    /// Spans an edit's line may hold after the edit before its outline is encoded again rather than spliced.
    static let maximumOutlineSpans = 4096

    /// The map of `buffer`, which `edit` made from this map's text, worked out from this map; nil when the text must
    /// be scanned again.
    ///
    /// Only an edit inside one scalar value is followed, and only when no line starts or ends in it (the caller
    /// checks that none was removed, `TextMapEdit.linesChanged`): a number or literal that stays one (`154` →
    /// `1540`, not `15 4`, `1"` or `"x"`), or a string's content that leaves it one string whose meaning to the map
    /// cannot change (no `id`, `type` or template name; a colour is parsed again). Then every span keeps its index and
    /// every node and use its span; the spans after the edit move by its length change (recorded in `spans`, applied
    /// as they are read) and the edited value's colour is replaced. Equal to `DocumentTextMap(bytes:)` on `buffer`
    /// (tested field by field).
    func updated(by edit: ByteEdit, in buffer: TextBuffer) -> DocumentTextMap? {
        guard let top = spans.first, top.isObject, edit.start <= edit.oldEnd, edit.start <= edit.newEnd,
            edit.newEnd <= buffer.bytes.count
        else { return nil }
        // The last span starting at or before the edit (their starts grow in preorder): the edited scalar, if any.
        var low = 0
        var high = spans.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if spans[mid].value.lowerBound <= edit.start { low = mid } else { high = mid - 1 }
        }
        let k = low
        let old = spans[k]
        let start = old.value.lowerBound
        let end = old.value.upperBound + edit.delta
        guard k > 0, !old.isObject, !old.isArray, start <= edit.start, edit.oldEnd <= old.value.upperBound,
            start < end, end <= buffer.bytes.count
        else { return nil }
        return buffer.bytes.withUnsafeBufferPointer { bytes -> DocumentTextMap? in
            for i in edit.start..<edit.newEnd where bytes[i] == 0x0A { return nil }
            var map = self
            if old.isString {
                // The content only, and the string must still end where the edit moved its end.
                guard edit.start > start, edit.oldEnd < old.value.upperBound, bytes[start] == UInt8(ascii: "\"")
                else { return nil }
                guard JSONSyntaxTree.stringEnd(from: start, in: bytes) == end,
                    map.followString(k, value: start..<end, bytes: bytes)
                else { return nil }
            } else {
                // A literal is read up to the next delimiter: the same bytes must still make exactly one.
                guard Self.isLiteralByte(old.firstByte) else { return nil }
                for i in start..<end where !Self.isLiteralByte(bytes[i]) { return nil }
                guard end == bytes.count || Self.isDelimiter(bytes[end]) else { return nil }
            }
            map.spans.edit(k, delta: edit.delta, firstByte: bytes[start])
            let line = buffer.line(of: edit.start)
            map.cache = TextMapCache(
                following: cache, editedLine: line, outlineNodes: map.outlineNodes(editedSpan: k, line: line, buffer),
                buffer: buffer)
            return map
        }
    }

    /// The map of the text `edit` made when it changed only the bytes between two tokens (typing Enter, indenting,
    /// spaces around a separator), or nil when it may have changed more (the map is then built again).
    ///
    /// The removed bytes are gone from `buffer`, so the new text is checked instead: the edit lies in one gap between
    /// consecutive tokens of the old text (keys, scalar values, a container's brackets), and the new gap holds only
    /// whitespace and the separator those two tokens need (`:` after a key, `,` between members or elements, nothing
    /// after an opening or before a closing bracket). The tokens are then the old ones, shifted: nodes, uses and
    /// colours are kept; line kinds are worked out again when lines were added or removed, the outline encoded again.
    func updatedInGap(by edit: ByteEdit, in buffer: TextBuffer) -> DocumentTextMap? {
        guard let top = spans.first, top.isObject, edit.start <= edit.oldEnd, edit.start <= edit.newEnd,
            edit.newEnd <= buffer.bytes.count
        else { return nil }
        enum Token { case key, scalar, open, close }
        // The token ending last at or before the edit, and the one starting first at or after its removed bytes.
        var before: (end: Int, kind: Token)?
        var after: (start: Int, kind: Token)?
        func consider(_ token: Range<Int>, _ kind: Token) -> Bool {
            if token.upperBound <= edit.start {
                if before.map({ token.upperBound >= $0.end }) ?? true { before = (token.upperBound, kind) }
            } else if token.lowerBound >= edit.oldEnd {
                if after.map({ token.lowerBound < $0.start }) ?? true { after = (token.lowerBound, kind) }
            } else {
                return false  // the edit touches a token
            }
            return true
        }
        for k in spans.indices {
            let span = spans[k]
            if let key = span.key, !consider(key, .key) { return nil }
            if span.isObject || span.isArray {
                guard !span.value.isEmpty else { return nil }
                if !consider(span.value.lowerBound..<(span.value.lowerBound + 1), .open) { return nil }
                if !consider((span.value.upperBound - 1)..<span.value.upperBound, .close) { return nil }
            } else if !consider(span.value, .scalar) {
                return nil
            }
        }
        guard let before, let after, before.end <= after.start else { return nil }
        let separator: UInt8? =
            switch (before.kind, after.kind) {
            case (.key, _): UInt8(ascii: ":")
            case (.open, _), (_, .close): nil
            default: UInt8(ascii: ",")
            }
        // The new gap: from the token before to the token after, moved by the edit.
        let gapEnd = after.start + edit.delta
        guard before.end <= gapEnd, gapEnd <= buffer.bytes.count else { return nil }
        var found = 0
        for i in before.end..<gapEnd {
            switch buffer.bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case let b where b == separator: found += 1
            default: return nil
            }
        }
        guard found == (separator == nil ? 0 : 1) else { return nil }
        var map = self
        map.spans.shiftGap(after: before.end, delta: edit.delta)
        // A line break typed may move a line's bytes to another line: then every line's kind is worked out again
        // (one removed without one typed shows in the line count, which the cache checks).
        let typedLineBreak = buffer.bytes[edit.start..<edit.newEnd].contains(0x0A)
        map.cache = TextMapCache(
            following: cache, editedLine: typedLineBreak ? Int.max : buffer.line(of: edit.start), outlineNodes: nil,
            buffer: buffer)
        return map
    }

    /// Follows an edit of string `k`'s content (the string now `value`): false when the map must be built again (the
    /// string is an `id`, a `type` or a template name), else its colour parsed again when it is in a colour position.
    private mutating func followString(_ k: Int, value: Range<Int>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = spans[k]
        let key = span.key.map { JSONSyntaxTree.string(in: $0, of: bytes) }
        if key == DocumentProperty.view.id.name || key == DocumentProperty.view.type.name
            || templateOwner(of: k, key: key) != nil
        {
            return false
        }
        let inColorArray = span.element != nil && memberName(span.parent).map(Self.colorArrays.contains) == true
        guard key.map(Self.colorMembers.contains) == true || inColorArray else { return true }
        let color = SkeletonColor(parsing: JSONSyntaxTree.string(in: value, of: bytes))
        // `colors` is in span order.
        var low = 0
        var high = colors.count
        while low < high {
            let mid = (low + high) / 2
            if colors[mid].span < k { low = mid + 1 } else { high = mid }
        }
        let present = low < colors.count && colors[low].span == k
        switch (present, color) {
        case (true, .some(let color)): colors[low].color = color
        case (true, nil): colors.remove(at: low)
        case (false, .some(let color)): colors.insert((k, color), at: low)
        case (false, nil): break
        }
        return true
    }

    /// The nodes whose outline symbol may read differently after an edit of scalar `k` on `line` (in this, the
    /// edited, map): those around it (a `frame` in a symbol's detail, an end on the line) and those with a span
    /// starting later on the line (their positions move); in node order. Nil when the line holds too many spans.
    private func outlineNodes(editedSpan k: Int, line: Int, _ buffer: TextBuffer) -> [Int]? {
        var touched: Set<Int> = []
        var a = k
        while a >= 0 {
            if nodeOfSpan[a] >= 0 { touched.insert(nodeOfSpan[a]) }
            a = spans[a].parent
        }
        let lineEnd = line + 1 < buffer.lineCount ? buffer.lineStarts[line + 1] : buffer.bytes.count
        var j = k + 1
        while j < spans.count {
            let span = spans[j]
            guard span.value.lowerBound < lineEnd else { break }
            guard j - k <= Self.maximumOutlineSpans else { return nil }
            if nodeOfSpan[j] >= 0 { touched.insert(nodeOfSpan[j]) }
            if span.parent >= 0, nodeOfSpan[span.parent] >= 0 { touched.insert(nodeOfSpan[span.parent]) }
            j += 1
        }
        return touched.sorted()
    }

    /// Bytes a number or a `true`, `false` or `null` literal is written with (a literal the map follows in place).
    private static func isLiteralByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default: false
        }
    }

    /// Bytes that end a literal in the syntax tree.
    private static func isDelimiter(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == UInt8(ascii: ",") || b == UInt8(ascii: "]")
            || b == UInt8(ascii: "}")
    }

    /// The fields in which two maps differ (every field but the caches; the first differing span's index), for tests.
    func differences(from other: DocumentTextMap) -> [String] {
        var out: [String] = []
        if let k = zip(spans, other.spans).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            out.append("spans[\(k)]: \(spans[k]) vs \(other.spans[k])")
        } else if spans.count != other.spans.count {
            out.append("spans: \(spans.count) vs \(other.spans.count)")
        }
        if nodes != other.nodes { out.append("nodes") }
        if uses != other.uses { out.append("uses") }
        if colors.map(\.span) != other.colors.map(\.span) || colors.map(\.color) != other.colors.map(\.color) {
            out.append("colors")
        }
        if nodeOfSpan != other.nodeOfSpan { out.append("nodeOfSpan") }
        if memberNames != other.memberNames { out.append("memberNames") }
        return out
    }

    // MARK: Positions

    /// What sits at a byte offset of the text.
    struct Location: Sendable {
        /// The innermost span whose value (or key) holds the offset.
        var span: Int
        /// Whether the offset is in that span's key rather than its value.
        var inKey: Bool
        /// The innermost node whose object holds the offset, or nil.
        var node: Int?
    }

    /// The innermost value (or key) at `offset`, and the node around it; nil when the offset is outside the top
    /// value. An offset just past a value's last byte still counts as that value (a cursor after a word).
    func location(at offset: Int) -> Location? {
        guard let top = spans.first, top.value.lowerBound <= offset, offset <= top.value.upperBound else { return nil }
        var k = 0
        var inKey = false
        var node: Int? = nodeOfSpan[0] >= 0 ? nodeOfSpan[0] : nil
        descend: while true {
            var c = k + 1
            while c < spans[k].subtreeEnd {
                let s = spans[c]
                if let key = s.key, key.lowerBound <= offset, offset < key.upperBound {
                    k = c
                    inKey = true
                    break descend
                }
                if s.value.lowerBound <= offset,
                    offset < s.value.upperBound
                        || (offset == s.value.upperBound && !s.isObject && !s.isArray)
                {
                    k = c
                    if nodeOfSpan[c] >= 0 { node = nodeOfSpan[c] }
                    continue descend
                }
                c = s.subtreeEnd
            }
            break
        }
        return Location(span: k, inKey: inKey, node: node)
    }
}
