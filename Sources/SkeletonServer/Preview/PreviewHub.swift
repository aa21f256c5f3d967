import Dispatch
import JSON
public import JSONRPC
import SkeletonGraphics
import SkeletonRender
import Synchronization

/// Live previews: subscriptions, frame scheduling and flow control.
///
/// - A subscriber gets a frame only while fewer than `window` frames are unacknowledged and the output is not
///   congested; frames in between are never built. When it catches up it gets one frame from its last-sent
///   state to now.
/// - A frame's place in the output is a producer (`Outbox.sendLatest`): at most one per subscriber waits, so a slow
///   reader costs no memory. The thread that reported a document's change builds the frame right after queueing
///   its producer (`prepare`), while the writer wakes up; the producer then sends it, or builds the frame itself
///   from the newest state when nothing was prepared. Either way a change reported after the frame's state was
///   read gets a frame of its own (`FrameDemand`).
/// - Under the real clock, a frame timer runs at `maxFps` only while the document animates; otherwise nothing
///   runs between edits. Under the manual clock, frames are built when the clock moves.
public final class PreviewHub: Sendable {
    private let subscriptions = Mutex<[String: Subscription]>([:])
    private let counter = Atomic<Int>(0)
    private let built = Atomic<Int>(0)
    private let sentPrepared = Atomic<Int>(0)
    private let outboxBox = Mutex<Outbox?>(nil)
    private let provider: any DisplayListProvider
    private let clock: SessionClock
    private let log: Logger
    private let budget: FrameBudget

    /// - Parameter frameBudget: the bytes of frames all subscriptions together may hold (`PreviewLimits`).
    public init(
        provider: any DisplayListProvider, clock: SessionClock, log: Logger,
        frameBudget: Int = PreviewLimits.frameBudget
    ) {
        self.provider = provider
        self.clock = clock
        self.log = log
        self.budget = FrameBudget(limit: frameBudget)
        clock.observe { [weak self] _ in self?.invalidateAll() }
    }

    /// Subscriptions open now.
    public var count: Int { subscriptions.withLock { $0.count } }

    /// Frames built since the daemon started (all sent, but for a prepared frame whose subscription ended before its
    /// turn).
    public var framesBuilt: Int { built.load(ordering: .relaxed) }

    /// Of those, the frames built ahead by the thread that changed the document, while the writer woke up.
    public var framesPrepared: Int { sentPrepared.load(ordering: .relaxed) }

    /// Bytes of frames the subscriptions hold now, against `PreviewLimits.frameBudget`.
    public var frameBytesHeld: Int { budget.bytes }

    /// A document's display list may have changed (an edit, a show, an update, a hide). Called on the document's
    /// lane, which then builds the subscribers' frames while the writer wakes up to send them.
    ///
    /// - Important: the caller holds no lock of the hub's or of a subscription's.
    public func documentChanged(_ uri: String) {
        for subscription in subscriptions(of: uri) { invalidate(subscription, prepare: true) }
    }

    /// A document was closed: its subscriptions end.
    public func documentClosed(_ uri: String) {
        for subscription in subscriptions(of: uri) { remove(subscription.id) }
    }

    // MARK: Scheduling

    private func subscriptions(of uri: String) -> [Subscription] {
        subscriptions.withLock { $0.values.filter { $0.settings.uri == uri } }
    }

    private func invalidateAll() {
        for subscription in subscriptions.withLock({ Array($0.values) }) { invalidate(subscription) }
    }

    private func invalidate(_ subscription: Subscription, prepare: Bool = false) {
        subscription.state.withLock { $0.demand.changed() }
        schedule(subscription, prepare: prepare)
    }

    private enum Decision {
        case none, now
        case after(Double)
    }

    /// Queues a frame producer if the subscriber may get a frame now, or a retry when the fps limit says later.
    /// `prepare`: then build the frame on this thread (`prepare(_:)`), so it is ready when the writer wakes.
    ///
    /// - Important: `prepare` only where no subscription's `production` lock is held (never inside a build) and
    ///   never on the writer thread.
    func schedule(_ subscription: Subscription, prepare: Bool = false) {
        guard let outbox = outboxBox.withLock({ $0 }), !outbox.isCongested else { return }
        let realClock = clock.mode == .real
        let now = Self.monotonicSeconds()
        let decision = subscription.state.withLock { s -> Decision in
            guard !s.closed, s.demand.isPending, s.unacknowledged < subscription.settings.window else { return .none }
            if realClock {
                let next = s.lastFrameAt + 1 / subscription.settings.maxFPS
                if now < next {
                    if s.delayedSchedule { return .none }
                    s.delayedSchedule = true
                    return .after(next - now)
                }
            }
            s.producerQueued = true
            return .now
        }
        switch decision {
        case .none:
            break
        case .now:
            outbox.sendLatest(key: "preview:" + subscription.id) { [self] in produce(subscription) }
            if prepare { self.prepare(subscription) }
        case .after(let delay):
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
                subscription.state.withLock { $0.delayedSchedule = false }
                schedule(subscription)
            }
        }
    }

    /// The producer, on the writer thread when its turn comes: the frame prepared ahead if there is one (waiting
    /// for it while it is being built), else the frame built now from the newest state; nil to send nothing.
    private func produce(_ subscription: Subscription) -> [UInt8]? {
        subscription.production.withLock { _ in
            let (prepared, owed, closed) = subscription.state.withLock { s -> ([UInt8]?, Bool, Bool) in
                s.producerQueued = false
                return (s.prepared.take(), s.demand.isPending, s.closed)
            }
            // An ended subscription gets nothing, and no display list is built for it.
            guard !closed else { return nil }
            guard let prepared else { return build(subscription) }
            sentPrepared.add(1, ordering: .relaxed)
            // A change reported after the prepared frame's state was read is owed a frame of its own.
            if owed { schedule(subscription) }
            return prepared
        }
    }

    /// Builds the frame the queued producer will send, on the thread that reported the change, while the writer
    /// wakes up. Nothing when no producer is waiting (it ran already: it built the frame itself) or a frame is
    /// already prepared (the newer change is owed its own frame, scheduled when that one is sent).
    private func prepare(_ subscription: Subscription) {
        subscription.production.withLock { _ in
            let claimed = subscription.state.withLock { s in s.producerQueued && s.prepared == nil && !s.closed }
            guard claimed, let message = build(subscription) else { return }
            subscription.state.withLock { $0.prepared = message }
        }
    }

    /// Builds the subscriber's next frame from the newest state, or nothing when no pixel (cell, layer) changed.
    ///
    /// - Important: the caller holds `subscription.production`.
    private func build(_ subscription: Subscription) -> [UInt8]? {
        // Marked before the state is read: a change reported while this frame is built keeps a frame owed (see
        // `FrameDemand`), scheduled below.
        let mark = subscription.state.withLock { $0.demand.frameStarted() }
        let time = clock.now
        let source = provider.source(for: subscription.settings.uri, scene: subscription.settings.scene)
        // Only the real clock runs a frame timer, so only it needs to know whether the document still moves (under the
        // manual clock frames follow the clock's moves instead); then one session copy answers both.
        let real = clock.mode == .real
        let frame: (list: DisplayList?, isAnimating: Bool)? =
            real
            ? source?.frame(at: time, outlines: subscription.settings.outlines)
            : source.map { ($0.displayList(at: time, outlines: subscription.settings.outlines), false) }
        let list = frame?.list
        // Whether a change came while this frame was built (then it gets a frame of its own).
        var owed = false
        // The bytes of frames the canvas would need when that is past what the frame budget has left (then the
        // subscription ends).
        var overBudget: Int?
        let message = subscription.state.withLock { s -> [UInt8]? in
            guard !s.closed, s.unacknowledged < subscription.settings.window else { return nil }
            owed = s.demand.frameBuilt(since: mark)
            s.lastFrameAt = Self.monotonicSeconds()
            guard let list else { return nil }
            let settings = subscription.settings
            if let wanted = PreviewLimits.frameBytes(settings.encoding, canvas: list.size, scale: settings.scale),
                wanted != s.heldBytes
            {
                guard budget.move(from: s.heldBytes, to: wanted) else {
                    overBudget = wanted
                    return nil
                }
                s.heldBytes = wanted
            }
            let content: FrameContent?
            do {
                content = try s.stream.next(list)
            } catch {
                log.warning("preview \(subscription.id): \(error)")
                return nil
            }
            guard let content else { return nil }
            s.sentSeq += 1
            built.add(1, ordering: .relaxed)
            return Self.frameMessage(
                FrameHeader(
                    subscription: subscription.id, uri: subscription.settings.uri, seq: s.sentSeq, time: time,
                    encoding: subscription.settings.encoding),
                content)
        }
        if let overBudget {
            end(
                subscription, reason: "frameBudget",
                message: "the document's canvas grew: its frames would need \(FrameBudget.describe(overBudget)), "
                    + budget.overview)
            return nil
        }
        let animating = real && (frame?.isAnimating ?? false)
        updateTimer(subscription, animating: animating)
        if owed { schedule(subscription) }
        return message
    }

    /// Keeps a frame timer at `maxFps` while the document animates under the real clock, and none otherwise.
    private func updateTimer(_ subscription: Subscription, animating: Bool) {
        let wanted = animating && clock.mode == .real
        subscription.state.withLock { s in
            if wanted, s.timer == nil, !s.closed {
                let timer = DispatchSource.makeTimerSource(queue: .global())
                let interval = 1 / subscription.settings.maxFPS
                timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
                timer.setEventHandler { [weak self, weak subscription] in
                    guard let self, let subscription else { return }
                    invalidate(subscription)
                }
                timer.resume()
                s.timer = timer
            } else if !wanted, let timer = s.timer {
                timer.cancel()
                s.timer = nil
            }
        }
    }

    private func remove(_ id: String) {
        guard let subscription = subscriptions.withLock({ $0.removeValue(forKey: id) }) else { return }
        let held = subscription.state.withLock { s in
            s.closed = true
            s.timer?.cancel()
            s.timer = nil
            s.prepared = nil
            defer { s.heldBytes = 0 }
            return s.heldBytes
        }
        _ = budget.move(from: held, to: 0)
    }

    /// Ends a subscription the daemon can no longer serve, and tells the client why (`preview/ended`).
    private func end(_ subscription: Subscription, reason: String, message: String) {
        remove(subscription.id)
        log.warning("preview \(subscription.id) ended: \(message)")
        outboxBox.withLock { $0 }?.send(
            OutgoingMessage.notification(
                method: "preview/ended",
                params: [
                    "subscription": .string(subscription.id), "uri": .string(subscription.settings.uri),
                    "reason": .string(reason), "message": .string(message),
                ]
            ).bytes)
    }

    static func monotonicSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    // MARK: Methods

    static let subscribeMembers: ParamMembers = [
        "uri", "scene", "encoding", "scale", "maxFps", "window", "cells", "outlines",
    ]

    /// Registers `preview/subscribe`, `preview/ack`, `preview/refresh`, `preview/unsubscribe`.
    public func register(in table: inout MethodTable) {
        table.request("preview/subscribe", members: Self.subscribeMembers) { [self] context in try subscribe(context) }
        table.request("preview/ack", route: .control, members: ["subscription", "seq"]) { [self] context in
            try ack(try context.paramsObject(), strict: true)
            return .null
        }
        table.notification("preview/ack", route: .control, members: ["subscription", "seq"]) { [self] context in
            try ack(try context.paramsObject(), strict: false)
        }
        table.request("preview/refresh", route: .control, members: ["subscription"]) { [self] context in
            let subscription = try find(try context.paramsObject())
            subscription.state.withLock { s in
                s.stream.requestKeyframe()
                s.demand.changed()
            }
            context.afterResponse { [self] in schedule(subscription) }
            return .null
        }
        table.request("preview/unsubscribe", route: .control, members: ["subscription"]) { [self] context in
            remove(try find(try context.paramsObject()).id)
            return .null
        }
    }

    private func subscribe(_ context: RequestContext) throws -> JSON {
        let params = try context.paramsObject()
        let (uri, uriValue) = try DocumentTarget.uri(in: params)
        let encoding = try params.member("encoding").decodeEnum(PreviewEncoding.self)
        let scale = try Self.number(params, "scale", default: 1, in: RenderLimits.scaleRange)
        let maxFPS = try Self.number(params, "maxFps", default: 60, in: 1...240)
        let window = Int(try Self.number(params, "window", default: 2, in: 1...64, integer: true))
        let outlines = try params.optionalBool("outlines") ?? false
        var columns = 0
        var rows = 0
        if encoding == .cells {
            let cells = try params.member("cells")
            columns = Int(
                try Self.number(
                    cells, "columns", default: nil, in: Self.closed(RenderLimits.cellColumns), integer: true))
            rows = Int(
                try Self.number(cells, "rows", default: nil, in: Self.closed(RenderLimits.cellRows), integer: true))
        }
        let scene = try params.optionalString("scene")
        guard let source = provider.source(for: uri, scene: scene) else {
            throw provider.missingSource(params, uri: uri, uriValue: uriValue)
        }
        // What its frames will hold of the budget, from the canvas now (validated at this scale once).
        var bytes = 0
        if let list = source.displayList(at: clock.now) {
            do {
                let (width, height) = try CanvasGeometry.pixelSize(of: list.size, scale: scale)
                bytes = PreviewLimits.frameBytes(encoding, pixels: width * height)
            } catch {
                throw JSONDecodingError(pointer: params.pointerFromRoot.appending("scale"), message: error.description)
            }
        }
        let stream: PreviewStream
        do { stream = try PreviewStream(encoding: encoding, scale: scale, columns: columns, rows: rows) } catch {
            throw JSONDecodingError(pointer: params.pointerFromRoot.appending(error.field), message: error.description)
        }
        if let outbox = context.server.connection?.outbox {
            outboxBox.withLock { $0 = outbox }
            outbox.setOnDecongested { [weak self] in self?.invalidateAll() }
        }
        let id = "p\(counter.wrappingAdd(1, ordering: .relaxed).newValue)"
        let subscription = Subscription(
            id: id,
            settings: .init(
                uri: uri, scene: scene, encoding: encoding, scale: scale, maxFPS: maxFPS, window: window,
                outlines: outlines),
            stream: stream)
        // The frames it will hold are reserved before it exists: refused, nothing of it remains.
        guard budget.move(from: 0, to: bytes) else {
            throw ResponseError(
                .requestFailed, "this preview's frames would need \(FrameBudget.describe(bytes)), " + budget.overview)
        }
        subscription.state.withLock { $0.heldBytes = bytes }
        let added = subscriptions.withLock { open -> Bool in
            guard open.count < PreviewLimits.maxSubscriptions else { return false }
            open[id] = subscription
            return true
        }
        guard added else {
            _ = budget.move(from: bytes, to: 0)
            throw ResponseError(
                .requestFailed,
                "\(PreviewLimits.maxSubscriptions) previews are open, the most a daemon serves: unsubscribe one first")
        }
        context.afterResponse { [self] in schedule(subscription) }
        return ["subscription": .string(id)]
    }

    private func ack(_ params: JSONValue, strict: Bool) throws {
        let subscription = try find(params)
        let seqValue = try params.member("seq")
        let seq = try seqValue.decodeInt()
        let accepted = subscription.state.withLock { s -> Bool in
            guard seq > s.ackedSeq, seq <= s.sentSeq else {
                s.unknownAcks += 1
                return false
            }
            s.ackedSeq = seq
            return true
        }
        if !accepted {
            log.info("preview \(subscription.id): ignored an ack for seq \(seq), which is not outstanding")
            if strict { throw JSONDecodingError(at: seqValue, "is not an outstanding frame of this subscription") }
            return
        }
        schedule(subscription)
    }

    private func find(_ params: JSONValue) throws(JSONDecodingError) -> Subscription {
        let value = try params.member("subscription")
        let id = try value.decodeString()
        guard let subscription = subscriptions.withLock({ $0[id] }) else {
            throw JSONDecodingError(at: value, "no subscription \"\(id)\"")
        }
        return subscription
    }

    /// An optional (or, without a default, required) number within `range`.
    static func number(
        _ params: JSONValue, _ key: String, default fallback: Double?, in range: ClosedRange<Double>,
        integer: Bool = false
    ) throws(JSONDecodingError) -> Double {
        guard let value = params.optionalMember(key) else {
            if let fallback { return fallback }
            _ = try params.member(key)
            return 0
        }
        let number = integer ? Double(try value.decodeInt()) : try value.decodeDouble()
        guard range.contains(number) else {
            throw JSONDecodingError(
                at: value, "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))")
        }
        return number
    }

    static func closed(_ range: ClosedRange<Int>) -> ClosedRange<Double> {
        Double(range.lowerBound)...Double(range.upperBound)
    }

    private static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}
