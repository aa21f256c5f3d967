package import SkeletonModel
package import SkeletonProtocol
import Synchronization

/// What `initialize` settled for the whole session, read by every feature.
package final class SessionConfiguration: Sendable {
    private let state = Mutex(PositionEncoding.utf16)
    /// The session's clock, started by `initialize`.
    package let clock = SessionClock()
    private let motionState = Mutex(MotionOptions())
    private let incrementalState = Mutex(true)

    /// Whether an edit inside one node of a valid document re-decodes only that node (`initializationOptions`
    /// `incrementalEdits`, default true; false analyses every edit's whole text, the reference behaviour).
    package var incrementalEdits: Bool {
        get { incrementalState.withLock { $0 } }
        set { incrementalState.withLock { $0 = newValue } }
    }

    /// The motion options new documents start with (`initializationOptions` `gradientSpace`, `reducedMotion`,
    /// `stopAfter`; `skeleton/setMotion` without a uri).
    package var motion: MotionOptions {
        get { motionState.withLock { $0 } }
        set { motionState.withLock { $0 = newValue } }
    }

    package init() {}

    /// The position encoding announced in `capabilities.positionEncoding`.
    package var positionEncoding: PositionEncoding {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Takes the parts of the client's `initialize` params that concern the whole session (decoded and checked
    /// before anything is taken).
    package func configure(from params: InitializeRequest.Params) {
        let options = params.initializationOptions
        if let change = options.motion { motion = change.applied(to: MotionOptions()) }
        if let incremental = options.incrementalEdits { incrementalEdits = incremental }
        positionEncoding = PositionEncoding.negotiate(clientOffers: params.capabilities.positionEncodings)
        clock.start(options.clock ?? .real)
    }
}
