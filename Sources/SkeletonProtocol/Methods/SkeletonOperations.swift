public import JSON
public import SkeletonModel

// The `skeleton/*` requests (`Protocol/skeleton-methods.md`): the daemon's own, so their objects are closed. Members
// are read in the order their errors were always found in: the options first, then `node`, the document and the
// scene.

/// The scene of an open document a `skeleton/*` request names: `uri`, and `scene` (nil: the initial scene).
public struct SceneName: Sendable {
    /// The members it reads.
    public static let members: ParamMembers = ["uri", "scene"]

    public let uri: String
    /// The `uri` string in the message (a uri that names no open document is an error at it).
    public let uriSource: JSONValue
    public let scene: String?
    /// The `scene` string in the message (an unknown scene is an error at it).
    public let sceneSource: JSONValue?
    /// The params object: an engine's refusal names its member (`node`, an option).
    public let params: JSONValue

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        uriSource = try object.required("uri")
        uri = try uriSource.decodeString()
        sceneSource = object.optional("scene")
        scene = try sceneSource?.decodeString()
        params = object.value
    }
}

/// A time a query names: a number from 0 to the clock's latest time (nil: now).
public enum SessionTime {
    /// The latest time of the session clock.
    public static let max: Double = ValueParsers.maxSeconds

    /// `value` as a time: finite, from 0 to `max`.
    public static func decode(_ value: JSONValue) throws(JSONDecodingError) -> Double {
        let time = try value.decodeDouble()
        guard time >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
        guard time <= max else { throw JSONDecodingError(at: value, "must be at most \(Int(max)) seconds") }
        return time
    }
}

extension ParamsObject {
    /// The member `key` as a time, when present and not null.
    public func time(_ key: String = "time") throws(JSONDecodingError) -> Double? {
        try optional(key).map { value throws(JSONDecodingError) in try SessionTime.decode(value) }
    }
}

/// The params of an operation on a view of a scene: the scene, `node` (nil: the root) and the operation's own.
public struct SceneOperationParams<Options: SkeletonOptions>: DocumentParams {
    public static var members: MemberRule { .closed(SceneName.members.adding(["node"]).adding(Options.optionMembers)) }
    public static var document: DocumentMember { .uri }

    public let target: SceneName
    public let node: String?
    public let options: Options

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        options = try Options.decode(fields: object.value)
        node = try object.optionalString("node")
        target = try SceneName(from: object)
    }

    /// Whether the request names any of `options` (even as null).
    public func names(anyOf options: Set<String>) -> Bool {
        target.params.members.contains { options.contains($0.key) }
    }
}

/// What an operation's options are: their members, decoded from the params object (its members already checked).
public protocol SkeletonOptions: Sendable {
    /// Its members in the params object.
    static var optionMembers: Set<String> { get }
    static func decode(fields: JSONValue) throws(JSONDecodingError) -> Self
}

extension ShowOptions: SkeletonOptions {
    public static var optionMembers: Set<String> { fieldNames }
}

extension UpdateOptions: SkeletonOptions {
    public static var optionMembers: Set<String> { fieldNames }
}

extension HideOptions: SkeletonOptions {
    public static var optionMembers: Set<String> { fieldNames }
}

/// `skeleton/startAnimation`'s one option.
public struct AnimationOption: SkeletonOptions {
    public static let optionMembers: Set<String> = ["animation"]
    /// nil: the appearance's animation.
    public let animation: AnimationSpec?

    public static func decode(fields: JSONValue) throws(JSONDecodingError) -> AnimationOption {
        AnimationOption(animation: try fields.optionalMember("animation").map(AnimationSpec.decode))
    }
}

/// No options (`skeleton/stopAnimation`).
public struct NoOptions: SkeletonOptions {
    public static let optionMembers: Set<String> = []
    public static func decode(fields: JSONValue) -> NoOptions { NoOptions() }
}

/// `skeleton/isActive`'s option: the time asked about.
public struct TimeOption: SkeletonOptions {
    public static let optionMembers: Set<String> = ["time"]
    /// nil: now.
    public let time: Double?

    public static func decode(fields: JSONValue) throws(JSONDecodingError) -> TimeOption {
        TimeOption(time: try fields.optionalMember("time").map(SessionTime.decode))
    }
}

/// `skeleton/treeDescription`'s options.
public struct TreeOptions: SkeletonOptions {
    public static let optionMembers: Set<String> = ["time", "includeState"]
    public let includeState: Bool
    /// nil: now.
    public let time: Double?

    public static func decode(fields: JSONValue) throws(JSONDecodingError) -> TreeOptions {
        let includeState = try fields.optionalBool("includeState") ?? false
        return TreeOptions(includeState: includeState, time: try fields.optionalMember("time").map(SessionTime.decode))
    }
}

public enum ShowRequest: RequestMethod {
    public static let method = "skeleton/show"
    public typealias Params = SceneOperationParams<ShowOptions>
    public typealias Result = OperationResult
}

public enum UpdateRequest: RequestMethod {
    public static let method = "skeleton/update"
    public typealias Params = SceneOperationParams<UpdateOptions>
    public typealias Result = OperationResult
}

public enum HideRequest: RequestMethod {
    public static let method = "skeleton/hide"
    public typealias Params = SceneOperationParams<HideOptions>
    public typealias Result = OperationResult
}

public enum StartAnimationRequest: RequestMethod {
    public static let method = "skeleton/startAnimation"
    public typealias Params = SceneOperationParams<AnimationOption>
    public typealias Result = OperationResult
}

public enum StopAnimationRequest: RequestMethod {
    public static let method = "skeleton/stopAnimation"
    public typealias Params = SceneOperationParams<NoOptions>
    public typealias Result = OperationResult
}

public enum IsActiveRequest: RequestMethod {
    public static let method = "skeleton/isActive"
    public typealias Params = SceneOperationParams<TimeOption>
    public typealias Result = Bool
}

public enum TreeDescriptionRequest: RequestMethod {
    public static let method = "skeleton/treeDescription"
    public typealias Params = SceneOperationParams<TreeOptions>
    public typealias Result = TreeDescriptionResult
}
