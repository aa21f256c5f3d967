public import JSON

/// LSP's `Position`: a line and a character, both integers; what they count is the session's position encoding.
///
/// Negative numbers decode (what they mean is decided where the position is resolved against a text: text sync
/// refuses them as a bad range, language features as a bad position); `source` is the position object, for those
/// errors.
public struct Position: ProtocolObject {
    public static let members = MemberRule.open(["line", "character"])

    public let line: Int
    public let character: Int
    /// The object in the message (errors found later point into it).
    public let source: JSONValue

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        // Both members must be there before either's kind is checked.
        let line = try object.required("line")
        let character = try object.required("character")
        self.line = try line.decodeInt()
        self.character = try character.decodeInt()
        source = object.value
    }
}

/// LSP's `Range`: `start` and `end` positions.
public struct PositionRange: ProtocolObject {
    public static let members = MemberRule.open(["start", "end"])

    public let start: Position
    public let end: Position
    /// The object in the message.
    public let source: JSONValue

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        start = try object.decode("start")
        end = try object.decode("end")
        source = object.value
    }
}

/// LSP's `TextDocumentIdentifier`: a document's uri.
public struct TextDocumentIdentifier: ProtocolObject {
    public static let members = MemberRule.open(["uri"])

    public let uri: String
    /// The `uri` string in the message (a uri that names no open document is an error at it).
    public let uriSource: JSONValue

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        uriSource = try object.required("uri")
        uri = try uriSource.decodeString()
    }
}
