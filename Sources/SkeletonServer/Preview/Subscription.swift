import Dispatch
import JSON
import SkeletonGraphics
import SkeletonRender
import Synchronization

/// One preview subscriber. Everything that happens to it is an event of its `SubscriptionMachine`, handled on its
/// own serial queue (the subscription's executor), where its frames are built too: one subscriber's rendering never
/// holds up another's, and never the writer's.
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

    /// What only the executor touches.
    struct Core {
        var machine: SubscriptionMachine
        /// The encoder: what the subscriber last received.
        var stream: PreviewStream
        /// This subscription's share of the previews' frame budget (`PreviewLimits`): the bytes of frames its stream
        /// holds for the canvas it was last given.
        var heldBytes = 0
        /// Runs at `maxFps` while the document animates under the real clock (`Effect.startTimer`).
        var timer: (any DispatchSourceTimer)?
    }

    /// A built frame waiting for the writer, which takes it when its turn comes (the one thing the writer and the
    /// executor share).
    struct WaitingFrame {
        var bytes: [UInt8]
        /// Built while the document's lane waited (a change it reported), not after an ack, a clock move or a tick.
        var prepared: Bool
    }

    let id: String
    let settings: Settings
    /// The executor: every event of this subscription is handled here, in order.
    let queue: DispatchQueue
    let core: QueueBound<Core>
    let waiting = Mutex<WaitingFrame?>(nil)

    init(id: String, settings: Settings, stream: PreviewStream, heldBytes: Int) {
        self.id = id
        self.settings = settings
        queue = DispatchQueue(label: "skeletond.preview")
        core = QueueBound(
            Core(
                machine: SubscriptionMachine(window: settings.window, maxFPS: settings.maxFPS), stream: stream,
                heldBytes: heldBytes),
            on: queue)
    }

    /// The key its frames wait under in the output (one at a time).
    var outputKey: String { "preview:" + id }
}
