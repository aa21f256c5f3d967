package import JSON

/// A JSON object of the protocol as a Swift type: a method's params or a part of them, decoded once, by one
/// decoder (`ParamsObject`) that refuses unknown members and names every bad value by its JSON Pointer.
///
/// A type reads its members in `init(from:)` through the object it is given; the order it reads them in is the
/// order their errors are found in (the first one is the answer).
package protocol ProtocolObject: Sendable {
    /// Its members, and whether others are refused.
    static var members: MemberRule { get }

    /// Reads the members of `object` (already checked against `members`).
    init(from object: ParamsObject) throws(JSONDecodingError)

    /// A method's `params` as this type (by default: an object, else -32602 at `/params`).
    static func decode(params: JSONValue?) throws(JSONDecodingError) -> Self
}

extension ProtocolObject {
    /// `value` as this type: an object (-32602 naming it otherwise) whose members `members` allows.
    package static func decode(_ value: JSONValue) throws(JSONDecodingError) -> Self {
        try Self(from: ParamsObject(value, members))
    }

    /// A method's `params` as this type: absent params or any value but an object is -32602 at `/params`.
    package static func decode(params: JSONValue?) throws(JSONDecodingError) -> Self {
        guard let params, params.kind == .object else { throw ParamsObject.notAnObject }
        return try decode(params)
    }
}

/// The params of a method that has none (`shutdown`, `daemon/status`): absent, or an object with no members.
package struct NoParams: ProtocolObject {
    package static let members = MemberRule.closed([])

    package init() {}
    package init(from object: ParamsObject) {}

    /// Absent params are no params; an object is checked for members (an array is passed over, as before).
    package static func decode(params: JSONValue?) throws(JSONDecodingError) -> NoParams {
        try members.members.check(params)
        return NoParams()
    }
}

extension NoParams: EncodableObject {
    /// An empty object (what clients have always sent).
    package var json: JSON { .object([:]) }
}
