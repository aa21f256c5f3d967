import Foundation
import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonServer
import SkeletondTestSupport
import Synchronization

/// Display lists made by the test, per uri: a function of time, replaceable at any moment.
final class FakeDocuments: DisplayListProvider {
    struct Source: DisplayListSource {
        let make: @Sendable (Double) -> DisplayList
        let animating: Bool
        /// Outlines are the engine's (tested end to end): the fake draws none.
        func displayList(at time: Double, outlines: Bool) -> DisplayList? { make(time) }
        func isAnimating(at time: Double) -> Bool { animating }
    }

    private let sources = Mutex<[String: Source]>([:])

    func set(_ uri: String, animating: Bool = false, _ make: @escaping @Sendable (Double) -> DisplayList) {
        sources.withLock { $0[uri] = Source(make: make, animating: animating) }
    }

    func isOpen(_ uri: String) -> Bool { sources.withLock { $0[uri] != nil } }

    func source(for uri: String, scene: String?) -> (any DisplayListSource)? {
        scene == nil ? sources.withLock { $0[uri] } : nil
    }
}

/// A server with previews over fake documents and a manual (or real) clock.
struct PreviewHarness {
    let documents = FakeDocuments()
    let clock = SessionClock()
    let hub: PreviewHub
    let server: InProcessServer

    init(clock mode: SessionClock.Mode = .manual, frameBudget: Int = PreviewLimits.frameBudget) {
        clock.start(mode)
        let hub = PreviewHub(
            provider: documents, clock: clock, log: Logger(level: .error, fd: InProcessServer.quiet),
            frameBudget: frameBudget)
        var table = MethodTable()
        hub.register(in: &table)
        RenderMethod.register(in: &table, provider: documents, clock: clock)
        clock.register(in: &table)
        self.hub = hub
        server = InProcessServer(table: table)
    }

    var client: PipeClient { server.client }

    /// A display list of `blocks` (x, y, w, h, colour, radius) on a white canvas.
    static func list(
        width: Double = 64, height: Double = 48, _ blocks: [(Double, Double, Double, Double, String, Double)]
    ) -> DisplayList {
        DisplayList(
            size: Size(width: width, height: height), background: .white,
            layers: blocks.enumerated().map { i, b in
                Layer(
                    id: "b\(i)", node: "n\(i)", kind: .block,
                    shape: RoundedRect(rect: Rect(x: b.0, y: b.1, width: b.2, height: b.3), cornerRadius: b.5),
                    fill: .solid(RGBA(hex: b.4) ?? .black))
            })
    }

    /// Waits for the next `preview/frame` notification, keeping other messages aside.
    func nextFrame(timeout: Double = 10) throws -> JSON {
        while true {
            let message = try client.receive(timeout: timeout)
            if message["method"] == "preview/frame", let params = message["params"] { return params }
        }
    }

    /// `preview/render` as a canvas.
    func render(_ uri: String, scale: Double = 1, time: Double? = nil) throws -> FrameCanvas {
        var params: JSONObject = ["uri": .string(uri), "encoding": "raw", "scale": .double(scale)]
        if let time { params["time"] = .double(time) }
        let answer = try client.request("preview/render", .object(params))
        guard let result = answer["result"], let w = result["width"]?.intValue, let h = result["height"]?.intValue,
            let data = result["data"]?.stringValue, let bytes = Data(base64Encoded: data)
        else {
            throw ClientError("render failed: \(answer.text)")
        }
        return FrameCanvas(width: w, height: h, rgba: Array(bytes))
    }
}
