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

    public var text: String { buffer.text }
}
