import JSON
import SkeletonModel

/// `textDocument/codeAction` on a JSON skeleton document: `quickfix`es, each a `WorkspaceEdit` of exact text edits,
/// for what the range touches:
/// - a skeletonable node under an ancestor that is not (`not-skeletonable-ancestor`): "Make the chain to … skeletonable"
///   sets `isSkeletonable` to `true` on every node from it up to the root (for a template body, up through the table);
/// - an unknown `type`, member name or colour name: "Did you mean …?", the nearest known names by edit distance.
enum DocumentCodeActions {
    static func actions(_ request: TextDocumentRequest, in range: Range<Int>) -> [JSON] {
        let map = request.map
        let bytes = request.text.buffer.bytes
        var actions: [JSON] = []
        if let node = map.location(at: range.lowerBound)?.node, let chain = chainEdits(map, bytes, node: node) {
            let name = map.nodes[node].localReference
            let count = chain.count == 1 ? "1 node" : "\(chain.count) nodes"
            actions.append(
                action(
                    "Make the chain to \"\(name)\" skeletonable (isSkeletonable on \(count))", chain, request,
                    preferred: true, fixing: chainWarning(map, bytes, node: node, request)))
        }
        if let node = map.location(at: range.lowerBound)?.node {
            actions += pitfallFixes(request, map, bytes, node: node)
            actions += cellTemplateFixes(request, map, bytes, node: node)
        }
        for fix in didYouMean(map, bytes, in: range) {
            actions.append(
                action(
                    "Did you mean \"\(fix.name)\"?", [(fix.range, fix.name)], request,
                    preferred: fix.isBest))
        }
        return actions
    }

    private static func action(
        _ title: String, _ edits: [(Range<Int>, String)], _ request: TextDocumentRequest, preferred: Bool,
        fixing diagnostic: JSON? = nil
    ) -> JSON {
        let sorted = edits.sorted { $0.0.lowerBound < $1.0.lowerBound }
        let lsp: [JSON] = sorted.map { ["range": request.range($0.0), "newText": .string($0.1)] }
        var action: JSONObject = [
            "title": .string(title), "kind": "quickfix", "isPreferred": .bool(preferred),
            "edit": ["changes": [request.uri: .array(lsp)]],
        ]
        if let diagnostic { action["diagnostics"] = [diagnostic] }
        return .object(action)
    }

    /// The `not-skeletonable-ancestor` warning of node `n`, as published.
    static func chainWarning(_ map: DocumentTextMap, _ bytes: [UInt8], node n: Int, _ request: TextDocumentRequest)
        -> JSON?
    {
        let buffer = request.text.buffer
        let tree = { request.tree }
        return SkeletonableChain.warnings(map, bytes).lazy.map(Diagnostic.init)
            .first { map.location(at: $0.byteRange(in: buffer, tree: tree).lowerBound)?.node == n }?
            .lsp(in: buffer, encoding: request.encoding, tree: tree)
    }

    // MARK: The skeletonable chain

    /// The span of node `n`'s member `name`, if written.
    static func member(_ map: DocumentTextMap, _ bytes: [UInt8], node n: Int, _ name: String) -> Int? {
        member(map, bytes, object: map.nodes[n].span, name)
    }

    /// The span of object span `object`'s member `name`, if written.
    static func member(_ map: DocumentTextMap, _ bytes: [UInt8], object: Int, _ name: String) -> Int? {
        var k = object + 1
        while k < map.spans[object].subtreeEnd {
            let span = map.spans[k]
            if let key = span.key, bytes[key].elementsEqual(("\"" + name + "\"").utf8) { return k }
            k = span.subtreeEnd
        }
        return nil
    }

    /// Whether node `n` writes `"isSkeletonable": true`.
    static func isSkeletonable(_ map: DocumentTextMap, _ bytes: [UInt8], node n: Int) -> Bool {
        guard let k = member(map, bytes, node: n, DocumentProperty.view.isSkeletonable.name) else { return false }
        return bytes[map.spans[k].value].elementsEqual("true".utf8)
    }

    /// The edits that make every ancestor of skeletonable node `n` skeletonable, or nil when `n` is not
    /// skeletonable or nothing above it is missing.
    static func chainEdits(_ map: DocumentTextMap, _ bytes: [UInt8], node n: Int) -> [(Range<Int>, String)]? {
        guard isSkeletonable(map, bytes, node: n) else { return nil }
        var edits: [(Range<Int>, String)] = []
        var a = map.nodes[n].parent
        while a >= 0 {
            if !isSkeletonable(map, bytes, node: a) { edits.append(skeletonableEdit(map, bytes, node: a)) }
            a = map.nodes[a].parent
        }
        return edits.isEmpty ? nil : edits
    }

    /// The edit that makes node `n` skeletonable: its `isSkeletonable` value replaced by `true`, else the member
    /// added after its `type` (or first in the object).
    static func skeletonableEdit(_ map: DocumentTextMap, _ bytes: [UInt8], node n: Int) -> (Range<Int>, String) {
        memberEdit(map, bytes, node: n, DocumentProperty.view.isSkeletonable.name, "true")
    }

    /// The edit that gives node `n`'s member `name` the JSON value `value`: its value replaced, else the member
    /// added after the node's `type` (or first in the object).
    static func memberEdit(_ map: DocumentTextMap, _ bytes: [UInt8], node n: Int, _ name: String, _ value: String)
        -> (Range<Int>, String)
    {
        if let k = member(map, bytes, node: n, name) { return (map.spans[k].value, value) }
        if let type = map.nodes[n].typeSpan {
            let end = map.spans[type].value.upperBound
            return (end..<end, ", \"\(name)\": \(value)")
        }
        let object = map.nodes[n].span
        let start = map.spans[object].value.lowerBound + 1
        let empty = map.spans[object].subtreeEnd == object + 1
        return (start..<start, empty ? "\"\(name)\": \(value)" : "\"\(name)\": \(value), ")
    }

    // MARK: Lines that do not fit

    /// The quick fixes of a view-tree node's pitfalls in the live session (`NodePitfalls`): "Give … k skeleton
    /// lines" for `lines-do-not-fit` (sets `skeletonTextNumberOfLines` to the count that fits its frame), "Make …
    /// skeletonable" for `hidden-flag-ignored`; each replaces the member's value, else inserts it after `type`.
    static func pitfallFixes(_ request: TextDocumentRequest, _ map: DocumentTextMap, _ bytes: [UInt8], node n: Int)
        -> [JSON]
    {
        guard map.nodes[n].scope == .view, let session = request.currentSessions.sessions[""],
            let node = session.decodedNode(map.nodes[n].localReference)
        else { return [] }
        let appearance = NodePitfalls.appearance(of: session.document)
        let name = map.nodes[n].localReference
        let buffer = request.text.buffer
        let pointer = SkeletonableChain.pointer(of: map.nodes[n].indexPath)
        let warnings = NodePitfalls.warnings(node, at: pointer, appearance: appearance)
        return NodePitfalls.findings(node, appearance: appearance, isRoot: map.nodes[n].parent < 0).map { finding in
            let diagnostic = warnings.first {
                $0.code == finding.code && $0.pointer.tokens.count == pointer.tokens.count + 1
            }
            .map { Diagnostic($0).lsp(in: buffer, encoding: request.encoding) { request.tree } }
            switch finding.fix {
            case .lineCount(let k):
                return action(
                    "Give \"\(name)\" \(k) skeleton \(k == 1 ? "line" : "lines") (\(DocumentProperty.text.skeletonTextNumberOfLines.name): \(k))",
                    [memberEdit(map, bytes, node: n, DocumentProperty.text.skeletonTextNumberOfLines.name, String(k))],
                    request, preferred: true,
                    fixing: diagnostic)
            case .makeSkeletonable:
                return action(
                    "Make \"\(name)\" skeletonable", [skeletonableEdit(map, bytes, node: n)], request, preferred: true,
                    fixing: diagnostic)
            }
        }
    }

    // MARK: A table or collection without a cell

    /// On a table or collection that names no cell (no `cell`, no `sections`: `missing-cell-template`): "Use
    /// template "<name>" for its cells" for each template of the cell's class it defines (`UITableViewCell` in a
    /// table, `UICollectionViewCell` in a collection; the first preferred), else "Add a cell template" (preferred),
    /// which names a new skeletonable cell (`UITableViewCell` of the table's width and 44 pt, UIKit's default row
    /// height; `UICollectionViewCell` of the collection's `itemSize`, 50 × 50 by default) and defines it; then its
    /// other templates (a header's `UIView`), never preferred. Three "Use template" actions at most.
    static func cellTemplateFixes(_ request: TextDocumentRequest, _ map: DocumentTextMap, _ bytes: [UInt8], node n: Int)
        -> [JSON]
    {
        let type = map.nodes[n].type
        guard type == "UITableView" || type == "UICollectionView",
            member(map, bytes, node: n, DocumentProperty.list.cell.name) == nil,
            member(map, bytes, node: n, DocumentProperty.list.sections.name) == nil
        else { return [] }
        let name = map.nodes[n].localReference
        let cellType = type == "UITableView" ? "UITableViewCell" : "UICollectionViewCell"
        let defined = map.nodes[n].templates.sorted { $0.value < $1.value }
        let cells = defined.filter { map.nodes[$0.value].type == cellType }.map(\.key)
        let others = defined.filter { map.nodes[$0.value].type != cellType }.map(\.key)
        func use(_ template: String, preferred: Bool) -> JSON {
            action(
                "Use template \"\(template)\" for the cells of \"\(name)\"",
                [memberEdit(map, bytes, node: n, DocumentProperty.list.cell.name, quoted(template))], request,
                preferred: preferred)
        }
        var actions = cells.prefix(3).enumerated().map { k, template in use(template, preferred: k == 0) }
        if cells.isEmpty, let add = addCellTemplate(request, map, bytes, node: n, cellType: cellType) {
            actions.append(add)
        }
        actions += others.prefix(max(0, 3 - cells.count)).map { use($0, preferred: false) }
        return actions
    }

    /// "Add a cell template to "<name>"" on table or collection `n`: `"cell"` naming a new template of `cellType`,
    /// defined in its `templates` (added when it has none). Nil when `templates` is written as something other than
    /// an object (the author's to fix first).
    private static func addCellTemplate(
        _ request: TextDocumentRequest, _ map: DocumentTextMap, _ bytes: [UInt8], node n: Int, cellType: String
    ) -> JSON? {
        let name = map.nodes[n].localReference
        var cell = "Cell"
        var k = 2
        while map.resolve(cell, from: n) != nil {
            cell = "Cell\(k)"
            k += 1
        }
        let live = map.nodes[n].scope == .view ? request.currentSessions.sessions[""]?.decodedNode(name) : nil
        let size: Size
        if cellType == "UITableViewCell" {
            let row = live?.table?.skeletonRowHeight ?? 44
            size = Size(width: live?.frame.width ?? 320, height: row > 0 ? row : 44)
        } else {
            size = live?.collection?.itemSize ?? Size(width: 50, height: 50)
        }
        let frame = "[0, 0, \(size.width.pointsText), \(size.height.pointsText)]"
        let members: [(DocumentProperty, String)] = [
            (.view.type, quoted(cellType)), (.view.frame, frame), (.view.isSkeletonable, "true"),
        ]
        let body = "{" + members.map { "\(quoted($0.0.name)): \($0.1)" }.joined(separator: ", ") + "}"
        var edits = [memberEdit(map, bytes, node: n, DocumentProperty.list.cell.name, quoted(cell))]
        if let templates = member(map, bytes, node: n, DocumentProperty.list.templates.name) {
            // The new template goes first inside the `templates` object.
            guard map.spans[templates].isObject else { return nil }
            let inside = map.spans[templates].value.lowerBound + 1
            let empty = map.spans[templates].subtreeEnd == templates + 1
            edits.append((inside..<inside, "\(quoted(cell)): \(body)" + (empty ? "" : ", ")))
        } else {
            edits[0].1 += ", \(quoted(DocumentProperty.list.templates.name)): {\(quoted(cell)): \(body)}"
        }
        return action("Add a cell template to \"\(name)\"", edits, request, preferred: true)
    }

    /// `s` as a JSON string literal.
    static func quoted(_ s: String) -> String {
        var writer = JSONWriter(capacity: s.utf8.count + 2)
        writer.writeString(s)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    // MARK: Did you mean

    /// A replacement name for an unknown one.
    struct Suggestion {
        var range: Range<Int>
        var name: String
        var isBest: Bool
    }

    /// Suggestions for the unknown names the range touches: a node's `type` value, a node member's name, a
    /// colour name in a colour position.
    static func didYouMean(_ map: DocumentTextMap, _ bytes: [UInt8], in range: Range<Int>) -> [Suggestion] {
        var out: [Suggestion] = []
        func touches(_ r: Range<Int>) -> Bool { r.lowerBound <= range.upperBound && range.lowerBound <= r.upperBound }
        for k in map.spans.indices.dropFirst() {
            let span = map.spans[k]
            let parentNode = map.node(ofSpan: span.parent)
            if let key = span.key, touches(key), parentNode >= 0 {
                let name = text(key, bytes)
                let type = map.nodes[parentNode].type.flatMap(NodeType.init(rawValue:)) ?? .view
                if !type.fieldNames.contains(name) {
                    out += suggest(name, among: type.fieldNames, at: DocumentColors.inside(key))
                }
            }
            guard span.isString, touches(span.value) else { continue }
            let value = text(span.value, bytes)
            let key = span.key.map { text($0, bytes) }
            if parentNode >= 0, key == DocumentProperty.view.type.name, NodeType(rawValue: value) == nil {
                out += suggest(
                    value, among: Set(NodeType.allCases.map(\.rawValue)), at: DocumentColors.inside(span.value))
            } else if key.map(DocumentTextMap.colorMembers.contains) == true, !value.hasPrefix("#"),
                SkeletonColor(parsing: value) == nil
            {
                out += suggest(value, among: Set(SkeletonColor.names), at: DocumentColors.inside(span.value))
            }
        }
        return out
    }

    /// The string at `range` (quotes included), unescaped.
    static func text(_ range: Range<Int>, _ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { JSONSyntaxTree.string(in: range, of: $0) }
    }

    /// Up to three known names within a few edits of `name`, nearest first.
    static func suggest(_ name: String, among known: Set<String>, at range: Range<Int>) -> [Suggestion] {
        guard name.utf8.count <= 64 else { return [] }
        let limit = max(2, name.count / 3)
        let ranked = known.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= limit }
            .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            .prefix(3)
        return ranked.enumerated().map { Suggestion(range: range, name: $0.element.0, isBest: $0.offset == 0) }
    }

    /// Levenshtein distance (names are short: at most 64 characters here).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
