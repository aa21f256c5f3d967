import Dispatch
import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonRender

/// The subscriptions' executors: each event goes to its subscription's queue, where its `SubscriptionMachine` says
/// what to do and it is done, frames built included. The writer thread only takes built frames (`take`).
extension PreviewHub {
    typealias Event = SubscriptionMachine.Event

    /// Queues `event` on the subscription's executor and returns at once.
    func post(_ event: Event, to subscription: Subscription) {
        subscription.queue.async { [self] in handle(event, subscription) }
    }

    /// Queues `event` on every subscription's executor.
    func postToAll(_ event: Event) {
        for subscription in subscriptions.withLock({ Array($0.values) }) { post(event, to: subscription) }
    }

    /// Handles `event` on every subscription's executor, one after the other, and waits until they are done.
    ///
    /// - Important: never call it on a subscription's executor.
    func deliverToAll(_ event: Event) {
        for subscription in subscriptions.withLock({ Array($0.values) }) { deliver(event, to: subscription) }
    }

    /// Handles `event` on the subscription's executor and waits until it is done (the frame it asks for built and
    /// waiting for the writer). Returns false when the machine refused it (an ack for no outstanding frame).
    /// `prepared`: a frame built for it counts as built while the document's lane waited (`framesPrepared`).
    ///
    /// - Important: never call it on a subscription's executor.
    @discardableResult
    func deliver(_ event: Event, to subscription: Subscription, prepared: Bool = false) -> Bool {
        dispatchPrecondition(condition: .notOnQueue(subscription.queue))
        return subscription.queue.sync { handle(event, subscription, prepared: prepared) }
    }

    /// Runs the machine on `event` and carries out its effects, and the effects of the events they lead to (a built
    /// frame). Returns false when the machine refused the event.
    @discardableResult
    private func handle(_ first: Event, _ subscription: Subscription, prepared: Bool = false) -> Bool {
        subscription.core.withValue { core in
            var events = [first]
            var next = 0
            var accepted = true
            // The frame the last `.build` made, and the bytes of frames its canvas wanted past the budget.
            var frame: [UInt8]?
            var overBudget = 0
            while next < events.count {
                let event = events[next]
                next += 1
                for effect in core.machine.handle(event, context(subscription)) {
                    switch effect {
                    case .requestKeyframe:
                        core.stream.requestKeyframe()
                    case .build:
                        let result = build(subscription, &core)
                        frame = result.bytes
                        overBudget = result.wanted
                        events.append(.built(result.outcome))
                    case .queueFrame:
                        guard let bytes = frame else { continue }
                        frame = nil
                        queue(bytes, of: subscription, prepared: prepared)
                    case .wake(let delay):
                        subscription.queue.asyncAfter(deadline: .now() + delay) { [weak self, weak subscription] in
                            guard let self, let subscription else { return }
                            handle(.delayElapsed, subscription)
                        }
                    case .startTimer:
                        core.timer = makeTimer(subscription)
                    case .stopTimer:
                        core.timer?.cancel()
                        core.timer = nil
                    case .release:
                        release(subscription, &core)
                    case .endOverBudget:
                        endOverBudget(subscription, wanted: overBudget)
                    case .rejectAck:
                        accepted = false
                        if case .ack(let seq) = event {
                            log.info(
                                "preview \(subscription.id): ignored an ack for seq \(seq), which is not outstanding")
                        }
                    }
                }
            }
            return accepted
        }
    }

    /// What the machine needs to know besides the event.
    private func context(_ subscription: Subscription) -> SubscriptionMachine.Context {
        SubscriptionMachine.Context(
            now: Self.monotonicSeconds(), congested: outboxBox.withLock({ $0 })?.isCongested ?? true,
            frameWaiting: subscription.waiting.withLock { $0 != nil }, realClock: clock.mode == .real)
    }

    /// Builds the subscriber's next frame (numbered `sentSeq + 1`) from the newest state, on its executor: the
    /// outcome, the frame's message (only for `.frame`), and for `.overBudget` the bytes its canvas wanted.
    private func build(
        _ subscription: Subscription, _ core: inout Subscription.Core
    ) -> (outcome: SubscriptionMachine.Outcome, bytes: [UInt8]?, wanted: Int) {
        assert(!Outbox.isWriterThread, "a frame is never built on the transport's writer thread")
        let settings = subscription.settings
        let time = clock.now
        let source = provider.source(for: settings.uri, scene: settings.scene)
        // Only the real clock runs a frame timer, so only it needs to know whether the document still moves (under the
        // manual clock frames follow the clock's moves instead); then one session copy answers both.
        let real = clock.mode == .real
        let frame: (list: DisplayList?, isAnimating: Bool)? =
            real
            ? source?.frame(at: time, outlines: settings.outlines)
            : source.map { ($0.displayList(at: time, outlines: settings.outlines), false) }
        let animating = real && (frame?.isAnimating ?? false)
        guard let list = frame?.list else { return (.unchanged(animating: animating), nil, 0) }
        if let wanted = core.stream.heldBytes(canvas: list.size, scale: settings.scale),
            wanted != core.heldBytes
        {
            guard budget.move(from: core.heldBytes, to: wanted) else { return (.overBudget, nil, wanted) }
            core.heldBytes = wanted
        }
        let content: FrameContent?
        do {
            content = try core.stream.next(list)
        } catch {
            log.warning("preview \(subscription.id): \(error)")
            return (.unchanged(animating: animating), nil, 0)
        }
        guard let content else { return (.unchanged(animating: animating), nil, 0) }
        built.add(1, ordering: .relaxed)
        let header = FrameHeader(
            subscription: subscription.id, uri: settings.uri, seq: core.machine.sentSeq + 1, time: time,
            encoding: settings.encoding)
        return (.frame(animating: animating), Self.frameMessage(header, content), 0)
    }

    /// Leaves a built frame where the writer takes it, and queues the writer's turn for it.
    private func queue(_ bytes: [UInt8], of subscription: Subscription, prepared: Bool) {
        subscription.waiting.withLock { $0 = Subscription.WaitingFrame(bytes: bytes, prepared: prepared) }
        outboxBox.withLock({ $0 })?.sendLatest(key: subscription.outputKey) { [weak self, weak subscription] in
            guard let self, let subscription else { return nil }
            return take(subscription)
        }
    }

    /// On the writer thread: the frame waiting for it (nil when the subscription ended meanwhile), reported taken to
    /// the subscription's executor. Builds nothing.
    private func take(_ subscription: Subscription) -> [UInt8]? {
        let frame = subscription.waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
        guard let frame else { return nil }
        if frame.prepared { sentPrepared.add(1, ordering: .relaxed) }
        post(.taken, to: subscription)
        return frame.bytes
    }

    /// A timer on the subscription's executor that reports a change every `1 / maxFps` seconds.
    private func makeTimer(_ subscription: Subscription) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: subscription.queue)
        let interval = 1 / subscription.settings.maxFPS
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
        timer.setEventHandler { [weak self, weak subscription] in
            guard let self, let subscription else { return }
            handle(.changed, subscription)
        }
        timer.resume()
        return timer
    }

    /// An ended subscription's timer stops, the frame it left for the writer goes, its frame budget is freed.
    private func release(_ subscription: Subscription, _ core: inout Subscription.Core) {
        core.timer?.cancel()
        core.timer = nil
        subscription.waiting.withLock { $0 = nil }
        _ = budget.move(from: core.heldBytes, to: 0)
        core.heldBytes = 0
    }

    /// Ends a subscription whose canvas outgrew the frame budget, and tells the client why (`preview/ended`).
    private func endOverBudget(_ subscription: Subscription, wanted: Int) {
        subscriptions.withLock { open in
            if open[subscription.id] === subscription { open[subscription.id] = nil }
        }
        let message =
            "the document's canvas grew: its frames would need \(FrameBudget.describe(wanted)), " + budget.overview
        log.warning("preview \(subscription.id) ended: \(message)")
        outboxBox.withLock { $0 }?.send(
            OutgoingMessage.notification(
                method: "preview/ended",
                params: [
                    "subscription": .string(subscription.id), "uri": .string(subscription.settings.uri),
                    "reason": .string("frameBudget"), "message": .string(message),
                ]
            ).bytes)
    }
}
