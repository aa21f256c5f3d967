package import JSON

/// `textDocument/didOpen`: a document's first text (`Protocol/text-sync.md`).
package enum DidOpenTextDocument: NotificationMethod {
    package static let method = "textDocument/didOpen"

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(["textDocument"])
        package static let document = DocumentMember.textDocument

        package let textDocument: TextDocumentItem

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
        }
    }
}

/// LSP's `TextDocumentItem`: a document's uri, language, version and whole text.
package struct TextDocumentItem: ProtocolObject {
    package static let members = MemberRule.open(["uri", "languageId", "version", "text"])

    package let uri: String
    /// "" when absent.
    package let languageId: String
    package let version: Int
    /// The text's UTF-8 bytes, copied once from the message's tree (never through a String).
    package let text: [UInt8]

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        version = try object.int("version")
        uri = try object.string("uri")
        languageId = try object.optionalString("languageId") ?? ""
        text = try object.utf8Bytes("text")
    }
}

/// `textDocument/didChange`: range changes (or whole texts) in order, for a version that grows.
package enum DidChangeTextDocument: NotificationMethod {
    package static let method = "textDocument/didChange"

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(["textDocument", "contentChanges"])
        package static let document = DocumentMember.textDocument

        package let textDocument: VersionedTextDocumentIdentifier
        package let contentChanges: [TextDocumentContentChangeEvent]

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            contentChanges = try object.decodeArray("contentChanges")
        }
    }
}

/// LSP's `VersionedTextDocumentIdentifier`: a uri and a version, not negative.
package struct VersionedTextDocumentIdentifier: ProtocolObject {
    package static let members = MemberRule.open(["uri", "version"])

    package let uri: String
    package let version: Int

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        uri = try object.string("uri")
        let value = try object.required("version")
        version = try value.decodeInt()
        guard version >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
    }
}

/// One change: a range and its new text, or (no range) the whole new text.
package struct TextDocumentContentChangeEvent: ProtocolObject {
    package static let members = MemberRule.open(["range", "text"])

    package let range: PositionRange?
    package let text: String
    /// Where an edit that cannot apply is reported: the range, or the change when it has none.
    package let source: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        range = try object.decodeIfPresent("range")
        text = try object.string("text")
        source = range?.source ?? object.value
    }
}

/// `textDocument/didClose`: the document is the client's again.
package enum DidCloseTextDocument: NotificationMethod {
    package static let method = "textDocument/didClose"

    package struct Params: DocumentParams {
        package static let members = MemberRule.open(["textDocument"])
        package static let document = DocumentMember.textDocument

        package let textDocument: TextDocumentIdentifier

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
        }
    }
}

extension DidOpenTextDocument.Params: EncodableObject {
    package init(textDocument: TextDocumentItem) { self.textDocument = textDocument }

    package var json: JSON { ["textDocument": textDocument.json] }
}

extension TextDocumentItem: EncodableObject {
    package init(uri: String, languageId: String = "", version: Int, text: some Sequence<UInt8>) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = Array(text)
    }

    package var json: JSON {
        .members([
            "uri": .string(uri), "languageId": languageId.isEmpty ? nil : .string(languageId), "version": .int(version),
            "text": .string(String(decoding: text, as: UTF8.self)),
        ])
    }
}

extension DidChangeTextDocument.Params: EncodableObject {
    package init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }

    package var json: JSON {
        ["textDocument": textDocument.json, "contentChanges": .array(contentChanges.map(\.json))]
    }
}

extension VersionedTextDocumentIdentifier: EncodableObject {
    package init(uri: String, version: Int) {
        self.uri = uri
        self.version = version
    }

    package var json: JSON { ["uri": .string(uri), "version": .int(version)] }
}

extension TextDocumentContentChangeEvent: EncodableObject {
    /// A change of `range` to `text`, or (no range) the whole new text.
    package init(range: PositionRange? = nil, text: String) {
        self.range = range
        self.text = text
        source = range?.source ?? .unsent
    }

    package var json: JSON { .members(["range": range.json, "text": .string(text)]) }
}

extension DidCloseTextDocument.Params: EncodableObject {
    package init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }

    package var json: JSON { ["textDocument": textDocument.json] }
}
