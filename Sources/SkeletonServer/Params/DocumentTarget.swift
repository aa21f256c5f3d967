import CodeLinking
import JSON
import JSONRPC
import SkeletonEngine
import SkeletonProtocol

/// The document a request is about: `params.uri`, decoded once, with the standard errors.
///
/// Every handler that names a document goes through here (or through `SceneTarget`), so the errors are the same
/// everywhere: a missing or non-string `uri` and a uri that names no open document are -32602 at `/params/uri`.
struct DocumentTarget {
    let uri: String
    let entry: DocumentEntry

    /// `params.uri` as a string (-32602 naming it otherwise), and the value it came from.
    static func uri(in params: JSONValue) throws(JSONDecodingError) -> (uri: String, value: JSONValue) {
        let value = try params.member("uri")
        return (try value.decodeString(), value)
    }

    /// The -32602 for a uri that names no open document.
    static func notOpen(_ value: JSONValue) -> JSONDecodingError {
        JSONDecodingError(at: value, "no open document with this uri")
    }
}

/// A document's scene and its live session: `params.uri` and `params.scene` (default: the initial scene).
///
/// Errors: those of `DocumentTarget`; a Swift document is -32602 at `/params/uri`; an unknown `scene` is -32602 at `/params/scene`; a document (or scene) that
/// has never had a valid tree is -32803 pointing at its diagnostics.
struct SceneTarget {
    let document: DocumentTarget
    let scene: String
    let session: SkeletonSession

    var uri: String { document.uri }
    var entry: DocumentEntry { document.entry }

    /// The shows the scene's code makes, in run order (`skeleton/show` without show options; `Protocol/swift-code.md`).
    var codeShows: [LinkedShow] { entry.state.withLock { $0.codeShows[scene] ?? [] } }
}

extension DocumentStore {
    /// The open document `document` names (-32602 at its `uri` otherwise).
    func target(_ document: TextDocumentIdentifier) throws(JSONDecodingError) -> DocumentTarget {
        try target(uri: document.uri, at: document.uriSource)
    }

    /// The open document `uri` names; `source` is the uri's string in the message.
    private func target(uri: String, at source: JSONValue) throws(JSONDecodingError) -> DocumentTarget {
        guard let entry = entry(uri) else { throw DocumentTarget.notOpen(source) }
        return DocumentTarget(uri: uri, entry: entry)
    }

    /// The open document `document` names, for a `skeleton/*` method: a Swift document is -32602 at its `uri` (it
    /// has no views; its code applies to the storyboards and XIBs that name its classes).
    func skeletonTarget(_ document: TextDocumentIdentifier) throws(JSONDecodingError) -> DocumentTarget {
        try skeletonTarget(uri: document.uri, at: document.uriSource)
    }

    /// The open document `name` names, for a `skeleton/*` method (as `skeletonTarget(_:)` with a document).
    func skeletonTarget(_ name: SceneName) throws(JSONDecodingError) -> DocumentTarget {
        try skeletonTarget(uri: name.uri, at: name.uriSource)
    }

    private func skeletonTarget(uri: String, at source: JSONValue) throws(JSONDecodingError) -> DocumentTarget {
        let document = try target(uri: uri, at: source)
        guard document.entry.state.withLock({ $0.swiftCode == nil }) else {
            throw JSONDecodingError(
                at: source,
                "a Swift file has no skeleton of its own: its code applies to the open storyboards and XIBs whose "
                    + "scenes name its classes; send this request for one of them")
        }
        return document
    }

    /// The scene `name` names (default: the initial scene) of the open document it names, with its live session.
    func sceneTarget(_ name: SceneName) throws -> SceneTarget {
        let document = try skeletonTarget(name)
        let requested = name.scene
        let found = document.entry.state.withLock { state -> (String, SkeletonSession?)? in
            guard let id = state.sceneID(requested) else { return nil }
            return (id, state.sessions[id])
        }
        guard let (scene, session) = found else {
            if requested != nil, let value = name.sceneSource {
                throw JSONDecodingError(at: value, "no scene with this id in the document (see skeleton/scenes)")
            }
            throw Self.noValidTree(document.uri)
        }
        guard let session else {
            throw ResponseError(
                .requestFailed, "\(document.uri) has no valid tree for this scene yet: see its diagnostics")
        }
        return SceneTarget(document: document, scene: scene, session: session)
    }

    /// -32803 for a document that has never had a valid tree.
    static func noValidTree(_ uri: String) -> ResponseError {
        ResponseError(.requestFailed, "\(uri) has no valid tree yet: see its diagnostics")
    }
}
