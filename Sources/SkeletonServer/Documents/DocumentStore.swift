import JSON
import JSONRPC
import Synchronization

/// The open documents, by uri. Each document is touched only on its own lane; the store's lock guards only
/// the map itself, so different documents never wait for each other.
public final class DocumentStore: Sendable {
    private let documents = Mutex<[String: TextDocument]>([:])
    private let configuration: SessionConfiguration

    public init(configuration: SessionConfiguration) { self.configuration = configuration }

    public var count: Int { documents.withLock { $0.count } }

    public func document(_ uri: String) -> TextDocument? { documents.withLock { $0[uri] } }

    /// Registers LSP text synchronization: open, incremental or full change, close.
    public func register(in table: inout MethodTable) {
        table.notification("textDocument/didOpen") { [self] context in
            let item = try context.paramsObject().member("textDocument")
            let version = try item.int("version")
            let document = TextDocument(
                uri: try item.string("uri"), languageId: try item.optionalString("languageId") ?? "",
                version: version, text: try item.string("text"))
            documents.withLock { $0[document.uri] = document }
            context.server.log.debug("opened \(document.uri) (\(document.buffer.bytes.count) bytes)")
        }
        table.notification("textDocument/didChange") { [self] context in
            try didChange(context)
        }
        table.notification("textDocument/didClose") { [self] context in
            let uri = try context.paramsObject().member("textDocument").string("uri")
            _ = documents.withLock { $0.removeValue(forKey: uri) }
        }
    }

    /// Applies content changes in array order; all or nothing. The version must grow.
    private func didChange(_ context: NotificationContext) throws {
        let params = try context.paramsObject()
        let identifier = try params.member("textDocument")
        let uri = try identifier.string("uri")
        let versionValue = try identifier.member("version")
        let version = try versionValue.decodeInt()
        guard version >= 0 else { throw JSONDecodingError(at: versionValue, "must not be negative") }
        let changes = try params.member("contentChanges").decodeArray()
        guard var document = document(uri) else {
            throw ResponseError(.invalidParams, "didChange for \(uri), which is not open")
        }
        guard version > document.version else {
            throw ResponseError(
                .invalidParams, "didChange for \(uri) with version \(version), which is not after \(document.version)")
        }
        let encoding = configuration.positionEncoding
        for change in changes {
            let text = try change.string("text")
            var range: TextRange?
            if let value = change.optionalMember("range") { range = try Self.decodeRange(value) }
            do {
                try document.buffer.apply(range: range, text: text, encoding: encoding)
            } catch {
                throw JSONDecodingError(at: change.optionalMember("range") ?? change, error.description)
            }
        }
        document.version = version
        documents.withLock { $0[uri] = document }
    }

    static func decodeRange(_ value: JSONValue) throws(JSONDecodingError) -> TextRange {
        TextRange(start: try decodePosition(value.member("start")), end: try decodePosition(value.member("end")))
    }

    static func decodePosition(_ value: JSONValue) throws(JSONDecodingError) -> TextPosition {
        TextPosition(line: try value.int("line"), character: try value.int("character"))
    }
}
