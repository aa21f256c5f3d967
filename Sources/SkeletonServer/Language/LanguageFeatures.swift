import JSON
import JSONRPC
import SkeletonEngine
import SkeletonGraphics
import SkeletonProtocol

/// The requests editors send unprompted (outline, hover, definition, references, colours, folding), for skeleton
/// documents: see `Protocol/language-features.md`. Each answers from the document's text map and live sessions;
/// none fails on a document without a valid tree (an empty or null answer instead).
struct LanguageFeatures: Sendable {
    let documents: DocumentStore

    /// Each method and the `initialize` capability that announces it.
    static let capabilities: [(method: String, capability: String)] = [
        ("textDocument/documentSymbol", "documentSymbolProvider"),
        ("textDocument/hover", "hoverProvider"),
        ("textDocument/definition", "definitionProvider"),
        ("textDocument/references", "referencesProvider"),
        ("textDocument/documentColor", "colorProvider"),
        ("textDocument/colorPresentation", "colorProvider"),
        ("textDocument/foldingRange", "foldingRangeProvider"),
        ("textDocument/completion", "completionProvider"),
        ("textDocument/inlayHint", "inlayHintProvider"),
        ("textDocument/formatting", "documentFormattingProvider"),
    ]

    /// The capabilities announced with options rather than `true`.
    static let capabilityOptions: [String: JSON] = [
        "completionProvider": ["triggerCharacters": .array(Completion.triggerCharacters.map(JSON.string))]
    ]

    func register(in table: inout MethodTable) {
        table.request(DocumentSymbolRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { try DocumentSymbols.answer($0) }
        }
        table.request(HoverRequest.self) { params, _ in
            try answer(params.textDocument, empty: .null) { try Hover.answer($0, at: try $0.offset(params.position)) }
        }
        table.request(DefinitionRequest.self) { params, _ in
            try answer(params.textDocument, empty: .null) {
                try Definition.definition($0, at: try $0.offset(params.position))
            }
        }
        table.request(ReferencesRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { request in
                try Definition.references(
                    request, at: try request.offset(params.position), includeDeclaration: params.includeDeclaration)
            }
        }
        table.request(DocumentColorRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { try DocumentColors.colors($0) }
        }
        table.request(ColorPresentationRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) {
                try DocumentColors.presentations($0, of: params.color, at: params.range)
            }
        }
        table.request(FoldingRangeRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { try FoldingRanges.answer($0) }
        }
        table.request(CompletionRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { Completion.answer($0, at: try $0.offset(params.position)) }
        }
        table.request(InlayHintRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { try InlayHints.answer($0, in: params.range) }
        }
        table.request(FormattingRequest.self) { params, _ in
            try answer(params.textDocument, empty: []) { try DocumentFormatting.answer($0, options: params.options) }
        }
    }

    /// Answers a request about `document` with `body`, or with `empty` for a Swift document: the app's code gets
    /// its hints as diagnostics, and none of the layout features apply to its text.
    private func answer(
        _ document: TextDocumentIdentifier, empty: JSON, _ body: (TextDocumentRequest) throws -> JSON
    ) throws -> JSON {
        let request = try TextDocumentRequest(document, documents: documents)
        guard !request.isSwift else { return empty }
        return try body(request)
    }
}

/// A `textDocument/*` request about an open document: its text as it is now, and how positions count.
struct TextDocumentRequest {
    let uri: String
    let entry: DocumentEntry
    let text: TextDocument
    let encoding: PositionEncoding
    let isInterfaceBuilder: Bool

    /// `document.uri` must name an open document (-32602 at `/params/textDocument/uri` otherwise).
    init(_ document: TextDocumentIdentifier, documents: DocumentStore) throws(JSONDecodingError) {
        let target = try documents.target(document)
        uri = target.uri
        entry = target.entry
        (text, isInterfaceBuilder) = entry.state.withLock { ($0.text, $0.isInterfaceBuilder) }
        encoding = documents.configuration.positionEncoding
    }

    /// The byte offset of `position`: -32602 naming it for a negative number or a line past the end of the
    /// document; a character past the end of its line means the end of the line (LSP).
    func offset(_ position: Position) throws(JSONDecodingError) -> Int {
        if position.line < 0 {
            throw JSONDecodingError(at: position.source["line"] ?? position.source, "must not be negative")
        }
        if position.character < 0 {
            throw JSONDecodingError(at: position.source["character"] ?? position.source, "must not be negative")
        }
        do {
            return try text.buffer.offset(of: TextPosition(position), encoding: encoding)
        } catch {
            switch error {
            case .negativePosition, .rangeOutOfOrder:
                throw JSONDecodingError(at: position.source, "positions must not be negative")
            case .lineOutOfRange:
                throw JSONDecodingError(at: position.source["line"] ?? position.source, error.description)
            }
        }
    }

    /// The byte range of `range` (each end checked as `offset` does).
    func byteRange(_ range: PositionRange) throws(JSONDecodingError) -> Range<Int> {
        let start = try offset(range.start)
        let end = try offset(range.end)
        guard start <= end else { throw JSONDecodingError(at: range.source, "the range ends before it starts") }
        return start..<end
    }

    /// Whether the document is Swift source (the app's code), not a layout.
    var isSwift: Bool { DocumentStore.isSwift(uri: uri, languageId: text.languageId) }

    /// The LSP range of a byte range of the text.
    func range(_ bytes: Range<Int>) -> JSON { text.buffer.lspRange(of: bytes, encoding: encoding) }

    /// The map of the text, built once per version and kept on the entry (JSON documents only).
    var map: DocumentTextMap { DocumentStore.textMap(of: text, entry) }

    /// The syntax tree of the text, built once per version and shared through the entry (JSON documents only).
    var tree: JSONSyntaxTree { entry.syntaxTree(of: text) }

    /// The live sessions by scene id, when they are the current text's (else empty: the text has errors, and what
    /// the last valid tree says may not be what the text says), with the scenes in file order.
    var currentSessions: (sessions: [String: SkeletonSession], scenes: [SceneInfo]) {
        entry.state.withLock { state in
            state.sessionsFollowText && state.text.version == text.version
                ? (state.sessions, state.scenes) : ([:], state.scenes)
        }
    }
}

extension Double {
    /// The number as the documents write points: `16`, `20.5`.
    var pointsText: String {
        if isFinite, rounded() == self, abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}

extension Rect {
    /// `[x, y, width, height]`.
    var framesText: String { "[" + [x, y, width, height].map(\.pointsText).joined(separator: ", ") + "]" }
}
