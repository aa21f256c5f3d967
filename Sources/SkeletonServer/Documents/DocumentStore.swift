import JSON
import JSONRPC
import Synchronization

/// The open documents, by uri. Each document is touched only on its own lane; the store's lock guards only
/// the map itself, so different documents never wait for each other.
public final class DocumentStore: Sendable {
    private let documents = Mutex<[String: TextDocument]>([:])

    public init() {}

    public var count: Int { documents.withLock { $0.count } }

    public func document(_ uri: String) -> TextDocument? { documents.withLock { $0[uri] } }

    /// Registers the methods of LSP text synchronization (open, change with full text, close).
    public func register(in table: inout MethodTable) {
        table.notification("textDocument/didOpen") { [self] context in
            let item = try context.paramsObject().member("textDocument")
            let document = TextDocument(
                uri: try item.string("uri"), languageId: try item.optionalString("languageId") ?? "",
                version: try item.int("version"), text: try item.string("text"))
            documents.withLock { $0[document.uri] = document }
            context.server.log.debug("opened \(document.uri) (\(document.text.utf8.count) bytes)")
        }
        table.notification("textDocument/didChange") { [self] context in
            let params = try context.paramsObject()
            let identifier = try params.member("textDocument")
            let uri = try identifier.string("uri")
            let version = try identifier.int("version")
            let changes = try params.member("contentChanges").decodeArray()
            guard var document = document(uri) else {
                throw ResponseError(.invalidParams, "didChange for \(uri), which is not open")
            }
            guard version > document.version else {
                throw ResponseError(.invalidParams, "didChange for \(uri) with version \(version), not after \(document.version)")
            }
            for change in changes {
                guard change.optionalMember("range") == nil else {
                    throw ResponseError(.invalidParams, "range edits are not supported yet: send full text")
                }
                document.text = try change.string("text")
            }
            document.version = version
            documents.withLock { $0[uri] = document }
        }
        table.notification("textDocument/didClose") { [self] context in
            let uri = try context.paramsObject().member("textDocument").string("uri")
            _ = documents.withLock { $0.removeValue(forKey: uri) }
        }
    }
}
