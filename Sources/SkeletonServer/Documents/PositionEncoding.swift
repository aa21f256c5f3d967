/// How `character` in an LSP position counts: UTF-16 code units (LSP's default) or UTF-8 bytes.
public enum PositionEncoding: String, Sendable, CaseIterable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The encoding to use given the client's `general.positionEncodings` (in its order of preference):
    /// UTF-8 when offered (it is our native form), else UTF-16.
    public static func negotiate(clientOffers: [String]) -> PositionEncoding {
        clientOffers.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// A zero-based line and character, as LSP positions are.
public struct TextPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }
}

/// A range of two positions, start inclusive, end exclusive.
public struct TextRange: Hashable, Sendable {
    public var start: TextPosition
    public var end: TextPosition
    public init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}
