import Dispatch
import JSON
package import JSONRPC
import SkeletonGraphics
import SkeletonProtocol
import SkeletonRender
import Synchronization

/// Live previews: subscriptions, frame scheduling and flow control.
///
/// - Each subscription is a `SubscriptionMachine` driven on its own serial queue, its executor: a change, an ack,
///   the output draining, a timer tick or an unsubscribe is an event handled there in arrival order, and its frames
///   are built there too (`PreviewHub+Executor.swift`). The transport's writer never builds a frame: it takes the one
///   that waits for it (at most one per subscriber, so a slow reader costs no memory for frames it never gets) and
///   reports it taken, and it reports the output draining.
/// - A subscriber gets a frame only while fewer than `window` frames are unacknowledged and the output is not
///   congested; frames in between are never built. When it catches up it gets one frame from its last-sent
///   state to now.
/// - A document's lane reports its change and waits while the executor builds the subscribers' frames, so the frame
///   is ready when the writer gets to it; a change reported while a frame waits for the writer gets a frame of its
///   own once that one is taken (`FrameDemand`).
/// - Under the real clock, a frame timer runs at `maxFps` only while the document animates; otherwise nothing
///   runs between edits. Under the manual clock, frames are built when the clock moves, before the move is answered.
package final class PreviewHub: Sendable {
    let subscriptions = Mutex<[String: Subscription]>([:])
    private let counter = Atomic<Int>(0)
    let built = Atomic<Int>(0)
    let sentPrepared = Atomic<Int>(0)
    let outboxBox = Mutex<Outbox?>(nil)
    let provider: any DisplayListProvider
    let clock: SessionClock
    let log: Logger
    let budget: FrameBudget

    /// - Parameter frameBudget: the bytes of frames all subscriptions together may hold (`PreviewLimits`).
    package init(
        provider: any DisplayListProvider, clock: SessionClock, log: Logger,
        frameBudget: Int = PreviewLimits.frameBudget
    ) {
        self.provider = provider
        self.clock = clock
        self.log = log
        self.budget = FrameBudget(limit: frameBudget)
        // A clock move (manual clock, a barrier) builds the frames at the new time before it is answered.
        clock.observe { [weak self] _ in self?.deliverToAll(.changed) }
    }

    /// Subscriptions open now.
    package var count: Int { subscriptions.withLock { $0.count } }

    /// Frames built since the daemon started (all sent, but for a frame whose subscription ended before the writer
    /// took it).
    package var framesBuilt: Int { built.load(ordering: .relaxed) }

    /// Of those sent, the frames built while the document's lane waited after reporting its change.
    package var framesPrepared: Int { sentPrepared.load(ordering: .relaxed) }

    /// Bytes of frames the subscriptions hold now, against `PreviewLimits.frameBudget`.
    package var frameBytesHeld: Int { budget.bytes }

    /// A document's display list may have changed (an edit, a show, an update, a hide). Called on the document's
    /// lane, which waits while each subscriber's executor builds its frame.
    ///
    /// - Important: the caller holds no lock of the hub's, and runs on no subscription's executor.
    package func documentChanged(_ uri: String) {
        for subscription in subscriptions(of: uri) { deliver(.changed, to: subscription, prepared: true) }
    }

    /// A document was closed: its subscriptions end.
    package func documentClosed(_ uri: String) {
        for subscription in subscriptions(of: uri) { remove(subscription.id) }
    }

    private func subscriptions(of uri: String) -> [Subscription] {
        subscriptions.withLock { $0.values.filter { $0.settings.uri == uri } }
    }

    /// Ends a subscription (unsubscribed, or its document closed): it is gone from the map when this returns, and
    /// its executor has released it.
    private func remove(_ id: String) {
        guard let subscription = subscriptions.withLock({ $0.removeValue(forKey: id) }) else { return }
        deliver(.unsubscribe, to: subscription)
    }

    static func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    // MARK: Methods

    /// Registers `preview/subscribe`, `preview/viewport`, `preview/ack`, `preview/refresh`, `preview/unsubscribe`.
    package func register(in table: inout MethodTable) {
        table.request(SubscribeRequest.self) { [self] params, context in try subscribe(params, context) }
        table.request(ViewportRequest.self, route: .control) { [self] params, context in
            try moveViewport(params, context)
            return .null
        }
        table.request(AckRequest.self, route: .control) { [self] params, _ in
            try ack(params, strict: true)
            return .null
        }
        table.notification(AckNotification.method, route: .control, members: nil) { [self] context in
            try ack(AckNotification.Params.decode(params: context.params), strict: false)
        }
        table.request(RefreshRequest.self, route: .control) { [self] params, context in
            let subscription = try find(params)
            context.afterResponse { [self] in post(.refresh, to: subscription) }
            return .null
        }
        table.request(UnsubscribeRequest.self, route: .control) { [self] params, _ in
            remove(try find(params).id)
            return .null
        }
    }

    private func subscribe(_ params: SubscribeRequest.Params, _ context: RequestContext) throws -> JSON {
        let uri = params.uri
        let encoding = try params.encodingSource.decodeEnum(PreviewEncoding.self)
        let scale = try Self.number(params.scale, default: 1, in: RenderLimits.scaleRange)
        let maxFPS = try Self.number(params.maxFPS, default: 60, in: 1...240)
        let window = Int(try Self.number(params.window, default: 2, in: 1...64))
        var columns = 0
        var rows = 0
        if encoding.isCells {
            guard let cells = params.cells else {
                throw JSONDecodingError(
                    pointer: params.params.pointerFromRoot.appending("cells"), message: "is required")
            }
            columns = try Self.count(cells.columns, at: cells.columnsSource, in: RenderLimits.cellColumns)
            rows = try Self.count(cells.rows, at: cells.rowsSource, in: RenderLimits.cellRows)
        }
        let viewport = try params.viewport.map { value throws(JSONDecodingError) in try Self.viewport(value, scale) }
        guard let source = provider.source(for: uri, scene: params.scene) else {
            throw provider.missingSource(params.params, uri: uri, uriValue: params.uriSource)
        }
        let stream: PreviewStream
        do {
            stream = try PreviewStream(
                encoding: encoding, scale: scale, columns: columns, rows: rows, viewport: viewport)
        } catch {
            throw JSONDecodingError(
                pointer: params.params.pointerFromRoot.appending(error.field), message: error.description)
        }
        // What its frames will hold of the budget, from the canvas now (validated at this scale once).
        let list = source.displayList(at: clock.now)
        if let list {
            do {
                let (width, height) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
                if let viewport, let value = params.viewport {
                    try Self.check(viewport, value, meets: PixelRect(x: 0, y: 0, width: width, height: height))
                }
            } catch let error as RenderError {
                throw JSONDecodingError(
                    pointer: params.params.pointerFromRoot.appending("scale"), message: error.description)
            }
        }
        let bytes = stream.heldBytes(canvas: list?.size, scale: scale) ?? 0
        if let outbox = context.server.connection?.outbox {
            outboxBox.withLock { $0 = outbox }
            outbox.setOnDecongested { [weak self] in self?.postToAll(.decongested) }
        }
        let id = "p\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
        let subscription = Subscription(
            id: id,
            settings: .init(
                uri: uri, scene: params.scene, encoding: encoding, scale: scale, maxFPS: maxFPS, window: window,
                outlines: params.outlines),
            stream: stream, heldBytes: bytes)
        // The frames it will hold are reserved before it exists: refused, nothing of it remains.
        guard budget.move(from: 0, to: bytes) else {
            throw budget.refusal(bytes)
        }
        let added = subscriptions.withLock { open -> Bool in
            guard open.count < PreviewLimits.maxSubscriptions else { return false }
            open[id] = subscription
            return true
        }
        guard added else {
            _ = budget.move(from: bytes, to: 0)
            throw ResponseError(
                .requestFailed,
                "\(PreviewLimits.maxSubscriptions) previews are open, the most a daemon serves: unsubscribe one first",
                data: ["reason": .string(PreviewRefusal.subscriptions.rawValue)])
        }
        // The keyframe follows the answer, and is built before the next request is handled.
        context.afterResponse { [self] in deliver(.start, to: subscription) }
        return ["subscription": .string(id)]
    }

    /// A request's ack is handled before it is answered (an ack for no outstanding frame fails); a notification's
    /// is queued on the subscription's executor (one for no outstanding frame is logged and ignored there).
    private func ack(_ params: AckRequest.Params, strict: Bool) throws {
        let subscription = try find(params.subscription)
        guard strict else { return post(.ack(seq: params.seq), to: subscription) }
        if !deliver(.ack(seq: params.seq), to: subscription) {
            throw JSONDecodingError(at: params.seqSource, "is not an outstanding frame of this subscription")
        }
    }

    func find(_ name: SubscriptionName) throws(JSONDecodingError) -> Subscription {
        guard let subscription = subscriptions.withLock({ $0[name.id] }) else {
            throw JSONDecodingError(at: name.source, "no subscription \"\(name.id)\"")
        }
        return subscription
    }

    /// A range-checked optional number (nil: `fallback`).
    static func number(_ number: PreviewNumber?, default fallback: Double, in range: ClosedRange<Double>)
        throws(JSONDecodingError) -> Double
    {
        guard let number else { return fallback }
        guard range.contains(number.value) else {
            throw JSONDecodingError(
                at: number.source,
                "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))")
        }
        return number.value
    }

    /// A range-checked count read from `source`.
    static func count(_ count: Int, at source: JSONValue, in range: ClosedRange<Int>) throws(JSONDecodingError) -> Int {
        guard range.contains(count) else {
            throw JSONDecodingError(at: source, "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return count
    }

    private static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
