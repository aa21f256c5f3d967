import CodeLinking
import JSON
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import SwiftCode
import Synchronization

/// A scene of a document: JSON documents have one (id `""`); storyboards and XIBs have one per view controller or
/// top-level view.
struct SceneInfo: Sendable {
    var id: String
    var title: String
    var rootViewID: String
    var frame: Rect
    /// The class written in code the scene is (a storyboard view controller's `customClass`, a XIB's File's Owner's
    /// or top-level view's), nil when it names none.
    var className: String?
}

/// One open document: its text, a live skeleton session per scene (from the last valid text), and what was
/// last published about it. Mutated only on the document's lane; read (as snapshots) by previews.
final class DocumentEntry: Sendable {
    struct State: Sendable {
        var text: TextDocument
        /// Sessions of the last valid trees, by scene id; empty until the text has been valid once.
        var sessions: [String: SkeletonSession] = [:]
        /// The scenes, in file order (one, with id `""`, for JSON documents).
        var scenes: [SceneInfo] = []
        /// The scene requests use when they name none.
        var initialScene = ""
        /// Interface Builder XML (true) or a JSON document.
        var isInterfaceBuilder = false
        /// A Swift file's code facts (nil for every other document): read on open and on every change, applied to
        /// the storyboards and XIBs whose scenes name its classes (see `DocumentStore+SwiftCode.swift`).
        var swiftCode: SwiftCodeFacts?
        /// The hints a Swift document's diagnostics last published (its own and linking's).
        var publishedHints: [CodeHint]?
        /// The tree `swiftCode` was read from, for reading the app's Swift files together without parsing them again.
        var swiftParsed: ParsedSwiftFile?
        /// The version of the text `swiftCode` was read from (a reading queued behind a newer one skips).
        var swiftCodeVersion = 0
        /// The classes a storyboard's or XIB's last analysis depends on: those its scenes bind (`customClass`) and
        /// the cells their code registers. A Swift file that defines one of them re-analyses it.
        var codeClasses: Set<String> = []
        /// The nib names its last analysis's linking looked for (`LinkedScene.nibs`): a XIB by that name that
        /// opens, changes or closes analyses it again.
        var codeNibs: Set<String> = []
        /// Whether a storyboard's or XIB's last analysis ran while an open Swift document was not read yet: its
        /// diagnostics wait for the re-analysis that document's reading queues (they would miss its code).
        var awaitsCode = false
        /// The shows each scene's code makes (`LinkedScene.shows`), by scene id: `skeleton/show` without show
        /// options of its own makes them, each on its view.
        var codeShows: [String: [LinkedShow]] = [:]
        /// `skeleton/setTraits` overrides of the document's own colour scheme and layout direction, for every scene.
        var traits = TraitOverrides()
        /// `skeleton/setTraits` overrides for one scene, by scene id (over `traits`).
        var sceneTraits: [String: TraitOverrides] = [:]
        /// Whether the last published diagnostics were non-empty (so a clean document publishes `[]` once).
        var hasPublishedProblems = false
        /// Whether the text's last analysis found an error (its sessions then keep the last valid tree).
        var hasErrors = false
        /// The warnings of the current text (JSON documents without errors), kept exact through edits applied to one
        /// node (see `IncrementalEdit`), and whether `not-skeletonable-ancestor` was cut at its limit (then every
        /// edit takes the whole-text path, which lists the first ones again).
        var warnings: [DocumentProblem] = []
        var chainWarningsCut = false
        /// The time a timer is already set for (to wake the document when its timeline next changes).
        var wakeAt: Double?
        /// Where the text's nodes are, kept while the text is valid and being edited (see `IncrementalEdit`);
        /// nil until the first edit of a valid text, and after any edit analysed as a whole.
        var spans: NodeSpanIndex?
        /// Whether every scene's session is the current text's (its last analysis decoded every scene), so what a
        /// session says about a node is what the text says.
        var sessionsFollowText = false
        /// The language features' map of the text, for the text version it was built from (see `DocumentTextMap`).
        var textMap: (version: Int, map: DocumentTextMap)?
        /// The text's change since `textMap`'s version, while it is known as one byte range (range edits in
        /// `didChange`s, composed); nil after anything else (a whole text, a patch), which makes the map built again.
        var textMapEdit: TextMapEdit?

        /// Whether the sessions are exactly the current text's (a JSON document whose last analysis found no
        /// error; warnings are kept exact by the edit), so an edit inside one node can be applied to that node alone.
        var isCleanJSON: Bool {
            !isInterfaceBuilder && !hasErrors && !chainWarningsCut && sessions.count == 1 && sessions[""] != nil
                && !warnings.contains(where: { $0.code == .tooManyProblems })
        }

        /// The scene id a request means (nil: the initial scene); nil when there is no such scene.
        func sceneID(_ requested: String?) -> String? {
            let id = requested ?? initialScene
            return sessions[id] != nil || scenes.contains(where: { $0.id == id }) ? id : nil
        }
    }

    let state: Mutex<State>
    /// What the language features worked out for this document so far (counted for tests).
    let languageWork = Mutex(LanguageWork())
    /// The syntax tree of one text version (`syntaxTree(of:)`), apart from `state` so that building it holds no
    /// lock the document's other work takes.
    private let syntax = Mutex<KeptSyntaxTree?>(nil)
    /// Syntax trees of this document's texts built by a parse, and worked out from the previous version's tree
    /// (counted for tests: at most one of either per text version).
    let syntaxTreeBuilds = Atomic<Int>(0)
    let syntaxTreeFollows = Atomic<Int>(0)

    /// The kept syntax tree: a text version's, or the last one read without its text while the text changed since
    /// by one byte range (to be worked out from it when a reader asks: `JSONSyntaxTree.init(following:…)`).
    private enum KeptSyntaxTree {
        case tree(version: Int, JSONSyntaxTree)
        /// `edit` nil: detached for an edit of text version `version` not applied yet.
        case detached(JSONSyntaxTree.Detached, edit: ByteEdit?, version: Int)
    }

    init(text: TextDocument) { state = Mutex(State(text: text)) }

    /// The syntax tree of `text` (the entry's text at `text.version`): built the first time a reader asks for that
    /// version (or worked out from the previous version's when the text changed since only inside one token), then
    /// shared by every reader of it (diagnostics, the text map, the node span index, completion, patches,
    /// formatting). Readers of one version wait for the one build rather than making their own.
    func syntaxTree(of text: TextDocument) -> JSONSyntaxTree {
        syntax.withLock { kept in
            var followed: JSONSyntaxTree?
            switch kept {
            case .tree(let version, let tree) where version == text.version:
                return tree
            case .detached(let detached, let edit?, let version) where version == text.version:
                kept = nil
                followed = JSONSyntaxTree(
                    following: detached, start: edit.start, oldEnd: edit.oldEnd, newEnd: edit.newEnd,
                    bytes: text.buffer.bytes)
            default:
                break
            }
            let tree: JSONSyntaxTree
            if let followed {
                tree = followed
                syntaxTreeFollows.add(1, ordering: .relaxed)
            } else {
                tree = JSONSyntaxTree(bytes: text.buffer.bytes)
                syntaxTreeBuilds.add(1, ordering: .relaxed)
            }
            // A reader of an older version (a request that took its text before an edit) keeps no tree.
            if case .tree(let version, _)? = kept, version > text.version { return tree }
            if case .detached(_, _, let version)? = kept, version > text.version { return tree }
            kept = .tree(version: text.version, tree)
            return tree
        }
    }

    /// Takes the kept tree's text from it before text version `version` is edited in place (a tree holding the text
    /// would make the edit copy it); `textChanged` then says what the edit was.
    func textWillChange(from version: Int) {
        syntax.withLock { kept in
            guard case .tree(let treeVersion, let tree)? = kept else { return }
            kept = nil
            if treeVersion == version { kept = .detached(JSONSyntaxTree.detach(tree), edit: nil, version: version) }
        }
    }

    /// The text went from version `from` to `to` by `edit` (nil: more than one byte range, or a whole text).
    func textChanged(by edit: ByteEdit?, from: Int, to: Int) {
        syntax.withLock { kept in
            guard case .detached(let detached, let earlier, let version)? = kept else {
                kept = nil
                return
            }
            kept = nil
            guard let edit, version == from else { return }
            kept = .detached(detached, edit: earlier.map { $0.followed(by: edit) } ?? edit, version: to)
        }
    }

    /// Forgets the kept syntax tree (the text changed in a way no tree follows).
    func dropSyntaxTree() { syntax.withLock { $0 = nil } }

    /// Keeps `tree`, built elsewhere, as the syntax tree of `text` (the entry's text now).
    /// - Important: `tree.bytes` are `text`'s bytes, and the tree was built with the default depth limit.
    func keep(syntaxTree tree: JSONSyntaxTree, of text: TextDocument) {
        syntax.withLock { $0 = .tree(version: text.version, tree) }
    }
}

/// A text change since the version a text map was built for, as the one byte range it replaced
/// (`DocumentTextMap.updated(by:in:)`).
struct TextMapEdit: Sendable, Hashable {
    /// The version of the map's text, and of the text the change made.
    var from: Int
    var to: Int
    /// The bytes of the map's text the change replaced, and how long their replacement is.
    var edit: ByteEdit
    /// Whether a line break was removed or inserted (the map is then built again).
    var linesChanged: Bool

    /// This change followed by `next`, made on the text this one made.
    func followed(by next: ByteEdit, to version: Int, linesChanged: Bool) -> TextMapEdit {
        TextMapEdit(
            from: from, to: version, edit: edit.followed(by: next), linesChanged: self.linesChanged || linesChanged)
    }
}

/// Work the language features did for one document: whole-text scans and in-place updates of the text map, outlines
/// encoded whole and spliced.
struct LanguageWork: Sendable, Equatable {
    var textMapScans = 0
    var textMapUpdates = 0
    var outlineEncodes = 0
    var outlineSplices = 0
}

/// A device's trait collection as `skeleton/setTraits` sets it: nil leaves the document's own value.
struct TraitOverrides: Sendable {
    var colorScheme: ColorScheme?
    var layoutDirection: LayoutDirection?
    /// The device width in points: the root view takes it and its subtree follows (`Node.resize(toWidth:)`).
    var width: Double?

    /// Puts the overrides on a decoded scene's document.
    func apply(to document: inout SkeletonDocument) {
        if let colorScheme { document.colorScheme = colorScheme }
        if let layoutDirection { document.layoutDirection = layoutDirection }
        if let width { document.root.resize(toWidth: width) }
    }
}

/// A session frozen at one moment, for previews: drawing it never touches the live document.
struct SessionSnapshot: DisplayListSource {
    let session: SkeletonSession

    func displayList(at time: Double, outlines: Bool) -> DisplayList? { session.layers(at: time, outlines: outlines) }
    func isAnimating(at time: Double) -> Bool { session.timeline(at: time).isAnimating }
    func frame(at time: Double, outlines: Bool) -> (list: DisplayList?, isAnimating: Bool) {
        let frame = session.frame(at: time, outlines: outlines)
        return (frame.list, frame.isAnimating)
    }
}
