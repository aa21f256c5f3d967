public import JSON
public import SkeletonModel

// The daemon's own methods about the session (`Protocol/clock.md`, `Protocol/base-protocol.md`) and the scene
// queries that take no node (`Protocol/skeleton-methods.md`).

/// `clock/advance`: moves the manual clock forward.
public enum ClockAdvanceRequest: RequestMethod {
    public static let method = "clock/advance"
    /// The clock's time after the move.
    public typealias Result = Double

    public struct Params: ProtocolObject {
        public static let members = MemberRule.closed(["seconds"])

        /// Finite, not negative (how far it may go depends on the clock: checked when it moves).
        public let seconds: Double
        /// The number in the message.
        public let source: JSONValue

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            source = try object.required("seconds")
            seconds = try source.decodeDouble()
            guard seconds >= 0 else {
                throw JSONDecodingError(at: source, "must not be negative: the clock never goes back")
            }
        }
    }
}

/// `clock/set`: moves the manual clock to a time.
public enum ClockSetRequest: RequestMethod {
    public static let method = "clock/set"
    public typealias Result = Double

    public struct Params: ProtocolObject {
        public static let members = MemberRule.closed(["time"])

        /// A time (`SessionTime`; that it is not before now is checked when the clock moves).
        public let time: Double
        /// The number in the message.
        public let source: JSONValue

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            source = try object.required("time")
            time = try SessionTime.decode(source)
        }
    }
}

/// `daemon/status`: what the daemon holds, written straight as bytes (its shape is fixed).
public enum StatusRequest: RequestMethod {
    public static let method = "daemon/status"
    public typealias Params = NoParams
    public typealias Result = EncodedJSON
}

/// `skeleton/layers`: a scene's display list at a time.
public enum LayersRequest: RequestMethod {
    public static let method = "skeleton/layers"
    public typealias Result = LayersResult

    public struct Params: DocumentParams {
        public static let members = MemberRule.closed(SceneName.members.adding(["time", "includeContent"]))
        public static let document = DocumentMember.uri

        public let target: SceneName
        /// nil: now.
        public let time: Double?
        public let includeContent: Bool

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            target = try SceneName(from: object)
            time = try object.time()
            includeContent = try object.optionalBool("includeContent") ?? false
        }
    }
}

/// `skeleton/setTraits`: a document's (or one scene's) colour scheme, layout direction and device width overrides.
public enum SetTraitsRequest: RequestMethod {
    public static let method = "skeleton/setTraits"
    public typealias Result = NullResult

    public struct Params: DocumentParams {
        public static let members = MemberRule.closed(
            SceneName.members.adding(["colorScheme", "layoutDirection", "width"]))
        /// The widths a device width may have, in points: the canvas limits (`DocumentLimits.maxCanvasWidth`).
        public static let widthRange: ClosedRange<Double> = 1...16_384
        public static let document = DocumentMember.uri

        public let target: SceneName
        /// Whether the request names a colour scheme (null included: the document's own again).
        public let setsColorScheme: Bool
        public let colorScheme: ColorScheme?
        public let setsLayoutDirection: Bool
        public let layoutDirection: LayoutDirection?
        public let setsWidth: Bool
        /// The device width in points the root view is laid out at (`widthRange`); nil: the document's own.
        public let width: Double?

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            target = try SceneName(from: object)
            colorScheme = try object.optional("colorScheme")?.decodeEnum(ColorScheme.self)
            layoutDirection = try object.optional("layoutDirection")?.decodeEnum(LayoutDirection.self)
            setsColorScheme = object.has("colorScheme")
            setsLayoutDirection = object.has("layoutDirection")
            setsWidth = object.has("width")
            width = try object.optional("width").map { value throws(JSONDecodingError) in
                let width = try value.decodeDouble()
                guard width.isFinite, Self.widthRange.contains(width) else {
                    throw JSONDecodingError(at: value, "must be a number of points from 1 to 16384")
                }
                return width
            }
        }
    }
}
