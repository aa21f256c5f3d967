import JSON
import JSONRPC
import SkeletonEngine
import SkeletonGraphics

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
        // LSP's own methods: clients may send more members (work done and partial result tokens).
        table.request("textDocument/documentSymbol", members: nil) { context in
            try answer(context, empty: []) { try DocumentSymbols.answer($0) }
        }
        table.request("textDocument/hover", members: nil) { context in
            try answer(context, empty: .null) { try Hover.answer($0, at: try $0.offset("position")) }
        }
        table.request("textDocument/definition", members: nil) { context in
            try answer(context, empty: .null) { try Definition.definition($0, at: try $0.offset("position")) }
        }
        table.request("textDocument/references", members: nil) { context in
            try answer(context, empty: []) { request in
                let offset = try request.offset("position")
                let include = try request.params.optionalMember("context")?.optionalBool("includeDeclaration") ?? false
                return try Definition.references(request, at: offset, includeDeclaration: include)
            }
        }
        table.request("textDocument/documentColor", members: nil) { context in
            try answer(context, empty: []) { try DocumentColors.colors($0) }
        }
        table.request("textDocument/colorPresentation", members: nil) { context in
            try answer(context, empty: []) { try DocumentColors.presentations($0) }
        }
        table.request("textDocument/foldingRange", members: nil) { context in
            try answer(context, empty: []) { try FoldingRanges.answer($0) }
        }
        table.request("textDocument/completion", members: nil) { context in
            try answer(context, empty: []) { Completion.answer($0, at: try $0.offset("position")) }
        }
        table.request("textDocument/inlayHint", members: nil) { context in
            try answer(context, empty: []) { try InlayHints.answer($0) }
        }
        table.request("textDocument/formatting", members: nil) { context in
            try answer(context, empty: []) { try DocumentFormatting.answer($0) }
        }
    }

    /// Decodes the request and answers it with `body`, or with `empty` for a Swift document: the app's code gets
    /// its hints as diagnostics, and none of the layout features apply to its text.
    private func answer(
        _ context: RequestContext, empty: JSON, _ body: (TextDocumentRequest) throws -> JSON
    ) throws -> JSON {
        let request = try TextDocumentRequest(context, documents: documents)
        guard !request.isSwift else { return empty }
        return try body(request)
    }
}

/// A `textDocument/*` request about an open document: its text as it is now, and how positions count.
struct TextDocumentRequest {
    let params: JSONValue
    let uri: String
    let entry: DocumentEntry
    let text: TextDocument
    let encoding: PositionEncoding
    let isInterfaceBuilder: Bool

    /// `params.textDocument.uri` must name an open document (-32602 at `/params/textDocument/uri` otherwise).
    init(_ context: RequestContext, documents: DocumentStore) throws {
        params = try context.paramsObject()
        let target = try documents.target(try params.member("textDocument"))
        uri = target.uri
        entry = target.entry
        (text, isInterfaceBuilder) = entry.state.withLock { ($0.text, $0.isInterfaceBuilder) }
        encoding = documents.configuration.positionEncoding
    }

    /// The byte offset of the position in `params[member]`: -32602 naming the member for a negative number or a
    /// line past the end of the document; a character past the end of its line means the end of the line (LSP).
    func offset(_ member: String) throws(JSONDecodingError) -> Int {
        let value = try params.member(member)
        let position = try Self.position(value)
        do {
            return try text.buffer.offset(of: position, encoding: encoding)
        } catch {
            switch error {
            case .negativePosition, .rangeOutOfOrder:
                throw JSONDecodingError(at: value, "positions must not be negative")
            case .lineOutOfRange:
                let line = value.optionalMember("line") ?? value
                throw JSONDecodingError(at: line, error.description)
            }
        }
    }

    /// A `Position` object: `line` and `character`, integers >= 0.
    static func position(_ value: JSONValue) throws(JSONDecodingError) -> TextPosition {
        let line = try value.member("line")
        let character = try value.member("character")
        let position = TextPosition(line: try line.decodeInt(), character: try character.decodeInt())
        if position.line < 0 { throw JSONDecodingError(at: line, "must not be negative") }
        if position.character < 0 { throw JSONDecodingError(at: character, "must not be negative") }
        return position
    }

    /// The byte range of the `Range` in `params[member]` (each end checked as `offset` does).
    func byteRange(_ member: String) throws(JSONDecodingError) -> Range<Int> {
        try byteRange(of: try params.member(member))
    }

    /// The byte range of the `Range` object `value` (each end checked as `offset` does).
    func byteRange(of value: JSONValue) throws(JSONDecodingError) -> Range<Int> {
        let nested = TextDocumentRequest(copying: self, params: value)
        let start = try nested.offset("start")
        let end = try nested.offset("end")
        guard start <= end else { throw JSONDecodingError(at: value, "the range ends before it starts") }
        return start..<end
    }

    private init(copying other: TextDocumentRequest, params: JSONValue) {
        self.params = params
        uri = other.uri
        entry = other.entry
        text = other.text
        encoding = other.encoding
        isInterfaceBuilder = other.isInterfaceBuilder
    }

    /// Whether the document is Swift source (the app's code), not a layout.
    var isSwift: Bool { DocumentStore.isSwift(uri: uri, languageId: text.languageId) }

    /// The LSP range of a byte range of the text.
    func range(_ bytes: Range<Int>) -> JSON { text.buffer.lspRange(of: bytes, encoding: encoding) }

    /// The map of the text, built once per version and kept on the entry (JSON documents only).
    var map: DocumentTextMap { DocumentStore.textMap(of: text, entry) }

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
