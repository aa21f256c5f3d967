package import JSON

/// The members an object of params may have: the one rule for unknown members.
///
/// Every params type declares its members (`ProtocolObject.members`), and `ParamsObject` refuses any other member
/// before a single value is read: -32602 at `/params/<key>`, listing the expected members. Handlers therefore read
/// only members their type declared, and none checks unknown members itself.
package struct ParamMembers: Sendable, ExpressibleByArrayLiteral {
    /// The members, sorted (as error messages list them).
    package let names: [String]
    private let set: Set<String>

    package init(_ names: some Sequence<String>) {
        set = Set(names)
        self.names = set.sorted()
    }

    package init(arrayLiteral names: String...) { self.init(names) }

    /// These members and `more`.
    package func adding(_ more: some Sequence<String>) -> ParamMembers { ParamMembers(names + Array(more)) }

    package func contains(_ name: String) -> Bool { set.contains(name) }

    /// Refuses the first member of `params` (an object) that is not one of these. Absent params and arrays are
    /// left to the caller, which decides whether it needs an object.
    package func check(_ params: JSONValue?) throws(JSONDecodingError) {
        guard let params, params.kind == .object else { return }
        for (key, _) in params.members where !set.contains(key) {
            throw JSONDecodingError(
                pointer: params.pointerFromRoot.appending(key),
                message: "unknown member; expected " + (names.isEmpty ? "none" : names.joined(separator: ", ")))
        }
    }
}

/// Which members an object of a protocol type may have.
package enum MemberRule: Sendable {
    /// Exactly these: any other is refused (the daemon's own methods).
    case closed(ParamMembers)
    /// These and any other, which is passed over: LSP's own objects, whose clients may send more (work done and
    /// partial result tokens, members of later LSP versions).
    case open(ParamMembers)

    /// The members the type reads.
    package var members: ParamMembers {
        switch self {
        case .closed(let members), .open(let members): members
        }
    }
}
