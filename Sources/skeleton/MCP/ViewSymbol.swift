import JSON
import SkeletonProtocol

/// Where the outline (`textDocument/documentSymbol`) places a view in its document's text: its whole range, the
/// range that names it, and its subviews' ranges. Positions are the daemon's: 0-based lines, UTF-8 columns.
struct ViewSymbol {
    var range: PositionRange
    var selectionRange: PositionRange
    var childRanges: [PositionRange]

    /// Whether 0-based `line` and `column` fall inside the view's own text, not a subview's.
    func owns(line: Int, column: Int) -> Bool {
        Self.contains(range, line, column) && !childRanges.contains { Self.contains($0, line, column) }
    }

    private static func contains(_ range: PositionRange, _ line: Int, _ column: Int) -> Bool {
        (range.start.line, range.start.character) <= (line, column)
            && (line, column) <= (range.end.line, range.end.character)
    }
}

extension DaemonSession {
    /// The outline symbol of the view `reference` in the document's scene, or nil when the text names no such view
    /// (a template instance of a JSON document is found through its template's body).
    ///
    /// JSON documents: the outline's root is the document's root; a symbol's name is the view's reference, its
    /// templates are children of kind 5. Storyboards and XIBs: one symbol per scene (kind 2) whose child is the
    /// scene's root view (`rootViewID` of `skeleton/scenes`); views are named by their references.
    func viewSymbol(_ reference: String, in document: ToolDocument) throws(ToolError) -> ViewSymbol? {
        let identifier = TextDocumentIdentifier(uri: document.source.uri)
        var roots = try request(DocumentSymbolRequest.self, .init(textDocument: identifier)).arrayValue ?? []
        if document.source.isInterfaceBuilder {
            let scenes = try request(ScenesRequest.self, .init(document: identifier)).arrayValue ?? []
            let scene = scenes.first { scene in
                document.source.scene.map { scene["id"]?.stringValue == $0 } ?? (scene["initial"] == true)
            }
            let rootView = scene?["rootViewID"]
            roots = roots.filter { ($0["children"]?.arrayValue ?? []).contains { $0["name"] == rootView } }
        }
        // A template instance (`feed[0,3]/avatar`) is written once, in its template's body.
        let local = reference.split(separator: "/").last.map(String.init) ?? reference
        let instance = reference.contains("/") && !document.source.isInterfaceBuilder
        var stack: [(symbol: JSON, inTemplate: Bool)] = roots.reversed().map { ($0, false) }
        while let (symbol, inTemplate) = stack.popLast() {
            let name = symbol["name"]?.stringValue
            if name == reference || (instance && inTemplate && name == local) {
                let children = symbol["children"]?.arrayValue ?? []
                guard let range = symbol["range"].flatMap({ try? PositionRange(decoding: $0) }),
                    let selection = symbol["selectionRange"].flatMap({ try? PositionRange(decoding: $0) })
                else { return nil }
                return ViewSymbol(
                    range: range, selectionRange: selection,
                    childRanges: children.compactMap { $0["range"].flatMap { try? PositionRange(decoding: $0) } })
            }
            let template = inTemplate || symbol["kind"] == 5
            for child in (symbol["children"]?.arrayValue ?? []).reversed() { stack.append((child, template)) }
        }
        return nil
    }

    /// The hover's Markdown on the view's name, or nil.
    func hoverText(at symbol: ViewSymbol, in document: ToolDocument) throws(ToolError) -> String? {
        let hover = try request(
            HoverRequest.self,
            .init(textDocument: TextDocumentIdentifier(uri: document.source.uri), position: symbol.selectionRange.start)
        )
        return hover["contents"]?["value"]?.stringValue
    }

    /// The diagnostics written on the view itself, not on its subviews: in a JSON document, those that start in the
    /// view's object outside its subviews' objects; in a storyboard or XIB, where the symbol is the view's `id`
    /// attribute, those on its element's start tag (the same line, starting at or before the attribute).
    func ownDiagnostics(_ diagnostics: [DiagnosticLine], of symbol: ViewSymbol, in document: ToolDocument)
        -> [DiagnosticLine]
    {
        guard document.source.isInterfaceBuilder else {
            return diagnostics.filter { symbol.owns(line: $0.line - 1, column: $0.column - 1) }
        }
        let start = symbol.selectionRange.start
        return diagnostics.filter { $0.line - 1 == start.line && $0.column - 1 <= start.character }
    }

    /// The code actions skeletond offers on the view's name and on its own diagnostics, each as
    /// `{title, kind, edits: [{range, newText}]}` (the edits to this document).
    func codeActions(at symbol: ViewSymbol, in document: ToolDocument, _ diagnostics: [DiagnosticLine])
        throws(ToolError) -> [JSON]
    {
        let context: [JSON] = diagnostics.map { diagnostic in
            let point = Position(line: diagnostic.line - 1, character: diagnostic.column - 1)
            var item: JSONObject = [
                "range": PositionRange(start: point, end: point).json, "source": "skeletond",
                "message": .string(diagnostic.message),
            ]
            if let code = diagnostic.code { item["code"] = .string(code) }
            return .object(item)
        }
        let params: CodeActionRequest.Params
        do {
            params = try CodeActionRequest.Params(
                textDocument: TextDocumentIdentifier(uri: document.source.uri), range: symbol.selectionRange,
                diagnostics: context)
        } catch {
            throw ToolError("the view's diagnostics cannot be sent: \(error.message)")
        }
        let actions = try request(CodeActionRequest.self, params)
        return (actions.arrayValue ?? []).map { action in
            let edits = action["edit"]?["changes"]?[document.source.uri]?.arrayValue ?? []
            return [
                "title": action["title"] ?? .null, "kind": action["kind"] ?? .null, "edits": .array(edits),
            ]
        }
    }
}
