public import JSON

// The requests editors send unprompted (`Protocol/language-features.md`). LSP's own methods: their objects are open
// (clients send work done and partial result tokens); results are LSP's shapes, built by each feature.

/// Params that name a document and nothing else (`documentSymbol`, `documentColor`, `foldingRange`).
public struct TextDocumentParams: DocumentParams {
    public static let members = MemberRule.open(["textDocument"])
    public static let document = DocumentMember.textDocument

    public let textDocument: TextDocumentIdentifier

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        textDocument = try object.decode("textDocument")
    }
}

/// Params that name a document and a position in it (`hover`, `definition`, `completion`).
public struct TextDocumentPositionParams: DocumentParams {
    public static let members = MemberRule.open(["textDocument", "position"])
    public static let document = DocumentMember.textDocument

    public let textDocument: TextDocumentIdentifier
    public let position: Position

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        textDocument = try object.decode("textDocument")
        position = try object.decode("position")
    }
}

/// Params that name a document and a range in it (`inlayHint`).
public struct TextDocumentRangeParams: DocumentParams {
    public static let members = MemberRule.open(["textDocument", "range"])
    public static let document = DocumentMember.textDocument

    public let textDocument: TextDocumentIdentifier
    public let range: PositionRange

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        textDocument = try object.decode("textDocument")
        range = try object.decode("range")
    }
}

public enum DocumentSymbolRequest: RequestMethod {
    public static let method = "textDocument/documentSymbol"
    public typealias Params = TextDocumentParams
    /// The outline (its JSON documents' kept encoded per text version: `JSON.encoded`).
    public typealias Result = JSON
}

public enum HoverRequest: RequestMethod {
    public static let method = "textDocument/hover"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = JSON
}

public enum DefinitionRequest: RequestMethod {
    public static let method = "textDocument/definition"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = JSON
}

public enum ReferencesRequest: RequestMethod {
    public static let method = "textDocument/references"
    public typealias Result = JSON

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument", "position", "context"])
        public static let document = DocumentMember.textDocument

        public let textDocument: TextDocumentIdentifier
        public let position: Position
        /// `context.includeDeclaration` (false when absent).
        public let includeDeclaration: Bool

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            position = try object.decode("position")
            includeDeclaration =
                try object.decodeIfPresent("context", as: ReferenceContext.self)?.includeDeclaration
                ?? false
        }
    }

    /// LSP's `ReferenceContext`.
    struct ReferenceContext: ProtocolObject {
        static let members = MemberRule.open(["includeDeclaration"])
        let includeDeclaration: Bool?

        init(from object: ParamsObject) throws(JSONDecodingError) {
            includeDeclaration = try object.optionalBool("includeDeclaration")
        }
    }
}

public enum DocumentColorRequest: RequestMethod {
    public static let method = "textDocument/documentColor"
    public typealias Params = TextDocumentParams
    public typealias Result = JSON
}

public enum ColorPresentationRequest: RequestMethod {
    public static let method = "textDocument/colorPresentation"
    public typealias Result = JSON

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument", "color", "range"])
        public static let document = DocumentMember.textDocument

        public let textDocument: TextDocumentIdentifier
        public let color: Color
        public let range: PositionRange

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            color = try object.decode("color")
            range = try object.decode("range")
        }
    }

    /// LSP's `Color`: four channels, each from 0 to 1.
    public struct Color: ProtocolObject {
        public static let members = MemberRule.open(["red", "green", "blue", "alpha"])

        public let red: Double
        public let green: Double
        public let blue: Double
        public let alpha: Double

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            func channel(_ name: String) throws(JSONDecodingError) -> Double {
                let value = try object.required(name)
                let number = try value.decodeDouble()
                guard number >= 0, number <= 1 else { throw JSONDecodingError(at: value, "must be from 0 to 1") }
                return number
            }
            red = try channel("red")
            green = try channel("green")
            blue = try channel("blue")
            alpha = try channel("alpha")
        }
    }
}

public enum FoldingRangeRequest: RequestMethod {
    public static let method = "textDocument/foldingRange"
    public typealias Params = TextDocumentParams
    public typealias Result = JSON
}

public enum CompletionRequest: RequestMethod {
    public static let method = "textDocument/completion"
    public typealias Params = TextDocumentPositionParams
    public typealias Result = JSON
}

public enum InlayHintRequest: RequestMethod {
    public static let method = "textDocument/inlayHint"
    public typealias Params = TextDocumentRangeParams
    public typealias Result = JSON
}

public enum FormattingRequest: RequestMethod {
    public static let method = "textDocument/formatting"
    public typealias Result = JSON

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument", "options"])
        public static let document = DocumentMember.textDocument

        public let textDocument: TextDocumentIdentifier
        public let options: FormattingOptions

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            options = try object.decode("options")
        }
    }
}

/// LSP's `FormattingOptions`: `tabSize` (an integer from 0 to `maximumTabSize`, default 2; anything else is refused
/// so the formatted text stays within a small multiple of the text) and `insertSpaces` (default true).
public struct FormattingOptions: ProtocolObject {
    public static let members = MemberRule.open(["tabSize", "insertSpaces"])
    /// The largest `tabSize` taken: an indent is at most this many spaces a level.
    public static let maximumTabSize = 16

    public let tabSize: Int
    public let insertSpaces: Bool

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        if let value = object.optional("tabSize") {
            tabSize = try value.decodeInt()
            guard (0...Self.maximumTabSize).contains(tabSize) else {
                throw JSONDecodingError(at: value, "must be an integer from 0 to \(Self.maximumTabSize)")
            }
        } else {
            tabSize = 2
        }
        insertSpaces = try object.optionalBool("insertSpaces") ?? true
    }
}

public enum CodeActionRequest: RequestMethod {
    public static let method = "textDocument/codeAction"
    public typealias Result = JSON

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument", "range", "context"])
        public static let document = DocumentMember.textDocument

        public let textDocument: TextDocumentIdentifier
        public let range: PositionRange
        /// `context.diagnostics` as sent, when it is an array: read leniently where it is used (the client's cache
        /// of diagnostics, stale or malformed ones passed over, never the request's error).
        public let contextDiagnostics: [JSONValue]

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            range = try object.decode("range")
            let diagnostics = object.value["context"]?["diagnostics"]
            contextDiagnostics = diagnostics?.kind == .array ? diagnostics?.elements ?? [] : []
        }
    }
}
