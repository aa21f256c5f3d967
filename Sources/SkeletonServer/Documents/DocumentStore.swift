import Dispatch
import JSON
public import JSONRPC
public import SkeletonEngine
import SkeletonModel
import Synchronization

/// The open documents: LSP text sync, diagnostics, and each document's live skeleton session.
///
/// - Each document is touched only on its own lane; the store's lock guards only the map.
/// - Nothing is lost: while a document's text is invalid, its last valid tree stays live (skeleton state,
///   subscriptions and previews keep running on it); when the text is valid again, the new tree takes over with
///   the skeleton state carried across by node identity.
public final class DocumentStore: DisplayListProvider {
    private let entries = Mutex<[String: DocumentEntry]>([:])
    /// Weak: the server's method table holds the store, so a strong link would keep both alive forever.
    private let serverBox = Mutex(WeakServer())
    let configuration: SessionConfiguration
    let previews: PreviewHub
    let log: Logger
    /// The appearance new sessions start from (`skeleton/setAppearance` without a uri changes it).
    let baseAppearance = Mutex(SkeletonAppearance.default)

    public init(configuration: SessionConfiguration, log: Logger) {
        self.configuration = configuration
        self.log = log
        let provider = StoreProvider()
        previews = PreviewHub(provider: provider, clock: configuration.clock, log: log)
        provider.store = self
        configuration.clock.observe { [weak self] _ in self?.clockMoved() }
    }

    /// The server that notifications go out through (set once the server exists).
    func attach(_ server: Server) { serverBox.withLock { $0.server = server } }
    var server: Server? { serverBox.withLock { $0.server } }

    public var count: Int { entries.withLock { $0.count } }

    /// The uris of the open documents.
    public var uris: [String] { entries.withLock { Array($0.keys) } }

    func entry(_ uri: String) -> DocumentEntry? { entries.withLock { $0[uri] } }

    /// The text of an open document.
    public func document(_ uri: String) -> TextDocument? { entry(uri)?.state.withLock { $0.text } }

    /// The live session of an open document with a valid tree.
    public func session(_ uri: String) -> SkeletonSession? { entry(uri)?.state.withLock { $0.session } }

    public func source(for uri: String) -> (any DisplayListSource)? {
        entry(uri)?.state.withLock { state in state.session.map { SessionSnapshot(session: $0) } }
    }

    // MARK: Text synchronization

    func register(in table: inout MethodTable) {
        table.notification("textDocument/didOpen") { [self] context in
            let item = try context.paramsObject().member("textDocument")
            let version = try item.int("version")
            let text = TextDocument(
                uri: try item.string("uri"), languageId: try item.optionalString("languageId") ?? "",
                version: version, text: try item.string("text"))
            let entry = DocumentEntry(text: text)
            entries.withLock { $0[text.uri] = entry }
            log.debug("opened \(text.uri) (\(text.buffer.bytes.count) bytes)")
            analyse(text.uri, entry)
        }
        table.notification("textDocument/didChange") { [self] context in try didChange(context) }
        table.notification("textDocument/didClose") { [self] context in
            let uri = try context.paramsObject().member("textDocument").string("uri")
            _ = entries.withLock { $0.removeValue(forKey: uri) }
            previews.documentClosed(uri)
            server?.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
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
        guard let entry = entry(uri) else {
            throw ResponseError(.invalidParams, "didChange for \(uri), which is not open")
        }
        var text = entry.state.withLock { $0.text }
        guard version > text.version else {
            throw ResponseError(
                .invalidParams, "didChange for \(uri) with version \(version), which is not after \(text.version)")
        }
        let encoding = configuration.positionEncoding
        for change in changes {
            let newText = try change.string("text")
            var range: TextRange?
            if let value = change.optionalMember("range") { range = try Self.decodeRange(value) }
            do {
                try text.buffer.apply(range: range, text: newText, encoding: encoding)
            } catch {
                throw JSONDecodingError(at: change.optionalMember("range") ?? change, error.description)
            }
        }
        text.version = version
        entry.state.withLock { $0.text = text }
        analyse(uri, entry)
    }

    static func decodeRange(_ value: JSONValue) throws(JSONDecodingError) -> TextRange {
        TextRange(start: try decodePosition(value.member("start")), end: try decodePosition(value.member("end")))
    }

    static func decodePosition(_ value: JSONValue) throws(JSONDecodingError) -> TextPosition {
        TextPosition(line: try value.int("line"), character: try value.int("character"))
    }

    // MARK: Analysis

    /// Decodes the document's text, publishes its diagnostics, and moves the session to the new tree when the
    /// text is valid (on the document's lane).
    func analyse(_ uri: String, _ entry: DocumentEntry) {
        let text = entry.state.withLock { $0.text }
        let result = text.buffer.bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        let now = configuration.clock.now
        var events: [LifecycleEvent] = []
        let publish = entry.state.withLock { state -> Bool in
            if let document = result.document {
                if state.session == nil {
                    var session = SkeletonSession(document: document, appearance: baseAppearance.withLock { $0 })
                    session.motion = configuration.motion
                    state.session = session
                } else {
                    events = state.session?.replaceDocument(document, at: now) ?? []
                }
            }
            let publish = !result.problems.isEmpty || state.hasPublishedProblems
            state.hasPublishedProblems = !result.problems.isEmpty
            return publish
        }
        if publish {
            let encoding = configuration.positionEncoding
            let diagnostics = result.problems.map { Diagnostic($0).lsp(in: text.buffer, encoding: encoding) }
            server?.notify("textDocument/publishDiagnostics", [
                "uri": .string(uri), "version": .int(text.version), "diagnostics": .array(diagnostics),
            ])
        }
        sessionChanged(uri, entry, events: events)
    }

    // MARK: Time

    /// Everything that follows a change of a document's session: lifecycle notifications, previews, and a
    /// wake-up for the next moment its timeline changes by itself (real clock).
    func sessionChanged(_ uri: String, _ entry: DocumentEntry, events: [LifecycleEvent]) {
        for event in events {
            server?.notify("skeleton/didChangeState", [
                "uri": .string(uri), "node": .string(event.node), "state": .string(event.state.rawValue),
                "time": .double(event.time),
            ])
        }
        previews.documentChanged(uri)
        scheduleWake(uri, entry)
    }

    /// Under the real clock, sets a timer for the session's next timeline change (a delayed show coming due, a
    /// transition ending), so its lifecycle events go out on time.
    private func scheduleWake(_ uri: String, _ entry: DocumentEntry) {
        guard configuration.clock.mode == .real else { return }
        let now = configuration.clock.now
        let next = entry.state.withLock { state -> Double? in
            guard let next = state.session?.timeline(at: now).nextChange, next > now else { return nil }
            if let pending = state.wakeAt, pending <= next, pending > now { return nil }
            state.wakeAt = next
            return next
        }
        guard let next else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + (next - now)) { [weak self] in
            guard let self else { return }
            server?.runOnDocumentLane(uri) { [self] in
                entry.state.withLock { $0.wakeAt = nil }
                advance(uri, entry)
            }
        }
    }

    /// Brings a session's timeline to now and reports what happened.
    private func advance(_ uri: String, _ entry: DocumentEntry) {
        let now = configuration.clock.now
        let events = entry.state.withLock { $0.session?.advance(to: now) ?? [] }
        sessionChanged(uri, entry, events: events)
    }

    /// Under the manual clock, every document's timeline follows the clock (events in time order).
    private func clockMoved() {
        guard let server else { return }
        for (uri, entry) in entries.withLock({ $0 }) {
            server.runOnDocumentLane(uri) { [self] in advance(uri, entry) }
        }
    }
}

/// The preview hub reads documents from the store that owns it: a weak link breaks the cycle.
final class StoreProvider: DisplayListProvider, @unchecked Sendable {
    /// Set once, before the hub is used.
    weak var store: DocumentStore?
    func source(for uri: String) -> (any DisplayListSource)? { store?.source(for: uri) }
}

/// A weak reference to the server, for the store.
struct WeakServer: @unchecked Sendable {
    weak var server: Server?
}
