/// One preview subscription's flow control as a value: an event and the moment it happens in give the new state and
/// the effects its executor carries out (`PreviewHub`). Nothing here touches a thread, a clock or the output, so every
/// event is tested in every state (`SubscriptionMachineTests`).
///
/// A frame is built only while the subscription is open and started (its subscribe request answered), none is being built, none waits for the writer, one is owed
/// (`FrameDemand`), fewer than `window` are unacknowledged, the output is not congested and (under the real clock)
/// `1 / maxFps` has passed since the last one; otherwise the event that would have built it is remembered in the
/// state, and the event that lifts the obstacle (`taken`, `ack`, `decongested`, `delayElapsed`) builds it.
struct SubscriptionMachine: Hashable, Sendable {
    /// What happened to the subscription.
    enum Event: Hashable, Sendable {
        /// It was created: its first frame (a keyframe) is owed.
        case start
        /// The document's display list may have changed (an edit, a clock move, an animation timer tick).
        case changed
        /// The client asked for a keyframe (`preview/refresh`).
        case refresh
        /// The client acknowledged frame `seq`.
        case ack(seq: Int)
        /// The output drained below its low watermark.
        case decongested
        /// The delay asked for by `Effect.wake` passed.
        case delayElapsed
        /// The writer took the frame that waited for it (the context says whether the output still holds one).
        case taken
        /// The frame asked for by `Effect.build` was built, with this outcome.
        case built(Outcome)
        /// The client unsubscribed, or the document closed.
        case unsubscribe
    }

    /// What building a frame gave.
    enum Outcome: Hashable, Sendable {
        /// A frame (something changed); `animating`: the document still moves.
        case frame(animating: Bool)
        /// Nothing to send (no pixel, cell or layer changed, or no display list).
        case unchanged(animating: Bool)
        /// The canvas grew past what the frame budget has left: the subscription ends.
        case overBudget
    }

    /// What the executor must do, in order.
    enum Effect: Equatable, Sendable {
        /// Make the next frame a keyframe.
        case requestKeyframe
        /// Build frame `sentSeq + 1` from the newest state, then report `.built`.
        case build
        /// Hand the frame just built to the output, where it waits for the writer (which reports `.taken`).
        case queueFrame
        /// Report `.delayElapsed` after this many seconds (the fps limit).
        case wake(after: Double)
        /// Start the frame timer (a `.changed` every `1 / maxFps` seconds), or stop it.
        case startTimer
        case stopTimer
        /// The subscription ended: stop its timer, drop a frame waiting for the writer, free its frame budget.
        case release
        /// Tell the client it ended because its frames outgrew the budget (`preview/ended`).
        case endOverBudget
        /// The ack was for no outstanding frame: ignored (a request for it fails).
        case rejectAck
    }

    /// What the executor knows when an event comes.
    struct Context: Equatable, Sendable {
        /// Monotonic seconds.
        var now: Double
        /// Whether the output is congested (or there is none yet).
        var congested: Bool
        /// Whether the frame last queued still waits for the writer (false once the writer took it, even before its
        /// `.taken` comes).
        var frameWaiting: Bool
        /// Whether the session runs on the real clock (then the fps limit and the frame timer apply).
        var realClock: Bool
    }

    /// Frames sent and not yet acknowledged, at most.
    let window: Int
    /// Seconds between frames at least, under the real clock (`1 / maxFps`).
    let minInterval: Double

    /// `.start` came: the subscribe request was answered, so frames may follow it.
    private(set) var started = false
    private(set) var closed = false
    private(set) var demand = FrameDemand()
    /// Where the demand stood when the frame being built read its state (nil: none is being built).
    private(set) var building: FrameDemand.Mark?
    /// A frame waits in the output for the writer.
    private(set) var frameQueued = false
    private(set) var sentSeq = 0
    private(set) var ackedSeq = 0
    /// Acks ignored because they were for no outstanding frame.
    private(set) var unknownAcks = 0
    /// `Context.now` when the last frame was built (for the fps limit).
    private(set) var lastFrameAt = -Double.infinity
    /// A `.wake` is pending.
    private(set) var wakePending = false
    private(set) var timerRunning = false

    init(window: Int, maxFPS: Double) {
        self.window = window
        self.minInterval = 1 / maxFPS
    }

    var unacknowledged: Int { sentSeq - ackedSeq }

    /// Applies `event` at `context` and returns what the executor must do, in order. Every event of an open
    /// subscription ends by building the owed frame if nothing stands in the way; an ended subscription ignores
    /// everything.
    mutating func handle(_ event: Event, _ context: Context) -> [Effect] {
        guard !closed else { return [] }
        var effects: [Effect] = []
        if frameQueued, !context.frameWaiting { frameQueued = false }
        switch event {
        case .start:
            started = true
        case .decongested, .taken:
            break
        case .changed:
            demand.changed()
        case .refresh:
            demand.changed()
            effects.append(.requestKeyframe)
        case .ack(let seq):
            if seq > ackedSeq, seq <= sentSeq {
                ackedSeq = seq
            } else {
                unknownAcks += 1
                effects.append(.rejectAck)
            }
        case .delayElapsed:
            wakePending = false
        case .built(let outcome):
            guard let mark = building else { break }
            building = nil
            let animating: Bool
            switch outcome {
            case .overBudget:
                end()
                return [.release, .endOverBudget]
            case .frame(let moving):
                sentSeq += 1
                frameQueued = true
                effects.append(.queueFrame)
                animating = moving
            case .unchanged(let moving):
                animating = moving
            }
            lastFrameAt = context.now
            // A change reported after the frame read its state keeps a frame owed (built below, or once this one
            // is taken).
            _ = demand.frameBuilt(since: mark)
            let wanted = animating && context.realClock
            if wanted != timerRunning {
                timerRunning = wanted
                effects.append(wanted ? .startTimer : .stopTimer)
            }
        case .unsubscribe:
            end()
            return [.release]
        }
        effects += nextFrame(context)
        return effects
    }

    private mutating func end() {
        closed = true
        timerRunning = false
        wakePending = false
        frameQueued = false
        building = nil
    }

    /// Builds the owed frame if nothing stands in the way, or asks to be woken when the fps limit lets it.
    private mutating func nextFrame(_ context: Context) -> [Effect] {
        guard started, building == nil, !frameQueued, demand.isPending, unacknowledged < window, !context.congested
        else {
            return []
        }
        if context.realClock {
            let due = lastFrameAt + minInterval
            if context.now < due {
                guard !wakePending else { return [] }
                wakePending = true
                return [.wake(after: due - context.now)]
            }
        }
        building = demand.frameStarted()
        return [.build]
    }
}
