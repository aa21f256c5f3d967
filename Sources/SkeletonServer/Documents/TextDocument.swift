/// A document's text as the client last sent it, with its LSP version.
public struct TextDocument: Sendable {
    public let uri: String
    public var languageId: String
    public var version: Int
    public var buffer: TextBuffer

    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.buffer = TextBuffer(text)
    }

    /// A document whose text is `bytes` (valid UTF-8, as a parsed JSON string's are), taken as they are.
    public init(uri: String, languageId: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.buffer = TextBuffer(bytes: bytes)
    }

    public var text: String { buffer.text }
}
