import Dispatch
import InterfaceBuilder
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
    /// Analyses so far, whole texts and single nodes.
    let analysisCounts = Mutex(AnalysisCounts())

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

    /// The live session of an open document's scene (nil: its initial scene) with a valid tree.
    public func session(_ uri: String, scene: String? = nil) -> SkeletonSession? {
        entry(uri)?.state.withLock { state in state.sceneID(scene).flatMap { state.sessions[$0] } }
    }

    public func isOpen(_ uri: String) -> Bool { entry(uri) != nil }

    public func source(for uri: String, scene: String?) -> (any DisplayListSource)? {
        session(uri, scene: scene).map { SessionSnapshot(session: $0) }
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
        // Every change is read before the text is touched: a bad field refuses them all.
        var decoded: [(range: TextRange?, text: String, at: JSONValue)] = []
        for change in changes {
            let range = try change.optionalMember("range").map { value throws(JSONDecodingError) in try Self.decodeRange(value) }
            decoded.append((range, try change.string("text"), change.optionalMember("range") ?? change))
        }
        // A single range edit of a valid document may take the short path through the one node it touched.
        let spans = decoded.count == 1 && decoded[0].range != nil ? spansForEdit(entry) : nil
        let encoding = configuration.positionEncoding
        let edit = try entry.state.withLock { state throws -> ByteEdit? in
            guard version > state.text.version else {
                throw ResponseError(
                    .invalidParams, "didChange for \(uri) with version \(version), which is not after \(state.text.version)")
            }
            func apply(_ change: (range: TextRange?, text: String, at: JSONValue), to buffer: inout TextBuffer) throws -> ByteEdit? {
                do {
                    return try buffer.apply(range: change.range, text: change.text, encoding: encoding)
                } catch {
                    throw JSONDecodingError(at: change.at, error.description)
                }
            }
            // One change applies in place (it fails before changing anything); several apply to a copy first.
            var edit: ByteEdit?
            if decoded.count == 1 {
                edit = try apply(decoded[0], to: &state.text.buffer)
            } else {
                var buffer = state.text.buffer
                for change in decoded { edit = try apply(change, to: &buffer) }
                state.text.buffer = buffer
            }
            state.text.version = version
            return edit
        }
        if let edit, let spans, applyInPlace(uri, entry, edit: edit, spans: spans) { return }
        analyse(uri, entry)
    }

    static func decodeRange(_ value: JSONValue) throws(JSONDecodingError) -> TextRange {
        TextRange(start: try decodePosition(value.member("start")), end: try decodePosition(value.member("end")))
    }

    static func decodePosition(_ value: JSONValue) throws(JSONDecodingError) -> TextPosition {
        TextPosition(line: try value.int("line"), character: try value.int("character"))
    }

    // MARK: Analysis

    /// Decodes the document's text (JSON, or Interface Builder XML for storyboards and XIBs), publishes its
    /// diagnostics, and moves each scene's session to its new tree when valid (on the document's lane).
    func analyse(_ uri: String, _ entry: DocumentEntry) {
        let text = entry.state.withLock { state in
            state.spans = nil
            return state.text
        }
        analysisCounts.withLock { $0.full += 1 }
        let isInterfaceBuilder = Self.isInterfaceBuilder(uri: uri, languageId: text.languageId)
        var decoded: [(scene: SceneInfo, result: DocumentDecodingResult)] = []
        var problems: [DocumentProblem]
        var initial = ""
        if isInterfaceBuilder {
            let result = InterfaceBuilderDocument.decode(bytes: text.buffer.bytes)
            for scene in result.scenes {
                guard let document = result.documents[scene.id] else { continue }
                let info = SceneInfo(id: scene.id, title: scene.title, rootViewID: scene.rootViewID, frame: scene.frame)
                decoded.append((info, document))
            }
            problems = result.allProblems
            initial = result.initialSceneID ?? result.scenes.first?.id ?? ""
        } else {
            let result = text.buffer.bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
            let root = result.document?.root
            let info = SceneInfo(
                id: "", title: "", rootViewID: root?.reference ?? "0", frame: root?.frame ?? .zero)
            decoded.append((info, result))
            problems = result.problems
        }
        let now = configuration.clock.now
        var events: [SceneEvent] = []
        let publish = entry.state.withLock { state -> Bool in
            state.isInterfaceBuilder = isInterfaceBuilder
            // Trait overrides (skeleton/setTraits) win over the document's own.
            for k in decoded.indices {
                if let scheme = state.colorScheme { decoded[k].result.document?.colorScheme = scheme }
                if let direction = state.layoutDirection { decoded[k].result.document?.layoutDirection = direction }
            }
            if decoded.contains(where: { $0.result.document != nil }) || state.sessions.isEmpty {
                // Scenes follow the valid text; while a scene's text is invalid its last valid tree stays live.
                var sessions: [String: SkeletonSession] = [:]
                for (scene, result) in decoded {
                    if let document = result.document {
                        if var session = state.sessions[scene.id] {
                            events += session.replaceDocument(document, at: now).map { SceneEvent(scene: scene.id, event: $0) }
                            sessions[scene.id] = session
                        } else {
                            var session = SkeletonSession(document: document, appearance: baseAppearance.withLock { $0 })
                            session.motion = configuration.motion
                            sessions[scene.id] = session
                        }
                    } else if let kept = state.sessions[scene.id] {
                        sessions[scene.id] = kept
                    }
                }
                if !decoded.isEmpty {
                    state.sessions = sessions
                    state.scenes = decoded.map(\.scene)
                    state.initialScene = initial
                }
            }
            let publish = !problems.isEmpty || state.hasPublishedProblems
            state.hasPublishedProblems = !problems.isEmpty
            return publish
        }
        if publish {
            let encoding = configuration.positionEncoding
            let diagnostics = problems.map { Diagnostic($0).lsp(in: text.buffer, encoding: encoding) }
            server?.notify("textDocument/publishDiagnostics", [
                "uri": .string(uri), "version": .int(text.version), "diagnostics": .array(diagnostics),
            ])
        }
        sessionChanged(uri, entry, events: events)
    }

    /// Storyboards and XIBs: by language id, else by the uri's extension.
    static func isInterfaceBuilder(uri: String, languageId: String) -> Bool {
        if ["storyboard", "xib"].contains(languageId.lowercased()) { return true }
        let lower = uri.lowercased()
        return lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib")
    }

    // MARK: Time

    /// Everything that follows a change of a document's session: lifecycle notifications, previews, and a
    /// wake-up for the next moment its timeline changes by itself (real clock).
    func sessionChanged(_ uri: String, _ entry: DocumentEntry, events: [SceneEvent]) {
        for item in events {
            var params: JSONObject = [
                "uri": .string(uri), "node": .string(item.event.node), "state": .string(item.event.state.rawValue),
                "time": .double(item.event.time),
            ]
            if !item.scene.isEmpty { params["scene"] = .string(item.scene) }
            server?.notify("skeleton/didChangeState", .object(params))
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
            let changes = state.sessions.values.compactMap { $0.timeline(at: now).nextChange }.filter { $0 > now }
            guard let next = changes.min() else { return nil }
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
        let events = entry.state.withLock { state -> [SceneEvent] in
            var events: [SceneEvent] = []
            for id in state.sessions.keys.sorted() {
                events += (state.sessions[id]?.advance(to: now) ?? []).map { SceneEvent(scene: id, event: $0) }
            }
            return events
        }
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
    func source(for uri: String, scene: String?) -> (any DisplayListSource)? { store?.source(for: uri, scene: scene) }
    func isOpen(_ uri: String) -> Bool { store?.isOpen(uri) ?? false }
}

/// A weak reference to the server, for the store.
struct WeakServer: @unchecked Sendable {
    weak var server: Server?
}

/// A lifecycle event of one scene's session (`""` for JSON documents).
struct SceneEvent: Sendable {
    var scene: String
    var event: LifecycleEvent
}
