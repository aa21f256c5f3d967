import CodeLinking
import Dispatch
import InterfaceBuilder
import JSON
package import JSONRPC
package import SkeletonEngine
import SkeletonModel
import SwiftCode
import Synchronization

/// The open documents: LSP text sync, diagnostics, and each document's live skeleton session.
///
/// - Each document is touched only on its own lane; the store's lock guards only the map.
/// - Nothing is lost: while a document's text is invalid, its last valid tree stays live (skeleton state,
///   subscriptions and previews keep running on it); when the text is valid again, the new tree takes over with
///   the skeleton state carried across by node identity.
package final class DocumentStore: DisplayListProvider {
    let entries = Mutex<[String: DocumentEntry]>([:])
    /// Weak: the server's method table holds the store, so a strong link would keep both alive forever.
    private let serverBox = Mutex(WeakServer())
    let configuration: SessionConfiguration
    let previews: PreviewHub
    let log: Logger
    /// The appearance new sessions start from (`skeleton/setAppearance` without a uri changes it).
    let baseAppearance = Mutex(SkeletonAppearance.default)
    /// Analyses so far, whole texts and single nodes.
    let analysisCounts = Mutex(AnalysisCounts())
    /// Range changes applied so far and the bytes they moved (see `GapTextBuffer`).
    let textSyncCounts = Mutex(TextSyncCounts())
    /// Linking's own hints about Swift files, by the storyboard or XIB whose last analysis gave them (see
    /// `DocumentStore+SwiftCode.swift`).
    let linkerHints = Mutex(LinkerHintTable())
    /// The app the workspace folders hold, read from disk (`Workspace/`): the Swift files storyboards link with when
    /// they are not open, the named colours of its asset catalogues.
    let workspace = WorkspaceIndex()
    /// The open Swift files read together, with the texts they were read from (see `DocumentStore+SwiftCode.swift`).
    let appCodeCache = Mutex<AppCodeReading?>(nil)
    /// What Swift readings of a burst of opened files leave for the last of them.
    let deferredSwift = Mutex(DeferredSwiftWork())

    /// - Parameter previewBudget: the bytes of frames all preview subscriptions together may hold.
    package init(
        configuration: SessionConfiguration, log: Logger, previewBudget: Int = PreviewLimits.frameBudget
    ) {
        self.configuration = configuration
        self.log = log
        let provider = StoreProvider()
        previews = PreviewHub(
            provider: provider, clock: configuration.clock, log: log, frameBudget: previewBudget)
        provider.store = self
        configuration.clock.observe { [weak self] _ in self?.clockMoved() }
    }

    /// The server that notifications go out through (set once the server exists).
    func attach(_ server: Server) { serverBox.withLock { $0.server = server } }
    var server: Server? { serverBox.withLock { $0.server } }

    package var count: Int { entries.withLock { $0.count } }

    /// The uris of the open documents.
    package var uris: [String] { entries.withLock { Array($0.keys) } }

    func entry(_ uri: String) -> DocumentEntry? { entries.withLock { $0[uri] } }

    /// The text of an open document.
    package func document(_ uri: String) -> TextDocument? { entry(uri)?.state.withLock { $0.text } }

    /// The live session of an open document's scene (nil: its initial scene) with a valid tree.
    package func session(_ uri: String, scene: String? = nil) -> SkeletonSession? {
        entry(uri)?.state.withLock { state in state.sceneID(scene).flatMap { state.sessions[$0] } }
    }

    package func isOpen(_ uri: String) -> Bool { entry(uri) != nil }

    package func source(for uri: String, scene: String?) -> (any DisplayListSource)? {
        session(uri, scene: scene).map { SessionSnapshot(session: $0) }
    }

    // MARK: Analysis

    /// Decodes the document's text (JSON, or Interface Builder XML for storyboards and XIBs), publishes its
    /// diagnostics, and moves each scene's session to its new tree when valid (on the document's lane): as a design
    /// edit for a text change, as the app's own change for a patch or a trait change (see `DocumentChange`).
    func analyse(_ uri: String, _ entry: DocumentEntry, as change: DocumentChange) {
        DocumentLane.assertOnLane(uri)
        let text = entry.state.withLock { state in
            state.spans = nil
            return state.text
        }
        if Self.isSwift(uri: uri, languageId: text.languageId) { return analyseSwift(uri, entry) }
        analysisCounts.withLock { $0.full += 1 }
        let isInterfaceBuilder = Self.isInterfaceBuilder(uri: uri, languageId: text.languageId)
        var decoded: [(scene: SceneInfo, result: DocumentDecodingResult)] = []
        var problems: [DocumentProblem]
        var chain: [DocumentProblem] = []
        var lines: [DocumentProblem] = []
        var initial = ""
        var codeShows: [String: [LinkedShow]] = [:]
        if isInterfaceBuilder {
            let result = InterfaceBuilderDocument.decode(
                bytes: text.buffer.bytes, namedColors: workspace.namedColors)
            let linked = linkedScenes(of: result, uri, entry)
            codeShows = linked.mapValues(\.shows).filter { !$0.value.isEmpty }
            for scene in result.scenes {
                guard let document = linked[scene.id]?.result ?? result.documents[scene.id] else { continue }
                let bindings = result.file.classBindings(scene: scene.id)
                let owner =
                    bindings.first { $0.elementID == scene.id } ?? bindings.first { $0.viewID == scene.rootViewID }
                let info = SceneInfo(
                    id: scene.id, title: scene.title, rootViewID: scene.rootViewID, frame: scene.frame,
                    className: owner?.className)
                decoded.append((info, document))
                let known = document.document.map(Self.skeletonableIDs) ?? [:]
                let shown = linked[scene.id]?.shownNodes ?? []
                chain += result.file.skeletonableChainWarnings(scene: scene.id, shownFrom: shown) { known[$0] }
                if let tree = document.document {
                    lines += NodePitfalls.warnings(of: tree, scene: scene.id, in: result.file)
                }
            }
            problems = result.allProblems(replacingScenes: linked.mapValues(\.result))
            initial = result.initialSceneID ?? result.scenes.first?.id ?? ""
        } else {
            let result = text.buffer.bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
            let root = result.document?.root
            let info = SceneInfo(
                id: "", title: "", rootViewID: root?.reference ?? "0", frame: root?.frame ?? .zero)
            decoded.append((info, result))
            problems = result.problems
            if let document = result.document {
                chain =
                    SkeletonableChain.warnings(of: document, problems: result.problems)
                    ?? SkeletonableChain.warnings(Self.textMap(of: text, entry), text.buffer.bytes)
                lines = NodePitfalls.warnings(of: document)
            }
        }
        let now = configuration.clock.now
        var events: [SceneEvent] = []
        let publish = entry.state.withLock { state -> Bool in
            state.isInterfaceBuilder = isInterfaceBuilder
            state.codeShows = codeShows
            state.sessionsFollowText = !decoded.isEmpty && decoded.allSatisfy { $0.result.document != nil }
            // Trait overrides (skeleton/setTraits) win over the document's own, a scene's over the document's.
            for k in decoded.indices {
                guard var document = decoded[k].result.document else { continue }
                state.traits.apply(to: &document)
                state.sceneTraits[decoded[k].scene.id]?.apply(to: &document)
                decoded[k].result.document = document
                decoded[k].scene.frame.width = document.root.frame.width
            }
            if decoded.contains(where: { $0.result.document != nil }) || state.sessions.isEmpty {
                // Scenes follow the valid text; while a scene's text is invalid its last valid tree stays live.
                var sessions: [String: SkeletonSession] = [:]
                for (scene, result) in decoded {
                    if let document = result.document {
                        if var session = state.sessions[scene.id] {
                            events += session.replaceDocument(document, at: now, as: change).map {
                                SceneEvent(scene: scene.id, event: $0)
                            }
                            sessions[scene.id] = session
                        } else {
                            var session = SkeletonSession(
                                document: document, appearance: baseAppearance.withLock { $0 })
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
            state.hasErrors = problems.contains { $0.severity == .error }
            state.chainWarningsCut =
                chain.count > SkeletonableChain.maxWarnings || lines.count > NodePitfalls.maxWarnings
            problems += chain.prefix(SkeletonableChain.maxWarnings)
            problems += lines.prefix(NodePitfalls.maxWarnings)
            state.warnings = state.hasErrors ? [] : problems
            // A storyboard analysed before an open Swift file was read publishes after the re-analysis it queues.
            return !(isInterfaceBuilder && state.awaitsCode) && takePublication(&state, problems)
        }
        if publish { publishDiagnostics(uri, entry, text, problems) }
        sessionChanged(uri, entry, events: events)
    }

    /// Whether each node with an id is skeletonable in a decoded scene (the first node with that id: instances of a
    /// template share their body's), for the storyboard chain warnings.
    static func skeletonableIDs(_ document: SkeletonDocument) -> [String: Bool] {
        var out: [String: Bool] = [:]
        var stack = [document.root]
        while let node = stack.popLast() {
            if let id = node.id, out[id] == nil { out[id] = node.isSkeletonable }
            stack += node.children.reversed()
        }
        return out
    }

    /// Whether diagnostics `problems` must be published (any, or the last published were not empty), noting it.
    func takePublication(_ state: inout DocumentEntry.State, _ problems: [DocumentProblem]) -> Bool {
        let publish = !problems.isEmpty || state.hasPublishedProblems
        state.hasPublishedProblems = !problems.isEmpty
        return publish
    }

    /// Publishes `problems` as the diagnostics of `text` (`entry`'s text), in text order.
    func publishDiagnostics(_ uri: String, _ entry: DocumentEntry, _ text: TextDocument, _ problems: [DocumentProblem])
    {
        let encoding = configuration.positionEncoding
        // Each problem is located once, pointers in the entry's syntax tree of the text (built for the first of them
        // unless a reader of this version built it already).
        let placed = problems.enumerated().map { k, problem in
            let diagnostic = Diagnostic(problem)
            let range = diagnostic.byteRange(in: text.buffer) { entry.syntaxTree(of: text) }
            return (range: range, order: k, diagnostic: diagnostic)
        }
        let ordered = placed.sorted { ($0.range.lowerBound, $0.order) < ($1.range.lowerBound, $1.order) }
        let diagnostics = ordered.map { $0.diagnostic.lsp(in: text.buffer, range: $0.range, encoding: encoding) }
        server?.notify(
            "textDocument/publishDiagnostics",
            ["uri": .string(uri), "version": .int(text.version), "diagnostics": .array(diagnostics)])
    }

    /// The text map of `text`, built once per version and kept on the entry (see `TextDocumentRequest.map`): worked
    /// out from the kept map when the text changed since only inside one value (`DocumentTextMap.updated`), else
    /// read from the text's syntax tree (the entry's, `DocumentEntry.syntaxTree(of:)`).
    static func textMap(of text: TextDocument, _ entry: DocumentEntry) -> DocumentTextMap {
        let version = text.version
        let (cached, change) = entry.state.withLock { ($0.textMap, $0.textMapEdit) }
        if let cached, cached.version == version { return cached.map }
        var updated: DocumentTextMap?
        if let cached, let change, change.from == cached.version, change.to == version {
            // Inside one value (same lines), else between two tokens (whitespace and separators, any lines).
            updated =
                (change.linesChanged ? nil : cached.map.updated(by: change.edit, in: text.buffer))
                ?? cached.map.updatedInGap(by: change.edit, in: text.buffer)
        }
        let map = updated ?? DocumentTextMap(tree: entry.syntaxTree(of: text))
        entry.languageWork.withLock { work in
            if updated == nil { work.textMapScans += 1 } else { work.textMapUpdates += 1 }
        }
        entry.state.withLock { state in
            guard state.text.version == version else { return }
            state.textMap = (version, map)
            state.textMapEdit = nil
        }
        return map
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
        DocumentLane.assertOnLane(uri)
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
        DocumentLane.assertOnLane(uri)
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
// Safety: `store` is set once, by the store's `init`, before the hub (the only reader) is handed to any other thread;
// a `weak let` cannot be used, as the store does not exist yet when it makes this.
final class StoreProvider: DisplayListProvider, @unchecked Sendable {
    /// Set once, before the hub is used.
    weak var store: DocumentStore?
    func source(for uri: String, scene: String?) -> (any DisplayListSource)? { store?.source(for: uri, scene: scene) }
    func isOpen(_ uri: String) -> Bool { store?.isOpen(uri) ?? false }
}

/// A weak reference to the server, for the store (kept in a `Mutex`, which makes it safe to share).
struct WeakServer {
    weak var server: Server?
}

/// A lifecycle event of one scene's session (`""` for JSON documents).
struct SceneEvent: Sendable {
    var scene: String
    var event: LifecycleEvent
}
