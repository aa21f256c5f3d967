import JSON

/// `textDocument/definition` from a template's name where it is used (a `cell`, `header`, `footer` or
/// `supplementary` value) to the template; `textDocument/references` from a template (its name where defined, or a
/// use) to every use. Templates resolve as the decoder resolves them: the table's own, then enclosing tables'.
enum Definition {
    static func definition(_ request: TextDocumentRequest, at offset: Int) throws -> JSON {
        guard !request.isInterfaceBuilder, let template = template(request.map, at: offset) else { return .null }
        return location(request, declaration(request.map, template))
    }

    static func references(_ request: TextDocumentRequest, at offset: Int, includeDeclaration: Bool) throws -> JSON {
        guard !request.isInterfaceBuilder else { return [] }
        let map = request.map
        guard let template = template(map, at: offset) else { return [] }
        var found: [JSON] = []
        if includeDeclaration { found.append(location(request, declaration(map, template))) }
        for use in map.uses where use.template == template {
            found.append(location(request, map.spans[use.span].value))
        }
        return .array(found)
    }

    /// The template (its root node) named at `offset`: by a use, or by its name where it is defined.
    private static func template(_ map: DocumentTextMap, at offset: Int) -> Int? {
        guard let location = map.location(at: offset) else { return nil }
        if let use = map.uses.first(where: { $0.span == location.span }) { return use.template }
        let node = map.node(ofSpan: location.span)
        if location.inKey, node >= 0, case .template = map.nodes[node].scope, map.nodes[node].indexPath.isEmpty {
            return node
        }
        return nil
    }

    /// Where a template is defined: its name in `templates`.
    private static func declaration(_ map: DocumentTextMap, _ template: Int) -> Range<Int> {
        let span = map.spans[map.nodes[template].span]
        return span.key ?? span.value
    }

    private static func location(_ request: TextDocumentRequest, _ range: Range<Int>) -> JSON {
        ["uri": .string(request.uri), "range": request.range(range)]
    }
}
