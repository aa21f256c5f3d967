import Dispatch
import JSON
import SkeletonGraphics
import SkeletonRender
import Synchronization

/// One preview subscriber: its encoder state and its flow-control counters, behind its own lock so that one
/// subscriber's rendering never holds up another's.
final class Subscription: Sendable {
    struct Settings: Sendable {
        var uri: String
        /// The scene (nil: the document's initial scene).
        var scene: String?
        var encoding: PreviewEncoding
        var scale: Double
        /// Frames per second at most, under the real clock.
        var maxFPS: Double
        /// Frames sent and not yet acknowledged, at most.
        var window: Int
        /// View frames outlined on top of every frame.
        var outlines: Bool
    }

    struct State {
        var stream: PreviewStream
        var sentSeq = 0
        var ackedSeq = 0
        /// Whether a frame is owed (a change since the last frame's state was read).
        var demand = FrameDemand()
        /// Monotonic seconds of the last frame built (for the fps limit).
        var lastFrameAt = -Double.infinity
        /// A delayed schedule is already waiting (for the fps limit).
        var delayedSchedule = false
        var timer: (any DispatchSourceTimer)?
        var closed = false
        var unknownAcks = 0
        /// A producer of this subscription waits in the outbox (set when one is queued, cleared when it runs).
        var producerQueued = false
        /// A frame built ahead by the thread that reported the change, while the writer woke up
        /// (`PreviewHub.prepare`): its producer sends it. Already counted in `sentSeq`.
        var prepared: [UInt8]?
        /// This subscription's share of the previews' frame budget (`PreviewLimits`): the bytes of frames its stream
        /// holds for the canvas it was last given.
        var heldBytes = 0

        var unacknowledged: Int { sentSeq - ackedSeq }
    }

    let id: String
    let settings: Settings
    let state: Mutex<State>
    /// Held for the whole building of a frame, by the writer's producer or by the thread preparing one ahead, so
    /// the two never build at once: a producer that finds a frame being prepared waits for it and sends it.
    /// Taken before `state`, never while holding it.
    let production = Mutex(())

    init(id: String, settings: Settings, stream: PreviewStream) {
        self.id = id
        self.settings = settings
        self.state = Mutex(State(stream: stream))
    }
}
