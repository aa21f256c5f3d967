package import JSON

// The requests editors send unprompted (`Protocol/language-features.md`). LSP's own methods: their objects are open
// (clients send work done and partial result tokens); results are LSP's shapes, built by each feature.

/// Params that name a document and nothing else (`documentSymbol`, `documentColor`, `foldingRange`).
package struct TextDocumentParams: DocumentParams {
    package static let members = MemberRule.open(["textDocument"])
    package static let document = DocumentMember.textDocument

    package let textDocument: TextDocumentIdentifier

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        textDocument = try object.decode("textDocument")
    }
}

/// Params that name a document and a position in it (`hover`, `definition`, `completion`).
package struct TextDocumentPositionParams: DocumentParams {
    package static let members = MemberRule.open(["textDocument", "position"])
    package static let document = DocumentMember.textDocument

    package let textDocument: TextDocumentIdentifier
    package let position: Position

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        textDocument = try object.decode("textDocument")
        position = try object.decode("position")
    }
}

/// Params that name a document and a range in it (`inlayHint`).
package struct TextDocumentRangeParams: DocumentParams {
    package static let members = MemberRule.open(["textDocument", "range"])
    package static let document = DocumentMember.textDocument

    package let textDocument: TextDocumentIdentifier
    package let range: PositionRange

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        textDocument = try object.decode("textDocument")
        range = try object.decode("range")
    }
}

package enum DocumentSymbolRequest: RequestMethod {
    package static let method = "textDocument/documentSymbol"
    package typealias Params = TextDocumentParams
    /// The outline (its JSON documents' kept encoded per text version: `JSON.encoded`).
    package typealias Result = JSON
}

package enum HoverRequest: RequestMethod {
    package static let method = "textDocument/hover"
    package typealias Params = TextDocumentPositionParams
    package typealias Result = JSON
}

package enum DefinitionRequest: RequestMethod {
    package static let method = "textDocument/definition"
    package typealias Params = TextDocumentPositionParams
    package typealias Result = JSON
}

package enum ReferencesRequest: RequestMethod {
    package static let method = "textDocument/references"
    package typealias Result = JSON

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(TextDocumentPositionParams.members.members.adding(["context"]))
        package static let document = DocumentMember.textDocument

        /// The document and the position in it.
        package let location: TextDocumentPositionParams
        /// `context.includeDeclaration` (false when absent).
        package let includeDeclaration: Bool

        package var textDocument: TextDocumentIdentifier { location.textDocument }
        package var position: Position { location.position }

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            location = try TextDocumentPositionParams(from: object)
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

package enum DocumentColorRequest: RequestMethod {
    package static let method = "textDocument/documentColor"
    package typealias Params = TextDocumentParams
    package typealias Result = JSON
}

package enum ColorPresentationRequest: RequestMethod {
    package static let method = "textDocument/colorPresentation"
    package typealias Result = JSON

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(["textDocument", "color", "range"])
        package static let document = DocumentMember.textDocument

        package let textDocument: TextDocumentIdentifier
        package let color: Color
        package let range: PositionRange

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            color = try object.decode("color")
            range = try object.decode("range")
        }
    }

    /// LSP's `Color`: four channels, each from 0 to 1.
    package struct Color: ProtocolObject {
        package static let members = MemberRule.open(["red", "green", "blue", "alpha"])

        package let red: Double
        package let green: Double
        package let blue: Double
        package let alpha: Double

        package init(from object: ParamsObject) throws(JSONDecodingError) {
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

package enum FoldingRangeRequest: RequestMethod {
    package static let method = "textDocument/foldingRange"
    package typealias Params = TextDocumentParams
    package typealias Result = JSON
}

package enum CompletionRequest: RequestMethod {
    package static let method = "textDocument/completion"
    package typealias Params = TextDocumentPositionParams
    package typealias Result = JSON
}

package enum InlayHintRequest: RequestMethod {
    package static let method = "textDocument/inlayHint"
    package typealias Params = TextDocumentRangeParams
    package typealias Result = JSON
}

package enum FormattingRequest: RequestMethod {
    package static let method = "textDocument/formatting"
    package typealias Result = JSON

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(["textDocument", "options"])
        package static let document = DocumentMember.textDocument

        package let textDocument: TextDocumentIdentifier
        package let options: FormattingOptions

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            options = try object.decode("options")
        }
    }
}

/// LSP's `FormattingOptions`: `tabSize` (an integer from 0 to `maximumTabSize`, default 2; anything else is refused
/// so the formatted text stays within a small multiple of the text) and `insertSpaces` (default true).
package struct FormattingOptions: ProtocolObject {
    package static let members = MemberRule.open(["tabSize", "insertSpaces"])
    /// The largest `tabSize` taken: an indent is at most this many spaces a level.
    package static let maximumTabSize = 16

    package let tabSize: Int
    package let insertSpaces: Bool

    package init(from object: ParamsObject) throws(JSONDecodingError) {
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

package enum CodeActionRequest: RequestMethod {
    package static let method = "textDocument/codeAction"
    package typealias Result = JSON

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(TextDocumentRangeParams.members.members.adding(["context"]))
        package static let document = DocumentMember.textDocument

        /// The document and the range in it.
        package let location: TextDocumentRangeParams
        /// `context.diagnostics` as sent, when it is an array: read leniently where it is used (the client's cache
        /// of diagnostics, stale or malformed ones passed over, never the request's error).
        package let contextDiagnostics: [JSONValue]

        package var textDocument: TextDocumentIdentifier { location.textDocument }
        package var range: PositionRange { location.range }

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            location = try TextDocumentRangeParams(from: object)
            let diagnostics = object.value["context"]?["diagnostics"]
            contextDiagnostics = diagnostics?.kind == .array ? diagnostics?.elements ?? [] : []
        }
    }
}

extension TextDocumentParams: EncodableObject {
    package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

    package var json: JSON { ["textDocument": textDocument.json] }
}

extension TextDocumentPositionParams: EncodableObject {
    package init(textDocument: TextDocumentIdentifier, position: Position) {
        self.textDocument = textDocument
        self.position = position
    }

    package var json: JSON { ["textDocument": textDocument.json, "position": position.json] }
}

extension TextDocumentRangeParams: EncodableObject {
    package init(textDocument: TextDocumentIdentifier, range: PositionRange) {
        self.textDocument = textDocument
        self.range = range
    }

    package var json: JSON { ["textDocument": textDocument.json, "range": range.json] }
}

extension ReferencesRequest.Params: EncodableObject {
    package init(textDocument: TextDocumentIdentifier, position: Position, includeDeclaration: Bool) {
        location = TextDocumentPositionParams(textDocument: textDocument, position: position)
        self.includeDeclaration = includeDeclaration
    }

    package var json: JSON {
        location.json.adding(["context": ["includeDeclaration": .bool(includeDeclaration)]])
    }
}

extension ColorPresentationRequest.Params: EncodableObject {
    package init(textDocument: TextDocumentIdentifier, color: ColorPresentationRequest.Color, range: PositionRange) {
        self.textDocument = textDocument
        self.color = color
        self.range = range
    }

    package var json: JSON { ["textDocument": textDocument.json, "color": color.json, "range": range.json] }
}

extension ColorPresentationRequest.Color: EncodableObject {
    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    package var json: JSON {
        ["red": .double(red), "green": .double(green), "blue": .double(blue), "alpha": .double(alpha)]
    }
}

extension FormattingRequest.Params: EncodableObject {
    package init(textDocument: TextDocumentIdentifier, options: FormattingOptions) {
        self.textDocument = textDocument
        self.options = options
    }

    package var json: JSON { ["textDocument": textDocument.json, "options": options.json] }
}

extension FormattingOptions: EncodableObject {
    package init(tabSize: Int = 2, insertSpaces: Bool = true) {
        self.tabSize = tabSize
        self.insertSpaces = insertSpaces
    }

    package var json: JSON { ["tabSize": .int(tabSize), "insertSpaces": .bool(insertSpaces)] }
}

extension CodeActionRequest.Params: EncodableObject {
    /// `diagnostics`: the client's diagnostics of the range (LSP's `Diagnostic`s, as the daemon published them);
    /// refused only when they are not JSON the messages' limits take.
    package init(textDocument: TextDocumentIdentifier, range: PositionRange, diagnostics: [JSON])
        throws(JSONDecodingError)
    {
        location = TextDocumentRangeParams(textDocument: textDocument, range: range)
        contextDiagnostics = try JSONValue.parsing(.array(diagnostics)).elements
    }

    package var json: JSON {
        location.json.adding(["context": ["diagnostics": .array(contextDiagnostics.map(\.json))]])
    }
}
