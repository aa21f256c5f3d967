package import JSON

/// A protocol object a client can send: `json` is the object on the wire, which the type's `init(from:)` reads back
/// as the same value (`ParamsRoundTripTests` checks every method's params both ways and against the schema).
///
/// A client builds the value with the type's memberwise initializer and sends it with
/// `PipeClient.request(Method.self, params)`; no client spells a member name.
package protocol EncodableObject: ProtocolObject {
    /// The object as it goes on the wire: every member the value sets, none it leaves at its default when the
    /// decoder reads absence as that default.
    var json: JSON { get }
}

extension JSONValue {
    /// The source of a value a client built (it was never in a message, so nothing points into it): `null` in a
    /// document of its own, parsed once.
    ///
    /// - Important: Only the server reports errors at sources, and it only sees values it decoded.
    package static let unsent: JSONValue = {
        // Four constant bytes: the parse fails only when its arena cannot be allocated, when nothing else can be.
        do { return try JSONDocument.parse("null").value } catch { preconditionFailure("\(error)") }
    }()
}

extension JSON {
    /// An object of the members whose value is not nil, in order (a nil member is one the decoder reads as absent).
    package static func members(_ members: KeyValuePairs<String, JSON?>) -> JSON { JSON.object([:]).adding(members) }

    /// This object with `more` members, those whose value is not nil (another value is left as it is).
    package func adding(_ more: KeyValuePairs<String, JSON?>) -> JSON {
        guard case .object(var object) = self else { return self }
        for (key, value) in more where value != nil { object[key] = value }
        return .object(object)
    }
}

extension Optional where Wrapped: EncodableObject {
    /// The object's `json`, or nil.
    package var json: JSON? { map(\.json) }
}

extension ProtocolObject {
    /// `json` read by the one decoder, as the server reads it: for a client that holds LSP objects as JSON (a
    /// range from an answer, diagnostics it was sent).
    package init(decoding json: JSON) throws(JSONDecodingError) {
        self = try Self.decode(try JSONValue.parsing(json))
    }
}

extension JSONValue {
    /// `json` parsed as a document of its own, within the messages' limits (a client's value).
    package static func parsing(_ json: JSON) throws(JSONDecodingError) -> JSONValue {
        do { return try JSONDocument.parse(json.bytes).value } catch {
            throw JSONDecodingError(pointer: JSONPointer(), message: error.message)
        }
    }
}
