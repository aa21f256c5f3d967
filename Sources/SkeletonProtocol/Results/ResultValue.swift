package import JSON

/// A typed result (or a part of one): written straight as JSON text by its handler's side, read back from an
/// answer's `result` by a client (the CLI, `SkeletonClient`'s users, the tests, the bench).
///
/// Writing builds no tree: members go into the writer in the order the protocol documents, and the bytes are those
/// of the same value as a `JSON` tree encoded by `JSONWriter` (`ResultValueTests` holds each type to it).
package protocol ResultValue: ProtocolResult {
    /// Writes the value as JSON text.
    func write(into writer: inout JSONWriter)
    /// Reads the value from an answer (the client's side): an `AnswerError` names what does not fit.
    init(answer: JSON) throws(AnswerError)
}

extension ResultValue {
    package var reply: Reply { .written(self) }

    /// The value as JSON text.
    package var encoded: EncodedJSON {
        var writer = JSONWriter(capacity: 64)
        write(into: &writer)
        return EncodedJSON(unchecked: writer.bytes)
    }
}

/// An answer that does not have the shape its method's result has (a client's side: a daemon of another version,
/// or a bug).
package struct AnswerError: Error, Sendable, Hashable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }

    /// The error for `value`, which should have been `expected`.
    static func mismatch(_ value: JSON?, _ expected: String, at path: String) -> AnswerError {
        AnswerError(
            "the answer's \(path.isEmpty ? "result" : path) is \(value.map { String($0.text.prefix(80)) } ?? "missing"), not \(expected)"
        )
    }
}

/// Writes an object's members, commas and keys included.
package struct MemberWriter {
    private var first = true

    package init() {}

    /// Writes the key of the next member (its value follows).
    package mutating func key(_ key: String, into writer: inout JSONWriter) {
        if !first { writer.writeByte(UInt8(ascii: ",")) }
        first = false
        writer.writeString(key)
        writer.writeByte(UInt8(ascii: ":"))
    }

    /// Writes a member whose value is `value`.
    package mutating func member(_ key: String, _ value: some ResultValue, into writer: inout JSONWriter) {
        self.key(key, into: &writer)
        value.write(into: &writer)
    }

    /// Writes the member when `value` is not nil.
    package mutating func member(_ key: String, ifPresent value: (some ResultValue)?, into writer: inout JSONWriter) {
        guard let value else { return }
        member(key, value, into: &writer)
    }
}

extension JSONWriter {
    /// `{`, the members `body` writes, `}`.
    package mutating func writeObject(_ body: (inout MemberWriter, inout JSONWriter) -> Void) {
        writeByte(UInt8(ascii: "{"))
        var members = MemberWriter()
        body(&members, &self)
        writeByte(UInt8(ascii: "}"))
    }
}

/// Reads an answer's object member by member (the client's side of `MemberWriter`).
package struct AnswerObject {
    package let object: JSONObject
    /// Where the object is in the answer, for errors (`""`: the result).
    package let path: String

    package init(_ value: JSON, at path: String = "") throws(AnswerError) {
        guard let object = value.objectValue else { throw AnswerError.mismatch(value, "an object", at: path) }
        self.object = object
        self.path = path
    }

    package func required<T: ResultValue>(_ key: String, as _: T.Type = T.self) throws(AnswerError) -> T {
        guard let value = object[key] else { throw AnswerError.mismatch(nil, "\(T.self)", at: member(key)) }
        return try T(answer: value)
    }

    package func optional<T: ResultValue>(_ key: String, as _: T.Type = T.self) throws(AnswerError) -> T? {
        guard let value = object[key], value != .null else { return nil }
        return try T(answer: value)
    }

    func member(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
}

// MARK: Values

extension Bool: ResultValue {
    package func write(into writer: inout JSONWriter) { writer.write(.bool(self)) }
    package init(answer: JSON) throws(AnswerError) {
        guard let value = answer.boolValue else { throw AnswerError.mismatch(answer, "a boolean", at: "") }
        self = value
    }
}

extension Int: ResultValue {
    package func write(into writer: inout JSONWriter) { writer.writeInt(self) }
    package init(answer: JSON) throws(AnswerError) {
        guard let value = answer.intValue else { throw AnswerError.mismatch(answer, "an integer", at: "") }
        self = value
    }
}

extension Double: ResultValue {
    package func write(into writer: inout JSONWriter) { writer.writeDouble(self) }
    package init(answer: JSON) throws(AnswerError) {
        guard let value = answer.doubleValue else { throw AnswerError.mismatch(answer, "a number", at: "") }
        self = value
    }
}

extension String: ResultValue {
    package func write(into writer: inout JSONWriter) { writer.writeString(self) }
    package init(answer: JSON) throws(AnswerError) {
        guard let value = answer.stringValue else { throw AnswerError.mismatch(answer, "a string", at: "") }
        self = value
    }
}

extension Array: ResultValue, ProtocolResult where Element: ResultValue {
    package func write(into writer: inout JSONWriter) {
        writer.writeByte(UInt8(ascii: "["))
        for (index, element) in enumerated() {
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            element.write(into: &writer)
        }
        writer.writeByte(UInt8(ascii: "]"))
    }

    package init(answer: JSON) throws(AnswerError) {
        guard let elements = answer.arrayValue else { throw AnswerError.mismatch(answer, "an array", at: "") }
        var out: [Element] = []
        out.reserveCapacity(elements.count)
        for element in elements { out.append(try Element(answer: element)) }
        self = out
    }
}

/// A result that is always `null` (the methods that only set something).
package struct NullResult: ResultValue, Hashable {
    package init() {}
    package func write(into writer: inout JSONWriter) { writer.write(.null) }
    package init(answer: JSON) throws(AnswerError) {
        guard answer == .null else { throw AnswerError.mismatch(answer, "null", at: "") }
    }
}

extension JSON: ResultValue {
    /// As a part of a typed result: written as it is.
    package func write(into writer: inout JSONWriter) { writer.write(self) }
    package init(answer: JSON) { self = answer }
}
