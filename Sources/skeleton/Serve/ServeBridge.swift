import Foundation
import JSON
import SkeletonProtocol
import SkeletonWebPreview

/// The one thread of `skeleton serve` that talks to the daemon: it takes the pages' events, turns them into
/// requests, follows the files on disk and hands each page the frames of its own subscription.
///
/// Every page subscribes to the same scene with the `png` encoding and a window of 2 frames, and acknowledges a
/// frame to the daemon only once it has drawn it: a page that draws slowly gets fewer frames, never more memory
/// (its outbox holds at most `WebPreviewLimits.maxQueuedFrames`; past that the queued frames are dropped and it
/// gets a keyframe).
final class ServeBridge {
    /// A page and the subscription its frames come from (nil while the scene has no valid tree).
    struct Page {
        let outbox: PageOutbox
        var subscription: SubscriptionName?
    }

    let daemon: DaemonSession
    let events: PageEvents
    /// The documents served (JSON layouts, storyboards, XIBs) and the Swift files opened with them, as last sent.
    var documents: [SourceDocument]
    var code: [SourceDocument]
    /// The version last sent per uri (absent: 1, from `didOpen`).
    var versions: [String: Int] = [:]
    /// Files of the `--project` folder not opened as documents: their changes go to the daemon's workspace index.
    let watched: [String]
    var scenes: [ServeScene] = []
    var state: ServeState
    var pages: [Int: Page] = [:]
    /// The latest diagnostics lines per uri.
    var diagnostics: [String: [String]] = [:]
    /// The daemon's manual clock, and the moment of the show the pages' `time` counts from.
    var clock = 0.0
    var shownAt = 0.0
    /// When playing: the wall clock and the state's time when play (or the last seek) began.
    var playedFrom: (wall: Date, time: Double)?
    /// When the clock was last moved for playback.
    var lastTick = Date.distantPast
    var follower: FileFollower
    let assumeSkeletonable: Bool

    init(
        daemon: DaemonSession, events: PageEvents, documents: [SourceDocument], code: [SourceDocument],
        watched: [String], scale: Double, assumeSkeletonable: Bool
    ) {
        self.daemon = daemon
        self.events = events
        self.documents = documents
        self.code = code
        self.watched = watched
        self.state = ServeState(scale: scale)
        self.assumeSkeletonable = assumeSkeletonable
        follower = FileFollower(paths: documents.map(\.path) + code.map(\.path) + watched)
    }

    /// The document and scene the pages show.
    var target: SourceDocument {
        let entry = scenes[min(state.scene, scenes.count - 1)]
        var document = documents[entry.document]
        document.scene = entry.scene
        return document
    }

    /// Serves until the daemon fails (the error says how).
    func run() throws(CLIError) -> Never {
        while true {
            let batch = events.take(waitingUpTo: pages.isEmpty ? FileFollower.interval : 0.004)
            try handle(batch)
            try tick()
            try follow()
            try forward(waitingUpTo: pages.isEmpty || batch.isEmpty ? 0.004 : 0)
        }
    }

    // MARK: Pages

    /// Every page's messages.
    func broadcast(_ text: String) {
        for page in pages.values { page.outbox.post(text) }
    }

    func broadcastState() { broadcast(PageMessages.typed("state", state.message)) }

    func scenesMessage() -> String {
        let list = scenes.enumerated().map { index, scene in
            scene.message(index: index, path: documents[scene.document].path)
        }
        return PageMessages.typed("scenes", ["scenes": .array(list)])
    }

    /// The diagnostics of the scene's document and of the Swift files, as lines.
    func diagnosticsMessage() -> String {
        let shown = [target.uri] + code.map(\.uri)
        let lines = shown.flatMap { diagnostics[$0] ?? [] }.prefix(200).map(JSON.string)
        return PageMessages.typed("diagnostics", ["lines": .array(Array(lines))])
    }
}

extension ServeBridge {
    /// Opens the Swift files and the documents (their diagnostics printed on stderr and kept for the pages; a
    /// document with errors is served all the same, its page says why it shows nothing), lists the scenes and
    /// stages the first.
    func prepare() throws(CLIError) {
        for document in documents {
            var opening = document
            opening.code = code
            let lines = try daemon.open(opening).map { $0.formatted(path: document.path) }
            for line in lines { daemon.printOnce(line) }
            diagnostics[document.uri] = lines
        }
        scenes = documents.enumerated().flatMap { index, document in daemon.serveScenes(of: document, index: index) }
        // The first file's initial scene, as `skeleton render FILE` draws it.
        state.scene = scenes.firstIndex { $0.document == 0 && $0.initial } ?? 0
        try forward(waitingUpTo: 0)
        try stage()
    }
}
