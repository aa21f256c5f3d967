public import JSON
public import SkeletonModel
import Synchronization

/// What `initialize` settled for the whole session, read by every feature.
public final class SessionConfiguration: Sendable {
    private let state = Mutex(PositionEncoding.utf16)
    /// The session's clock, started by `initialize`.
    public let clock = SessionClock()
    private let motionState = Mutex(MotionOptions())
    private let incrementalState = Mutex(true)

    /// Whether an edit inside one node of a valid document re-decodes only that node (`initializationOptions`
    /// `incrementalEdits`, default true; false analyses every edit's whole text, the reference behaviour).
    public var incrementalEdits: Bool {
        get { incrementalState.withLock { $0 } }
        set { incrementalState.withLock { $0 = newValue } }
    }

    /// The motion options new documents start with (`initializationOptions` `gradientSpace`, `reducedMotion`,
    /// `stopAfter`; `skeleton/setMotion` without a uri).
    public var motion: MotionOptions {
        get { motionState.withLock { $0 } }
        set { motionState.withLock { $0 = newValue } }
    }

    public init() {}

    /// The position encoding announced in `capabilities.positionEncoding`.
    public var positionEncoding: PositionEncoding {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    /// Reads the parts of the client's `initialize` params that concern the whole session. Fields of the wrong
    /// type are refused with -32602 naming them.
    public func configure(from params: JSONValue?) throws(JSONDecodingError) {
        guard let params else { return }
        if let processID = params.optionalMember("processId") { _ = try processID.decodeInt() }
        var clockMode = SessionClock.Mode.real
        if let options = params.optionalMember("initializationOptions") {
            _ = try options.decodeObject()
            if let clock = options.optionalMember("clock") { clockMode = try clock.decodeEnum(SessionClock.Mode.self) }
            motion = try MotionOptions.decode(options)
            if let incremental = options.optionalMember("incrementalEdits") {
                incrementalEdits = try incremental.decodeBool()
            }
        }
        var offered: [String] = []
        if let capabilities = params.optionalMember("capabilities") {
            _ = try capabilities.decodeObject()
            if let general = capabilities.optionalMember("general") {
                _ = try general.decodeObject()
                if let encodings = general.optionalMember("positionEncodings") {
                    for encoding in try encodings.decodeArray() { offered.append(try encoding.decodeString()) }
                }
            }
        }
        positionEncoding = PositionEncoding.negotiate(clientOffers: offered)
        clock.start(clockMode)
    }
}
