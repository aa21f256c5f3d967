/// How `character` in an LSP position counts: UTF-16 code units (LSP's default) or UTF-8 bytes.
package enum PositionEncoding: String, Sendable, CaseIterable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The encoding to use given the client's `general.positionEncodings` (in its order of preference):
    /// UTF-8 when offered (it is our native form), else UTF-16.
    package static func negotiate(clientOffers: [String]) -> PositionEncoding {
        clientOffers.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// A zero-based line and character, as LSP positions are.
package struct TextPosition: Hashable, Sendable, Comparable {
    package var line: Int
    package var character: Int
    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }
}

/// A range of two positions, start inclusive, end exclusive.
package struct TextRange: Hashable, Sendable {
    package var start: TextPosition
    package var end: TextPosition
    package init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}
