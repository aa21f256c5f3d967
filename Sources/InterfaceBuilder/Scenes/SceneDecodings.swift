import JSON
import SkeletonModel
import Synchronization

/// The decodings of one file's scenes, kept for reuse, and the work they cost (`SceneWork`), shared by every copy of
/// the file. A file never changes, so a scene decoded again with an overlay equal to one it was decoded with has that
/// result again: the linker's passes and every analysis of the same bytes (`RecentFiles`) map and decode each scene
/// once per overlay.
final class SceneDecodings: Sendable {
    /// Decodings kept per scene, the most recently used first: the file alone, with the app's code, and with the
    /// code's unverified sections dropped (`SceneCodeLinker`'s passes).
    static let keptPerScene = 3

    struct Decoding {
        let overlay: [String: JSONObject]
        let result: DocumentDecodingResult
        let viewsMapped: Int
    }

    private struct State {
        var work: [String: SceneWork] = [:]
        var kept: [String: [Decoding]] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// The work counted for scene `id` so far.
    func work(_ id: String) -> SceneWork { state.withLock { $0.work[id] ?? SceneWork() } }

    /// Counts work for scene `id`.
    func count(_ id: String, _ add: (inout SceneWork) -> Void) {
        state.withLock { add(&$0.work[id, default: SceneWork()]) }
    }

    /// The kept decoding of scene `id` with `overlay`, made the most recently used; nil when none is kept.
    func decoding(_ id: String, overlay: [String: JSONObject]) -> Decoding? {
        state.withLock { state in
            guard var list = state.kept[id], let k = list.firstIndex(where: { $0.overlay == overlay }) else {
                return nil
            }
            let found = list.remove(at: k)
            list.insert(found, at: 0)
            state.kept[id] = list
            return found
        }
    }

    /// Keeps `decoding` of scene `id` as the most recently used, dropping the least recently used past
    /// `keptPerScene` (and one with an equal overlay a concurrent decoding kept meanwhile).
    func keep(_ decoding: Decoding, of id: String) {
        state.withLock { state in
            var list = state.kept[id, default: []].filter { $0.overlay != decoding.overlay }
            list.insert(decoding, at: 0)
            state.kept[id] = Array(list.prefix(Self.keptPerScene))
        }
    }

    /// The nodes of the documents kept, for the bound on what `RecentFiles` holds.
    var nodesKept: Int {
        state.withLock { state in
            state.kept.values.reduce(0) { sum, list in
                list.reduce(sum) { $0 + ($1.result.document?.nodeCount ?? 0) }
            }
        }
    }
}
