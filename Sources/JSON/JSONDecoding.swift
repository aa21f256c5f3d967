/// Typed reading of JSON values with errors that name the offending value by JSON Pointer.

/// A value has the wrong kind, is missing, or is out of range. `pointer` says where.
package struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    package var pointer: JSONPointer
    package var message: String

    package init(pointer: JSONPointer, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// An error about `value` (its pointer is found in its document).
    package init(at value: JSONValue, _ message: String) {
        self.init(pointer: value.pointerFromRoot, message: message)
    }

    /// `/params/frame/2: must be a finite number`.
    package var description: String {
        "\(pointer.description.isEmpty ? "(top level)" : pointer.description): \(message)"
    }
}

extension JSONValue {
    /// The member `key`, or an error saying it is required.
    package func member(_ key: String) throws(JSONDecodingError) -> JSONValue {
        guard kind == .object else { throw JSONDecodingError(at: self, "must be an object, not \(kind)") }
        guard let value = self[key] else {
            throw JSONDecodingError(pointer: pointerFromRoot.appending(key), message: "is required")
        }
        return value
    }

    /// The member `key` when present and not null.
    package func optionalMember(_ key: String) -> JSONValue? {
        guard let value = self[key], !value.isNull else { return nil }
        return value
    }

    package func decodeString() throws(JSONDecodingError) -> String {
        guard let s = string else { throw mismatch("a string") }
        return s
    }

    /// A string's UTF-8 bytes, copied once straight from the parsed tree: no String is made, and the bytes are not
    /// validated again (jansson refused invalid UTF-8 when it parsed them). The same error as `decodeString`.
    package func decodeUTF8Bytes() throws(JSONDecodingError) -> [UInt8] {
        guard let bytes = withUTF8({ Array($0) }) else { throw mismatch("a string") }
        return bytes
    }

    package func decodeBool() throws(JSONDecodingError) -> Bool {
        guard let b = bool else { throw mismatch("a boolean") }
        return b
    }

    /// An integer; a real with an integral value (`3.0`) is accepted too.
    package func decodeInt() throws(JSONDecodingError) -> Int {
        if let i = int { return i }
        if kind == .real, let d = double, d == d.rounded(), abs(d) < 9_007_199_254_740_992 { return Int(d) }
        throw mismatch("an integer")
    }

    /// A finite number.
    package func decodeDouble() throws(JSONDecodingError) -> Double {
        guard let d = double else { throw mismatch("a number") }
        guard d.isFinite else { throw JSONDecodingError(at: self, "must be a finite number") }
        return d
    }

    package func decodeArray() throws(JSONDecodingError) -> [JSONValue] {
        guard kind == .array else { throw mismatch("an array") }
        return elements
    }

    package func decodeObject() throws(JSONDecodingError) -> [(key: String, value: JSONValue)] {
        guard kind == .object else { throw mismatch("an object") }
        return members
    }

    /// One of the raw values of `T`; the error lists them all.
    package func decodeEnum<T: RawRepresentable & CaseIterable>(_: T.Type) throws(JSONDecodingError) -> T
    where T.RawValue == String {
        let s = try decodeString()
        guard let value = T(rawValue: s) else {
            let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw JSONDecodingError(at: self, "must be one of \(allowed), not \"\(s)\"")
        }
        return value
    }

    // Shorthands for members.
    package func string(_ key: String) throws(JSONDecodingError) -> String { try member(key).decodeString() }
    package func optionalString(_ key: String) throws(JSONDecodingError) -> String? {
        try optionalMember(key)?.decodeString()
    }
    package func int(_ key: String) throws(JSONDecodingError) -> Int { try member(key).decodeInt() }
    package func optionalInt(_ key: String) throws(JSONDecodingError) -> Int? { try optionalMember(key)?.decodeInt() }
    package func double(_ key: String) throws(JSONDecodingError) -> Double { try member(key).decodeDouble() }
    package func optionalDouble(_ key: String) throws(JSONDecodingError) -> Double? {
        try optionalMember(key)?.decodeDouble()
    }
    package func bool(_ key: String) throws(JSONDecodingError) -> Bool { try member(key).decodeBool() }
    package func optionalBool(_ key: String) throws(JSONDecodingError) -> Bool? {
        try optionalMember(key)?.decodeBool()
    }

    /// An error saying this value is not what was expected.
    package func mismatch(_ expected: String) -> JSONDecodingError {
        JSONDecodingError(at: self, "must be \(expected), not \(kind)")
    }
}
