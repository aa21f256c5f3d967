import JSON
import SkeletonEngine
import SkeletonModel
import SkeletonProtocol

/// `textDocument/inlayHint` on a JSON document whose text is the live session's: the counts SkeletonView computes
/// and the text does not show, as the decoder and the engine computed them (read from the session, never derived
/// again here):
/// - a label's or text view's automatic line count (`numberOfLines` 0, a text view's fill, or a `custom` count of 0
///   or -1): `3 lines` (`one block` for 0) after its `numberOfLines` value, else after its `type` value;
/// - a table's or collection's automatic section: `6 rows` / `8 items`, the instances the decoder placed, after the
///   section's `rows`/`items` value, else after its `{` (a table without `sections`: after its `cell` value);
/// - a template defined in a table or collection: `6 instances` placed there, after its name in `templates`.
/// Template bodies count through their first instance. `[]` while the text has errors.
enum InlayHints {
    /// One hint: where, and what it says.
    struct Hint {
        var offset: Int
        var label: String
        /// Padding on the side the hint is written (after a value: left; after a `{`: right).
        var afterValue: Bool
    }

    static func answer(_ request: TextDocumentRequest, in requested: PositionRange) throws -> JSON {
        let range = try request.byteRange(requested)
        guard !request.isInterfaceBuilder else { return [] }
        guard let session = request.currentSessions.sessions[""] else { return [] }
        let map = request.map
        let bytes = request.text.buffer.bytes
        var hints: [Hint] = []
        for n in map.nodes.indices {
            guard let reference = map.sessionReference(of: n, in: session),
                let node = session.decodedNode(reference)
            else { continue }
            if let hint = lines(map, bytes, node: n, node, session) { hints.append(hint) }
            if map.nodes[n].scope == .view, node.type.isCollection {
                hints += sections(map, bytes, node: n, node, instances: session.instances(in: reference))
            }
        }
        return .array(
            hints.filter { range.contains($0.offset) || range.upperBound == $0.offset }
                .sorted { $0.offset < $1.offset }
                .map { hint in
                    [
                        "position": request.text.buffer.lspPosition(of: hint.offset, encoding: request.encoding),
                        "label": .string(hint.label), "paddingLeft": .bool(hint.afterValue),
                        "paddingRight": .bool(!hint.afterValue),
                    ]
                })
    }

    /// A text node's automatic line count.
    private static func lines(
        _ map: DocumentTextMap, _ bytes: [UInt8], node n: Int, _ node: Node, _ session: SkeletonSession
    )
        -> Hint?
    {
        guard node.type.isText,
            TextLineCount.estimated(type: node.type, text: node.text ?? TextProperties(for: node.type)) <= 0
        else { return nil }
        let count = min(node.skeletonLineCount(appearance: session.appearance), TextLineCount.ceiling)
        let label = count == 0 ? "one block" : count == 1 ? "1 line" : "\(count) lines"
        let after =
            DocumentCodeActions.member(map, bytes, node: n, DocumentProperty.text.numberOfLines.name)
            ?? map.nodes[n].typeSpan
        guard let after else { return nil }
        return Hint(offset: map.spans[after].value.upperBound, label: label, afterValue: true)
    }

    /// A table's or collection's automatic sections and its templates' instance counts.
    private static func sections(
        _ map: DocumentTextMap, _ bytes: [UInt8], node n: Int, _ node: Node, instances: [InstanceInfo]
    ) -> [Hint] {
        var hints: [Hint] = []
        let isTable = node.table != nil
        let noun = isTable ? DocumentProperty.section.rows.name : DocumentProperty.section.items.name
        var automatic: [Bool] = node.table?.sections.map { $0.rows == .automatic } ?? []
        if let collection = node.collection { automatic = collection.sections.map { $0.items == .automatic } }
        var cells = Array(repeating: 0, count: automatic.count)
        var uses: [String: Int] = [:]
        for instance in instances {
            uses[instance.template, default: 0] &+= 1
            if case .cell(let section, _) = instance.role, cells.indices.contains(section) { cells[section] &+= 1 }
        }
        func label(_ count: Int) -> String { count == 1 ? "1 \(isTable ? "row" : "item")" : "\(count) \(noun)" }
        if let list = DocumentCodeActions.member(map, bytes, node: n, DocumentProperty.list.sections.name) {
            var c = list + 1
            while c < map.spans[list].subtreeEnd {
                let section = map.spans[c]
                if let s = section.element, automatic.indices.contains(s), automatic[s], section.isObject {
                    if let written = DocumentCodeActions.member(map, bytes, object: c, noun) {
                        hints.append(
                            Hint(offset: map.spans[written].value.upperBound, label: label(cells[s]), afterValue: true))
                    } else {
                        hints.append(
                            Hint(offset: section.value.lowerBound + 1, label: label(cells[s]), afterValue: false))
                    }
                }
                c = section.subtreeEnd
            }
        } else if automatic.count == 1, automatic[0],
            let cell = DocumentCodeActions.member(
                map, bytes, node: n, DocumentProperty.list.cell.name)
        {
            hints.append(Hint(offset: map.spans[cell].value.upperBound, label: label(cells[0]), afterValue: true))
        }
        for (name, root) in map.nodes[n].templates {
            guard let key = map.spans[map.nodes[root].span].key else { continue }
            let count = uses[name] ?? 0
            hints.append(
                Hint(offset: key.upperBound, label: count == 1 ? "1 instance" : "\(count) instances", afterValue: true))
        }
        return hints
    }
}

extension DocumentTextMap {
    /// Node `n`'s reference in `session`: a view-tree node's local reference; a template body node's in the first
    /// instance of its template placed in the (view-tree) table or collection that defines it; nil when none.
    func sessionReference(of n: Int, in session: SkeletonSession) -> String? {
        let node = nodes[n]
        guard case .template(let name, let owner) = node.scope else { return node.localReference }
        guard nodes[owner].scope == .view,
            let prefix = session.firstInstancePrefix(of: name, in: nodes[owner].localReference)
        else { return nil }
        return prefix + "/" + node.localReference
    }
}
