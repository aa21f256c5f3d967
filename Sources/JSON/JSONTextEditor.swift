/// Minimal edits of JSON text by JSON Pointer: the rest of the text (formatting, key order, comments in
/// strings) stays exactly as it was. Each edit re-locates its target in the current text.
public struct JSONTextEditor: Sendable {
    /// The current text.
    public private(set) var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ text: String) { bytes = Array(text.utf8) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Why an edit cannot be made.
    public struct EditError: Error, Sendable, Equatable, CustomStringConvertible {
        public var pointer: JSONPointer
        public var message: String
        public var description: String { "\(pointer): \(message)" }
    }

    /// The exact text of the value at `pointer`.
    public func valueText(at pointer: JSONPointer) throws(EditError) -> [UInt8] {
        Array(bytes[try locate(pointer).value])
    }

    /// Sets member `key` of the object at `pointer` to `value` (JSON text): replaces its value, or adds the
    /// member at the end of the object.
    public mutating func setMember(_ key: String, of pointer: JSONPointer, to value: [UInt8]) throws(EditError) {
        let object = try locate(pointer)
        guard bytes[object.value.lowerBound] == UInt8(ascii: "{") else {
            throw EditError(pointer: pointer, message: "is not an object")
        }
        if let member = JSONSourceLocator.locate(pointer.appending(key), in: bytes),
            member.matchedTokens == pointer.tokens.count + 1
        {
            bytes.replaceSubrange(member.value, with: value)
            return
        }
        var insertion = Array(JSON.string(key).bytes) + Array(": ".utf8) + value
        let close = object.value.upperBound - 1
        if hasContent(from: object.value.lowerBound + 1, to: close) { insertion = Array(", ".utf8) + insertion }
        bytes.replaceSubrange(close..<close, with: insertion)
    }

    /// Removes member `key` of the object at `pointer` (nothing happens when it is absent).
    public mutating func removeMember(_ key: String, of pointer: JSONPointer) throws(EditError) {
        _ = try locate(pointer)
        guard let member = JSONSourceLocator.locate(pointer.appending(key), in: bytes),
            member.matchedTokens == pointer.tokens.count + 1, let keyRange = member.key
        else { return }
        removeListItem(keyRange.lowerBound..<member.value.upperBound)
    }

    /// Inserts `value` (JSON text) into the array at `pointer` so that it ends up at `index` (0...count).
    public mutating func insertElement(_ value: [UInt8], into pointer: JSONPointer, at index: Int) throws(EditError) {
        let array = try locate(pointer)
        guard bytes[array.value.lowerBound] == UInt8(ascii: "[") else {
            throw EditError(pointer: pointer, message: "is not an array")
        }
        let count = elementCount(pointer)
        guard index >= 0, index <= count else {
            throw EditError(pointer: pointer, message: "index \(index) is outside 0...\(count)")
        }
        if index < count, let next = JSONSourceLocator.locate(pointer.appending(index), in: bytes) {
            bytes.replaceSubrange(next.value.lowerBound..<next.value.lowerBound, with: value + Array(", ".utf8))
        } else {
            let close = array.value.upperBound - 1
            bytes.replaceSubrange(close..<close, with: (count > 0 ? Array(", ".utf8) : []) + value)
        }
    }

    /// Removes the element at `pointer` from its array, with its separating comma.
    public mutating func removeElement(at pointer: JSONPointer) throws(EditError) {
        let element = try locate(pointer)
        removeListItem(element.value)
    }

    /// The number of elements of the array at `pointer` (0 when it is not an array).
    public func elementCount(_ pointer: JSONPointer) -> Int {
        var n = 0
        while let e = JSONSourceLocator.locate(pointer.appending(n), in: bytes),
            e.matchedTokens == pointer.tokens.count + 1
        { n += 1 }
        return n
    }

    private func locate(_ pointer: JSONPointer) throws(EditError) -> JSONSourceLocator.Location {
        guard let found = JSONSourceLocator.locate(pointer, in: bytes), found.matchedTokens == pointer.tokens.count
        else {
            throw EditError(pointer: pointer, message: "does not exist")
        }
        return found
    }

    /// Removes an item of a comma-separated list (an element, or a `"key": value` member) and one comma next to
    /// it: the following one if any, else the preceding one.
    private mutating func removeListItem(_ item: Range<Int>) {
        var end = item.upperBound
        while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ",") {
            end += 1
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
            bytes.removeSubrange(item.lowerBound..<end)
            return
        }
        var start = item.lowerBound
        var k = start - 1
        while k >= 0, Self.isSpace(bytes[k]) { k -= 1 }
        if k >= 0, bytes[k] == UInt8(ascii: ",") { start = k }
        bytes.removeSubrange(start..<item.upperBound)
    }

    private func hasContent(from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        return bytes[start..<end].contains { !Self.isSpace($0) }
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
