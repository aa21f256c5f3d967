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
    /// The option members the request names (even as null).
    package let named: Set<String>

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        options = try Options.decode(fields: object.value)
        node = try object.optionalString("node")
        target = try SceneName(from: object)
        named = Set(object.value.members.lazy.map(\.key).filter(Options.optionMembers.contains))
    }

    /// Whether the request names any of `options` (even as null).
    package func names(anyOf options: Set<String>) -> Bool { !named.isDisjoint(with: options) }
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

    package init(animation: AnimationSpec? = nil) { self.animation = animation }

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

    package init(time: Double? = nil) { self.time = time }

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

    package init(includeState: Bool = false, time: Double? = nil) {
        self.includeState = includeState
        self.time = time
    }

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

extension SceneName {
    /// The scene `scene` of the document `uri` (nil: its initial scene).
    package init(uri: String, scene: String? = nil) {
        self.uri = uri
        self.scene = scene
        uriSource = .unsent
        sceneSource = scene == nil ? nil : .unsent
        params = .unsent
    }

    /// Its members of the params object.
    package var object: JSONObject {
        var object: JSONObject = ["uri": .string(uri)]
        object["scene"] = scene.map(JSON.string)
        return object
    }

    /// The params object of these members alone.
    package var json: JSON { .object(object) }
}

/// Options a client can send: their members of the params object.
package protocol EncodableOptions: SkeletonOptions {
    /// Every option member with its value, in the order they are written (nil: an optional member not set).
    var members: [(name: String, value: JSON?)] { get }
    /// The options when the request names none.
    static var defaults: Self { get }
    /// Members a client names even at their default values when it sends its own options (`skeleton/show`'s
    /// `type`: a show that names any option is the request's, not the one the scene's code makes).
    static var explicitMembers: Set<String> { get }
}

extension EncodableOptions {
    package static var explicitMembers: Set<String> { [] }
}

extension SceneOperationParams: EncodableObject where Options: EncodableOptions {
    /// The operation with `options`: the request names the members that are not at their defaults and, when
    /// `explicit`, `Options.explicitMembers` (with `explicit` false, a show with no option of its own is the one the
    /// scene's code makes).
    package init(target: SceneName, node: String? = nil, options: Options = .defaults, explicit: Bool = true) {
        self.target = target
        self.node = node
        self.options = options
        let defaults = Dictionary(Options.defaults.members.map { ($0.name, $0.value) }) { first, _ in first }
        var named = explicit ? Options.explicitMembers : []
        for (name, value) in options.members where value != nil && value != defaults[name] ?? nil {
            named.insert(name)
        }
        self.named = named
    }

    package var json: JSON {
        var object = target.object
        object["node"] = node.map(JSON.string)
        for (name, value) in options.members where named.contains(name) { object[name] = value ?? .null }
        return .object(object)
    }
}

extension NoOptions: EncodableOptions {
    package static let defaults = NoOptions()
    package var members: [(name: String, value: JSON?)] { [] }
}

extension TimeOption: EncodableOptions {
    package static let defaults = TimeOption()

    package var members: [(name: String, value: JSON?)] { [("time", time.map(JSON.double))] }
}

extension TreeOptions: EncodableOptions {
    package static let defaults = TreeOptions()

    package var members: [(name: String, value: JSON?)] {
        [("includeState", .bool(includeState)), ("time", time.map(JSON.double))]
    }
}

extension AnimationOption: EncodableOptions {
    package static let defaults = AnimationOption()

    package var members: [(name: String, value: JSON?)] { [("animation", animation?.json)] }
}

extension ShowOptions: EncodableOptions {
    package static let defaults = ShowOptions()
    package static let explicitMembers: Set<String> = ["type"]

    package var members: [(name: String, value: JSON?)] {
        [
            ("type", .string(type.rawValue)), ("color", color?.json), ("gradient", gradient?.json),
            ("animated", animated.map(JSON.bool)), ("animation", animation?.json), ("delay", delay.map(JSON.double)),
            ("transition", transition.json), ("minimumDuration", minimumDuration.map(JSON.double)),
            ("assumeSkeletonable", .bool(assumeSkeletonable)),
        ]
    }
}

extension UpdateOptions: EncodableOptions {
    package static let defaults = UpdateOptions()

    package var members: [(name: String, value: JSON?)] {
        [
            ("type", .string(type.rawValue)), ("color", color?.json), ("gradient", gradient?.json),
            ("animated", .bool(animated)), ("animation", animation?.json),
        ]
    }
}

extension HideOptions: EncodableOptions {
    package static let defaults = HideOptions()

    package var members: [(name: String, value: JSON?)] {
        [("transition", transition.json), ("reloadDataAfter", .bool(reloadDataAfter))]
    }
}
