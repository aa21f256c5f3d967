public import JSON
public import SkeletonModel

// The `skeleton/*` requests that set how skeletons look and move (`Protocol/skeleton-methods.md`): for one document
// (or one of its scenes) with a `uri`, else daemon-wide.

/// `skeleton/setAppearance`: `SkeletonAppearance.default`'s fields, for a document or daemon-wide.
public enum SetAppearanceRequest: RequestMethod {
    public static let method = "skeleton/setAppearance"
    public typealias Result = NullResult

    public struct Params: DocumentParams {
        public static let members = MemberRule.closed(SceneName.members.adding(["appearance"]))
        public static let document = DocumentMember.uri

        public let appearance: AppearanceOverrides
        /// nil: daemon-wide.
        public let target: SceneName?

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            appearance = try AppearanceOverrides.decode(try object.required("appearance"))
            target = try SceneName(ifNamedIn: object)
        }
    }
}

/// `skeleton/setMotion`: the motion options, for a document or daemon-wide (and the documents opened later).
public enum SetMotionRequest: RequestMethod {
    public static let method = "skeleton/setMotion"
    public typealias Result = NullResult

    public struct Params: DocumentParams {
        public static let members = MemberRule.closed(SceneName.members.adding(MotionChange.members))
        public static let document = DocumentMember.uri

        /// nil: daemon-wide.
        public let target: SceneName?
        public let motion: MotionChange

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            target = try SceneName(ifNamedIn: object)
            motion = try MotionChange(from: object)
        }
    }
}

/// The motion options an object names (`skeleton/setMotion`, `initializationOptions`), to apply over others.
public struct MotionChange: Sendable {
    /// Its members.
    public static let members = MotionOptions.fieldNames

    private let values: MotionOptions
    private let named: Set<String>

    /// The motion members of `object`, each checked (a member that is absent or null is left as it was).
    public init(from object: ParamsObject) throws(JSONDecodingError) {
        values = try MotionOptions.decode(object.value)
        named = Self.members.filter { object.optional($0) != nil }
    }

    /// `base` with the members this change names.
    public func applied(to base: MotionOptions) -> MotionOptions {
        var out = base
        if named.contains("gradientSpace") { out.gradientSpace = values.gradientSpace }
        if named.contains("reducedMotion") { out.reducedMotion = values.reducedMotion }
        if named.contains("stopAfter") { out.stopAfter = values.stopAfter }
        return out
    }
}

extension SceneName {
    /// The scene `object` names when it has a `uri` (not null); nil when it names none.
    public init?(ifNamedIn object: ParamsObject) throws(JSONDecodingError) {
        guard object.optional("uri") != nil else { return nil }
        try self.init(from: object)
    }
}
