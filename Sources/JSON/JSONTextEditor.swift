/// Minimal edits of JSON text by JSON Pointer: the rest of the text (formatting, key order, comments in
/// strings) stays exactly as it was. Each edit finds its target in the syntax tree of the current text
/// (`JSONSyntaxTree`, built once after each edit).
package struct JSONTextEditor: Sendable {
    /// The current text.
    package var bytes: [UInt8] { tree.bytes }
    /// The syntax tree of the current text.
    package private(set) var tree: JSONSyntaxTree

    package init(bytes: [UInt8]) { tree = JSONSyntaxTree(bytes: bytes) }
    /// An editor of the text `tree` is the syntax tree of (read, not built again).
    package init(tree: JSONSyntaxTree) { self.tree = tree }
    package init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Why an edit cannot be made.
    package struct EditError: Error, Sendable, Equatable, CustomStringConvertible {
        package var pointer: JSONPointer
        package var message: String
        package var description: String { "\(pointer): \(message)" }
    }

    /// The exact text of the value at `pointer`.
    package func valueText(at pointer: JSONPointer) throws(EditError) -> [UInt8] {
        Array(bytes[tree[try node(pointer)].range])
    }

    /// Sets member `key` of the object at `pointer` to `value` (JSON text): replaces its value, or adds the
    /// member at the end of the object.
    package mutating func setMember(_ key: String, of pointer: JSONPointer, to value: [UInt8]) throws(EditError) {
        let object = try closed(pointer, .object, "is not an object")
        if let member = tree.child(of: object, key) {
            replace(tree[member].range, with: value)
            return
        }
        var insertion = Array(JSON.string(key).bytes) + Array(": ".utf8) + value
        let close = tree[object].end - 1
        // Anything written inside the braces is a node of the object's subtree (whitespace is none).
        if tree[object].subtreeEnd > object + 1 { insertion = Array(", ".utf8) + insertion }
        replace(close..<close, with: insertion)
    }

    /// Removes member `key` of the object at `pointer` (nothing happens when it is absent).
    package mutating func removeMember(_ key: String, of pointer: JSONPointer) throws(EditError) {
        let object = try node(pointer)
        guard let value = tree.child(of: object, key), let member = tree.member(ofValue: value) else { return }
        removeListItem(tree[member].range)
    }

    /// Inserts `value` (JSON text) into the array at `pointer` so that it ends up at `index` (0...count).
    package mutating func insertElement(_ value: [UInt8], into pointer: JSONPointer, at index: Int) throws(EditError) {
        let array = try closed(pointer, .array, "is not an array")
        let elements = tree.elements(of: array)
        guard index >= 0, index <= elements.count else {
            throw EditError(pointer: pointer, message: "index \(index) is outside 0...\(elements.count)")
        }
        if index < elements.count {
            let start = tree[elements[index]].start
            replace(start..<start, with: value + Array(", ".utf8))
        } else {
            let close = tree[array].end - 1
            replace(close..<close, with: (elements.isEmpty ? [] : Array(", ".utf8)) + value)
        }
    }

    /// Removes the element at `pointer` from its array, with its separating comma.
    package mutating func removeElement(at pointer: JSONPointer) throws(EditError) {
        removeListItem(tree[try node(pointer)].range)
    }

    /// The number of elements of the array at `pointer` (0 when it is not an array).
    package func elementCount(_ pointer: JSONPointer) -> Int {
        guard let k = tree.node(at: pointer), tree[k].kind == .array else { return 0 }
        return tree.elements(of: k).count
    }

    private func node(_ pointer: JSONPointer) throws(EditError) -> Int {
        guard let k = tree.node(at: pointer) else { throw EditError(pointer: pointer, message: "does not exist") }
        return k
    }

    /// The container of `kind` at `pointer`, with its closing bracket written.
    private func closed(_ pointer: JSONPointer, _ kind: JSONSyntaxTree.Kind, _ message: String) throws(EditError) -> Int
    {
        let k = try node(pointer)
        guard tree[k].kind == kind else { throw EditError(pointer: pointer, message: message) }
        guard tree[k].problem != .unclosed else { throw EditError(pointer: pointer, message: "is not closed") }
        return k
    }

    /// Replaces `range` of the text and reads the new text's tree.
    private mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        var edited = bytes
        edited.replaceSubrange(range, with: replacement)
        tree = JSONSyntaxTree(bytes: edited, maxDepth: tree.maxDepth)
    }

    /// Removes an item of a comma-separated list (an element, or a `"key": value` member) and one comma next to
    /// it: the following one if any, else the preceding one. (Commas are no nodes of the tree: the bytes next to the
    /// item are read, whitespace and one comma at most.)
    private mutating func removeListItem(_ item: Range<Int>) {
        var end = item.upperBound
        while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: ",") {
            end += 1
            while end < bytes.count, Self.isSpace(bytes[end]) { end += 1 }
            replace(item.lowerBound..<end, with: [])
            return
        }
        var start = item.lowerBound
        var k = start - 1
        while k >= 0, Self.isSpace(bytes[k]) { k -= 1 }
        if k >= 0, bytes[k] == UInt8(ascii: ",") { start = k }
        replace(start..<item.upperBound, with: [])
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
}
