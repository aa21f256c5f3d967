/// An owned JSON value, for building results and notifications. Objects keep their keys in insertion order.
package enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
    /// Text that is already one JSON value, written as is (an answer built straight as bytes, such as a big outline).
    /// Compares by its bytes, not by the value they encode.
    case encoded(EncodedJSON)

    /// The encoded UTF-8 text.
    package var bytes: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The encoded text as a String.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The member `key` of an object, or nil.
    package subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` of an array, or nil.
    package subscript(index: Int) -> JSON? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// The integer `d` is written as (`JSONWriter`), and so parsed back as: its value when integral and below 2^53 in
    /// magnitude; nil for any other Double (a fraction, a larger one, a non-finite one).
    package static func exactInteger(_ d: Double) -> Int? {
        d == d.rounded() && abs(d) < 9_007_199_254_740_992 ? Int(d) : nil
    }

    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var intValue: Int? { if case .int(let i) = self { i } else { nil } }
    package var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
    package var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
    package var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
    package init(nilLiteral: ()) { self = .null }
}

/// An object with ordered keys (insertion order; setting an existing key keeps its place).
package struct JSONObject: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    package private(set) var pairs: [(key: String, value: JSON)]

    package init() { pairs = [] }
    package init(_ pairs: [(String, JSON)]) {
        self.pairs = []
        for (k, v) in pairs { self[k] = v }
    }

    package init(dictionaryLiteral elements: (String, JSON)...) { self.init(elements) }

    package var count: Int { pairs.count }
    package var keys: [String] { pairs.map(\.key) }

    /// Reads a member; assigning nil removes it.
    package subscript(key: String) -> JSON? {
        get { pairs.first { $0.key == key }?.value }
        set {
            if let i = pairs.firstIndex(where: { $0.key == key }) {
                if let newValue { pairs[i].value = newValue } else { pairs.remove(at: i) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
        }
    }

    package func makeIterator() -> IndexingIterator<[(key: String, value: JSON)]> { pairs.makeIterator() }

    package static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.pairs.count == b.pairs.count && zip(a.pairs, b.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        for (k, v) in pairs {
            hasher.combine(k)
            hasher.combine(v)
        }
    }
}
