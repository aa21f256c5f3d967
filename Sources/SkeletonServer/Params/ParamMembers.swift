public import JSON

/// The members a method's params object may have: the one rule for unknown members.
///
/// A method registers its members with the method table (`MethodTable.request(_:route:members:_:)`), and the
/// table refuses any other member before the handler runs: -32602 at `/params/<key>`, listing the expected
/// members. Handlers therefore only read members they declared, and no handler checks unknown members itself.
/// Nested objects (a `region`, an `appearance`) are checked where they are decoded.
public struct ParamMembers: Sendable, ExpressibleByArrayLiteral {
    /// The members, sorted (as error messages list them).
    public let names: [String]
    private let set: Set<String>

    public init(_ names: some Sequence<String>) {
        set = Set(names)
        self.names = set.sorted()
    }

    public init(arrayLiteral names: String...) { self.init(names) }

    /// These members and `more`.
    public func adding(_ more: some Sequence<String>) -> ParamMembers { ParamMembers(names + Array(more)) }

    public func contains(_ name: String) -> Bool { set.contains(name) }

    /// Refuses the first member of `params` (an object) that is not one of these. Absent params and arrays are
    /// left to the handler, which decides whether it needs an object.
    public func check(_ params: JSONValue?) throws(JSONDecodingError) {
        guard let params, params.kind == .object else { return }
        for (key, _) in params.members where !set.contains(key) {
            throw JSONDecodingError(
                pointer: params.pointerFromRoot.appending(key),
                message: "unknown member; expected " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
        }
    }
}
