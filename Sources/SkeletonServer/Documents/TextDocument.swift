/// A document's text as the client last sent it, with its LSP version.
package struct TextDocument: Sendable {
    package let uri: String
    package var languageId: String
    package var version: Int
    package var buffer: TextBuffer

    package init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.buffer = TextBuffer(text)
    }

    /// A document whose text is `bytes` (valid UTF-8, as a parsed JSON string's are), taken as they are.
    package init(uri: String, languageId: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.buffer = TextBuffer(bytes: bytes)
    }

    package var text: String { buffer.text }
}
