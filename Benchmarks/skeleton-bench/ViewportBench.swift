import SkeletonModel
import SkeletonProtocol

/// Issue 28 through the real `skeletond` (manual clock): previews that cost what the client shows. CPU per frame of
/// an animated gradient skeleton through a 1000 × 800-pixel viewport (`raw`, `png`) against the same scene's
/// `layers` stream and its whole canvas, in the same run; and the daemon's peak memory (VmHWM) with an animated
/// preview of a 5,000-node document, through the viewport and of the whole canvas.
enum ViewportBench {
    struct Scene {
        let name: String
        let scale: Int
        var rows: [(label: String, steady: LiveBench.Steady)] = []
    }

    struct Peak {
        let label: String
        let nodes: Int
        let bytes: Int
        let frames: Int
    }

    /// 1000 × 800 pixels at `scale`, from the canvas's top-left corner.
    static func viewport(scale: Int) -> PreviewViewport {
        PreviewViewport(Rect(x: 0, y: 0, width: 1000 / Double(scale), height: 800 / Double(scale)))
    }

    static let cardsURI = "file:///bench/cards5000.skeleton.json"
    static let feedURI = "file:///bench/feed.skeleton.json"

    /// Opens `text` at `uri` and shows an animated gradient skeleton.
    static func openAnimated(_ daemon: LiveDaemon, uri: String, text: [UInt8]) throws {
        daemon.notify(DidOpenTextDocument.self, LiveBench.openParams(uri: uri, text: text))
        try daemon.request(ShowRequest.self, LiveBench.animatedGradient(uri))
    }

    /// The feed at scale 3 and the 5,000-node document at scale 1, each through the viewport (`raw`, `png`), whole
    /// (`raw`) and as `layers`.
    static func cpu(executable: String, progress: (String) -> Void) throws -> [Scene] {
        let cards = CardDocument.make(nodes: 5000)
        var scenes: [Scene] = []
        for (name, uri, text, scale) in [
            ("feed, 390 × 844 pt at scale 3", feedURI, try FeedDocument.text(), 3),
            (
                "\(cards.nodeCount)-node cards, \(cards.canvasWidth) × \(cards.canvasHeight) pt at scale 1", cardsURI,
                cards.text, 1
            ),
        ] {
            let daemon = try LiveDaemon(executable: executable)
            defer { daemon.stop() }
            try openAnimated(daemon, uri: uri, text: text)
            var scene = Scene(name: name, scale: scale)
            for (label, encoding, viewport) in [
                ("raw, 1000 × 800 px viewport", "raw", viewport(scale: scale)),
                ("png, 1000 × 800 px viewport", "png", viewport(scale: scale)),
                ("raw, whole canvas", "raw", nil),
                ("layers", "layers", nil),
            ] {
                let subscription = try LiveBench.subscribe(
                    daemon, uri: uri, encoding: encoding, scale: scale, viewport: viewport)
                scene.rows.append((label, try LiveBench.steadyRow(daemon, encoding: encoding)))
                try daemon.request(UnsubscribeRequest.self, SubscriptionName(subscription))
                progress("viewport: \(name): \(label) done")
            }
            scenes.append(scene)
        }
        return scenes
    }

    /// A fresh daemon per row: the 5,000-node document animated, one `raw` preview (through the viewport, or of the
    /// whole canvas), 60 clock steps each acknowledged; then VmHWM.
    static func memory(executable: String, progress: (String) -> Void) throws -> [Peak] {
        let cards = CardDocument.make(nodes: 5000)
        var peaks: [Peak] = []
        for (label, viewport) in [("raw, 1000 × 800 px viewport", viewport(scale: 1)), ("raw, whole canvas", nil)] {
            let daemon = try LiveDaemon(executable: executable)
            defer { daemon.stop() }
            try openAnimated(daemon, uri: cardsURI, text: cards.text)
            _ = try LiveBench.subscribe(daemon, uri: cardsURI, encoding: "raw", scale: 1, viewport: viewport)
            var frames = 1
            for _ in 0..<60 {
                let (id, request) = daemon.requestBytes(ClockAdvanceRequest.self, LiveBench.frameStep)
                daemon.write(request)
                let first = try daemon.receive(until: { $0.id == id || $0.method == "preview/frame" })
                let frame = first.id == id ? try daemon.poll(method: "preview/frame", timeout: 5) : first
                if first.id != id { _ = try daemon.receive(until: { $0.id == id }) }
                if let frame {
                    daemon.ack(frame)
                    frames += 1
                }
            }
            peaks.append(
                Peak(label: label, nodes: cards.nodeCount, bytes: try daemon.peakResidentBytes(), frames: frames))
            progress("viewport: memory, \(label) done")
        }
        return peaks
    }
}
