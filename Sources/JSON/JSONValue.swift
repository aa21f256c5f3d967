internal import CJansson

/// The kind of a JSON value, as jansson types it (integers and reals are distinct).
package enum JSONKind: Sendable, Hashable, CustomStringConvertible {
    case object, array, string, integer, real, bool, null

    package var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .real: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A read-only view of one value inside a `JSONDocument`. Cheap to copy; keeps its document alive.
// Safety: the pointer is into its document's tree, which nothing mutates after the parse and which `document` keeps
// alive.
package struct JSONValue: @unchecked Sendable {
    /// The document that owns this value's memory.
    package let document: JSONDocument
    let pointer: UnsafeMutablePointer<json_t>

    init(document: JSONDocument, pointer: UnsafeMutablePointer<json_t>) {
        self.document = document
        self.pointer = pointer
    }

    package var kind: JSONKind {
        switch pointer.pointee.type {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER: .integer
        case JSON_REAL: .real
        case JSON_TRUE, JSON_FALSE: .bool
        default: .null
        }
    }

    package var isNull: Bool { pointer.pointee.type == JSON_NULL }

    /// The boolean, or nil for any other kind.
    package var bool: Bool? {
        switch pointer.pointee.type {
        case JSON_TRUE: true
        case JSON_FALSE: false
        default: nil
        }
    }

    /// The integer, or nil for any other kind (a real such as `1.0` is not an integer).
    package var int: Int? {
        pointer.pointee.type == JSON_INTEGER ? Int(json_integer_value(pointer)) : nil
    }

    /// The number as a Double for integers and reals, or nil. jansson rejects non-finite numbers when parsing.
    package var double: Double? {
        switch pointer.pointee.type {
        case JSON_INTEGER: Double(json_integer_value(pointer))
        case JSON_REAL: json_real_value(pointer)
        default: nil
        }
    }

    /// The string (it may contain NUL), or nil for any other kind.
    package var string: String? {
        guard pointer.pointee.type == JSON_STRING, let chars = json_string_value(pointer) else { return nil }
        let length = json_string_length(pointer)
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Calls `body` with the string's UTF-8 bytes without copying them, or returns nil when not a string.
    package func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard pointer.pointee.type == JSON_STRING, let chars = json_string_value(pointer) else { return nil }
        let length = json_string_length(pointer)
        return try chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            try body(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The number of elements of an array or members of an object; 0 for scalars.
    package var count: Int {
        switch pointer.pointee.type {
        case JSON_ARRAY: json_array_size(pointer)
        case JSON_OBJECT: json_object_size(pointer)
        default: 0
        }
    }

    /// The member named `key` of an object, or nil (also when this is not an object).
    package subscript(key: String) -> JSONValue? {
        guard pointer.pointee.type == JSON_OBJECT else { return nil }
        var key = key
        let found = key.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { json_object_getn(pointer, $0.baseAddress, $0.count) }
        }
        return found.map { JSONValue(document: document, pointer: $0) }
    }

    /// The element at `index` of an array, or nil when out of range or not an array.
    package subscript(index: Int) -> JSONValue? {
        guard pointer.pointee.type == JSON_ARRAY, index >= 0, index < json_array_size(pointer),
            let element = json_array_get(pointer, index)
        else { return nil }
        return JSONValue(document: document, pointer: element)
    }

    /// The elements of an array in order; empty for any other kind.
    package var elements: [JSONValue] {
        guard pointer.pointee.type == JSON_ARRAY else { return [] }
        let n = json_array_size(pointer)
        var out: [JSONValue] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            if let element = json_array_get(pointer, i) { out.append(JSONValue(document: document, pointer: element)) }
        }
        return out
    }

    /// The members of an object in document order; empty for any other kind.
    package var members: [(key: String, value: JSONValue)] {
        guard pointer.pointee.type == JSON_OBJECT else { return [] }
        var out: [(key: String, value: JSONValue)] = []
        out.reserveCapacity(json_object_size(pointer))
        var iterator = json_object_iter(pointer)
        while let it = iterator {
            if let keyChars = json_object_iter_key(it), let member = json_object_iter_value(it) {
                let length = json_object_iter_key_len(it)
                let key = keyChars.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
                out.append((key, JSONValue(document: document, pointer: member)))
            }
            iterator = json_object_iter_next(pointer, it)
        }
        return out
    }

    /// Calls `body` with each member's key (its UTF-8 bytes, no String made) and value, in document order; nothing
    /// for any other kind. For reading an envelope in one pass instead of one hash lookup per member.
    package func forEachMember(_ body: (UnsafeBufferPointer<UInt8>, JSONValue) -> Void) {
        guard pointer.pointee.type == JSON_OBJECT else { return }
        var iterator = json_object_iter(pointer)
        while let it = iterator {
            if let keyChars = json_object_iter_key(it), let member = json_object_iter_value(it) {
                let length = json_object_iter_key_len(it)
                keyChars.withMemoryRebound(to: UInt8.self, capacity: length) {
                    body(UnsafeBufferPointer(start: $0, count: length), JSONValue(document: document, pointer: member))
                }
            }
            iterator = json_object_iter_next(pointer, it)
        }
    }

    /// Whether this is a string whose UTF-8 bytes are exactly `text`'s (no String made).
    package func isString(_ text: StaticString) -> Bool {
        withUTF8 { bytes in
            bytes.count == text.utf8CodeUnitCount
                && UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).elementsEqual(bytes)
        } ?? false
    }

    /// Whether two views name the very same value in the same document.
    package func isIdentical(to other: JSONValue) -> Bool {
        document === other.document && pointer == other.pointer
    }

    /// A detached copy as an output value (for echoing, storing or comparing).
    package var json: JSON {
        switch kind {
        case .null: return .null
        case .bool: return .bool(bool ?? false)
        case .integer: return .int(int ?? 0)
        case .real: return .double(double ?? 0)
        case .string: return .string(string ?? "")
        case .array: return .array(elements.map(\.json))
        case .object:
            var object = JSONObject()
            for (key, value) in members { object[key] = value.json }
            return .object(object)
        }
    }
}
