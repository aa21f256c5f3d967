package import JSON

/// LSP's `Position`: a line and a character, both integers; what they count is the session's position encoding.
///
/// Negative numbers decode (what they mean is decided where the position is resolved against a text: text sync
/// refuses them as a bad range, language features as a bad position); `source` is the position object, for those
/// errors.
package struct Position: ProtocolObject {
    package static let members = MemberRule.open(["line", "character"])

    package let line: Int
    package let character: Int
    /// The object in the message (errors found later point into it).
    package let source: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        // Both members must be there before either's kind is checked.
        let line = try object.required("line")
        let character = try object.required("character")
        self.line = try line.decodeInt()
        self.character = try character.decodeInt()
        source = object.value
    }
}

/// LSP's `Range`: `start` and `end` positions.
package struct PositionRange: ProtocolObject {
    package static let members = MemberRule.open(["start", "end"])

    package let start: Position
    package let end: Position
    /// The object in the message.
    package let source: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        start = try object.decode("start")
        end = try object.decode("end")
        source = object.value
    }
}

/// LSP's `TextDocumentIdentifier`: a document's uri.
package struct TextDocumentIdentifier: ProtocolObject {
    package static let members = MemberRule.open(["uri"])

    package let uri: String
    /// The `uri` string in the message (a uri that names no open document is an error at it).
    package let uriSource: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        uriSource = try object.required("uri")
        uri = try uriSource.decodeString()
    }
}

extension Position: EncodableObject {
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
        source = .unsent
    }

    package var json: JSON { ["line": .int(line), "character": .int(character)] }
}

extension PositionRange: EncodableObject {
    package init(start: Position, end: Position) {
        self.start = start
        self.end = end
        source = .unsent
    }

    package var json: JSON { ["start": start.json, "end": end.json] }
}

extension TextDocumentIdentifier: EncodableObject {
    package init(uri: String) {
        self.uri = uri
        uriSource = .unsent
    }

    package var json: JSON { ["uri": .string(uri)] }
}
