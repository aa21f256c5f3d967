public import JSON

/// `textDocument/didOpen`: a document's first text (`Protocol/text-sync.md`).
public enum DidOpenTextDocument: NotificationMethod {
    public static let method = "textDocument/didOpen"

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument"])
        public static let document = DocumentMember.textDocument

        public let textDocument: TextDocumentItem

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
        }
    }
}

/// LSP's `TextDocumentItem`: a document's uri, language, version and whole text.
public struct TextDocumentItem: ProtocolObject {
    public static let members = MemberRule.open(["uri", "languageId", "version", "text"])

    public let uri: String
    /// "" when absent.
    public let languageId: String
    public let version: Int
    /// The text's UTF-8 bytes, copied once from the message's tree (never through a String).
    public let text: [UInt8]

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        version = try object.int("version")
        uri = try object.string("uri")
        languageId = try object.optionalString("languageId") ?? ""
        text = try object.utf8Bytes("text")
    }
}

/// `textDocument/didChange`: range changes (or whole texts) in order, for a version that grows.
public enum DidChangeTextDocument: NotificationMethod {
    public static let method = "textDocument/didChange"

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument", "contentChanges"])
        public static let document = DocumentMember.textDocument

        public let textDocument: VersionedTextDocumentIdentifier
        public let contentChanges: [TextDocumentContentChangeEvent]

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
            contentChanges = try object.decodeArray("contentChanges")
        }
    }
}

/// LSP's `VersionedTextDocumentIdentifier`: a uri and a version, not negative.
public struct VersionedTextDocumentIdentifier: ProtocolObject {
    public static let members = MemberRule.open(["uri", "version"])

    public let uri: String
    public let version: Int

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        uri = try object.string("uri")
        let value = try object.required("version")
        version = try value.decodeInt()
        guard version >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
    }
}

/// One change: a range and its new text, or (no range) the whole new text.
public struct TextDocumentContentChangeEvent: ProtocolObject {
    public static let members = MemberRule.open(["range", "text"])

    public let range: PositionRange?
    public let text: String
    /// Where an edit that cannot apply is reported: the range, or the change when it has none.
    public let source: JSONValue

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        range = try object.decodeIfPresent("range")
        text = try object.string("text")
        source = range?.source ?? object.value
    }
}

/// `textDocument/didClose`: the document is the client's again.
public enum DidCloseTextDocument: NotificationMethod {
    public static let method = "textDocument/didClose"

    public struct Params: DocumentParams {
        public static let members = MemberRule.open(["textDocument"])
        public static let document = DocumentMember.textDocument

        public let textDocument: TextDocumentIdentifier

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            textDocument = try object.decode("textDocument")
        }
    }
}
