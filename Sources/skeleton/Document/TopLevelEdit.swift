import JSON

/// The minimal text edit that sets one member of a document's top-level object to a JSON string, so that
/// `--scheme` and `--rtl` can override `colorScheme` and `layoutDirection` without reformatting the file.
///
/// An existing member has only its value replaced; a missing one is appended after the object's last member
/// (`, "name": "value"`), so every line but the last keeps its positions for diagnostics.
enum TopLevelEdit {
    /// `text` with member `name` set to the string `value`, or nil when the text is not a JSON object (then the
    /// daemon's diagnostics explain what is wrong with it).
    static func setting(_ name: String, to value: String, in text: String) -> String? {
        let tree = JSONSyntaxTree(text)
        let bytes = tree.bytes
        guard let root = tree.locate(JSONPointer()),
            root.value.count >= 2,
            bytes[root.value.lowerBound] == UInt8(ascii: "{"),
            bytes[root.value.upperBound - 1] == UInt8(ascii: "}")
        else { return nil }
        let literal = Array(quoted(value).utf8)
        var edited = bytes
        if let member = tree.locate(JSONPointer([name])), member.matchedTokens == 1 {
            edited.replaceSubrange(member.value, with: literal)
        } else {
            var last = root.value.upperBound - 2
            while last > root.value.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[last]) { last -= 1 }
            let isEmpty = last == root.value.lowerBound
            let insertion = Array(((isEmpty ? "" : ", ") + quoted(name) + ": ").utf8) + literal
            edited.insert(contentsOf: insertion, at: last + 1)
        }
        return String(decoding: edited, as: UTF8.self)
    }

    /// A JSON string literal of `text`.
    private static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.writeString(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
