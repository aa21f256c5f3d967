package import JSON

/// The one decoder: an object of a message's params, its members checked against its type's rule on creation,
/// read member by member with errors that name the value by JSON Pointer (-32602).
///
/// Reading is straight off the parsed tree (no copy of the message, no `Codable` container), so decoding costs the
/// members read; strings are made only for the members a type keeps.
package struct ParamsObject {
    /// The object.
    package let value: JSONValue

    /// `value`, which must be an object (else "must be an object, not …" at it), with no member `rule` refuses.
    package init(_ value: JSONValue, _ rule: MemberRule) throws(JSONDecodingError) {
        guard value.kind == .object else { throw value.mismatch("an object") }
        if case .closed(let members) = rule { try members.check(value) }
        self.value = value
    }

    /// The error for params that are absent or not an object.
    package static let notAnObject = JSONDecodingError(pointer: JSONPointer(["params"]), message: "must be an object")

    /// The member `key`: "is required" at its pointer when absent.
    package func required(_ key: String) throws(JSONDecodingError) -> JSONValue { try value.member(key) }

    /// The member `key` when present and not null.
    package func optional(_ key: String) -> JSONValue? { value.optionalMember(key) }

    /// Whether the object has the member `key`, even as null (for members whose null means "the default").
    package func has(_ key: String) -> Bool { value[key] != nil }

    /// The member `key` as `T` (required).
    package func decode<T: ProtocolObject>(_ key: String, as _: T.Type = T.self) throws(JSONDecodingError) -> T {
        try T.decode(required(key))
    }

    /// The member `key` as `T` when present and not null.
    package func decodeIfPresent<T: ProtocolObject>(_ key: String, as _: T.Type = T.self) throws(JSONDecodingError)
        -> T?
    {
        guard let member = optional(key) else { return nil }
        return try T.decode(member)
    }

    /// The member `key`, an array (required), each element as `T`.
    package func decodeArray<T: ProtocolObject>(_ key: String, of _: T.Type = T.self) throws(JSONDecodingError) -> [T] {
        let elements = try required(key).decodeArray()
        var out: [T] = []
        out.reserveCapacity(elements.count)
        for element in elements { out.append(try T.decode(element)) }
        return out
    }

    package func string(_ key: String) throws(JSONDecodingError) -> String { try value.string(key) }
    package func optionalString(_ key: String) throws(JSONDecodingError) -> String? { try value.optionalString(key) }
    package func int(_ key: String) throws(JSONDecodingError) -> Int { try value.int(key) }
    package func optionalInt(_ key: String) throws(JSONDecodingError) -> Int? { try value.optionalInt(key) }
    package func bool(_ key: String) throws(JSONDecodingError) -> Bool { try value.bool(key) }
    package func optionalBool(_ key: String) throws(JSONDecodingError) -> Bool? { try value.optionalBool(key) }

    /// A string member's UTF-8 bytes, copied once from the tree (no String made).
    package func utf8Bytes(_ key: String) throws(JSONDecodingError) -> [UInt8] {
        try required(key).decodeUTF8Bytes()
    }
}
