package import JSON
package import SkeletonModel

// The `skeleton/*` requests (`Protocol/skeleton-methods.md`): the daemon's own, so their objects are closed. Members
// are read in the order their errors were always found in: the options first, then `node`, the document and the
// scene.

/// The scene of an open document a `skeleton/*` request names: `uri`, and `scene` (nil: the initial scene).
package struct SceneName: Sendable {
    /// The members it reads.
    package static let members: ParamMembers = ["uri", "scene"]

    package let uri: String
    /// The `uri` string in the message (a uri that names no open document is an error at it).
    package let uriSource: JSONValue
    package let scene: String?
    /// The `scene` string in the message (an unknown scene is an error at it).
    package let sceneSource: JSONValue?
    /// The params object: an engine's refusal names its member (`node`, an option).
    package let params: JSONValue

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        uriSource = try object.required("uri")
        uri = try uriSource.decodeString()
        sceneSource = object.optional("scene")
        scene = try sceneSource?.decodeString()
        params = object.value
    }
}

/// A time a query names: a number from 0 to the clock's latest time (nil: now).
package enum SessionTime {
    /// The latest time of the session clock.
    package static let max: Double = ValueParsers.maxSeconds

    /// `value` as a time: finite, from 0 to `max`.
    package static func decode(_ value: JSONValue) throws(JSONDecodingError) -> Double {
        let time = try value.decodeDouble()
        guard time >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
        guard time <= max else { throw JSONDecodingError(at: value, "must be at most \(Int(max)) seconds") }
        return time
    }
}

extension ParamsObject {
    /// The member `key` as a time, when present and not null.
    package func time(_ key: String = "time") throws(JSONDecodingError) -> Double? {
        try optional(key).map { value throws(JSONDecodingError) in try SessionTime.decode(value) }
    }
}

/// The params of an operation on a view of a scene: the scene, `node` (nil: the root) and the operation's own.
package struct SceneOperationParams<Options: SkeletonOptions>: DocumentParams {
    package static var members: MemberRule { .closed(SceneName.members.adding(["node"]).adding(Options.optionMembers)) }
    package static var document: DocumentMember { .uri }

    package let target: SceneName
    package let node: String?
    package let options: Options

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        options = try Options.decode(fields: object.value)
        node = try object.optionalString("node")
        target = try SceneName(from: object)
    }

    /// Whether the request names any of `options` (even as null).
    package func names(anyOf options: Set<String>) -> Bool {
        target.params.members.contains { options.contains($0.key) }
    }
}

/// What an operation's options are: their members, decoded from the params object (its members already checked).
package protocol SkeletonOptions: Sendable {
    /// Its members in the params object.
    static var optionMembers: Set<String> { get }
    static func decode(fields: JSONValue) throws(JSONDecodingError) -> Self
}

extension ShowOptions: SkeletonOptions {
    package static var optionMembers: Set<String> { fieldNames }
}

extension UpdateOptions: SkeletonOptions {
    package static var optionMembers: Set<String> { fieldNames }
}

extension HideOptions: SkeletonOptions {
    package static var optionMembers: Set<String> { fieldNames }
}

/// `skeleton/startAnimation`'s one option.
package struct AnimationOption: SkeletonOptions {
    package static let optionMembers: Set<String> = ["animation"]
    /// nil: the appearance's animation.
    package let animation: AnimationSpec?

    package static func decode(fields: JSONValue) throws(JSONDecodingError) -> AnimationOption {
        AnimationOption(animation: try fields.optionalMember("animation").map(AnimationSpec.decode))
    }
}

/// No options (`skeleton/stopAnimation`).
package struct NoOptions: SkeletonOptions {
    package static let optionMembers: Set<String> = []
    package static func decode(fields: JSONValue) -> NoOptions { NoOptions() }
}

/// `skeleton/isActive`'s option: the time asked about.
package struct TimeOption: SkeletonOptions {
    package static let optionMembers: Set<String> = ["time"]
    /// nil: now.
    package let time: Double?

    package static func decode(fields: JSONValue) throws(JSONDecodingError) -> TimeOption {
        TimeOption(time: try fields.optionalMember("time").map(SessionTime.decode))
    }
}

/// `skeleton/treeDescription`'s options.
package struct TreeOptions: SkeletonOptions {
    package static let optionMembers: Set<String> = ["time", "includeState"]
    package let includeState: Bool
    /// nil: now.
    package let time: Double?

    package static func decode(fields: JSONValue) throws(JSONDecodingError) -> TreeOptions {
        let includeState = try fields.optionalBool("includeState") ?? false
        return TreeOptions(includeState: includeState, time: try fields.optionalMember("time").map(SessionTime.decode))
    }
}

package enum ShowRequest: RequestMethod {
    package static let method = "skeleton/show"
    package typealias Params = SceneOperationParams<ShowOptions>
    package typealias Result = OperationResult
}

package enum UpdateRequest: RequestMethod {
    package static let method = "skeleton/update"
    package typealias Params = SceneOperationParams<UpdateOptions>
    package typealias Result = OperationResult
}

package enum HideRequest: RequestMethod {
    package static let method = "skeleton/hide"
    package typealias Params = SceneOperationParams<HideOptions>
    package typealias Result = OperationResult
}

package enum StartAnimationRequest: RequestMethod {
    package static let method = "skeleton/startAnimation"
    package typealias Params = SceneOperationParams<AnimationOption>
    package typealias Result = OperationResult
}

package enum StopAnimationRequest: RequestMethod {
    package static let method = "skeleton/stopAnimation"
    package typealias Params = SceneOperationParams<NoOptions>
    package typealias Result = OperationResult
}

package enum IsActiveRequest: RequestMethod {
    package static let method = "skeleton/isActive"
    package typealias Params = SceneOperationParams<TimeOption>
    package typealias Result = Bool
}

package enum TreeDescriptionRequest: RequestMethod {
    package static let method = "skeleton/treeDescription"
    package typealias Params = SceneOperationParams<TreeOptions>
    package typealias Result = TreeDescriptionResult
}
