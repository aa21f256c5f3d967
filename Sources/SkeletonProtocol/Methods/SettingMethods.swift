package import JSON
package import SkeletonModel

// The `skeleton/*` requests that set how skeletons look and move (`Protocol/skeleton-methods.md`): for one document
// (or one of its scenes) with a `uri`, else daemon-wide.

/// `skeleton/setAppearance`: `SkeletonAppearance.default`'s fields, for a document or daemon-wide.
package enum SetAppearanceRequest: RequestMethod {
    package static let method = "skeleton/setAppearance"
    package typealias Result = NullResult

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(SceneName.members.adding(["appearance"]))
        package static let document = DocumentMember.uri

        package let appearance: AppearanceOverrides
        /// nil: daemon-wide.
        package let target: SceneName?

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            appearance = try AppearanceOverrides.decode(try object.required("appearance"))
            target = try SceneName(ifNamedIn: object)
        }
    }
}

/// `skeleton/setMotion`: the motion options, for a document or daemon-wide (and the documents opened later).
package enum SetMotionRequest: RequestMethod {
    package static let method = "skeleton/setMotion"
    package typealias Result = NullResult

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(SceneName.members.adding(MotionChange.members))
        package static let document = DocumentMember.uri

        /// nil: daemon-wide.
        package let target: SceneName?
        package let motion: MotionChange

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            target = try SceneName(ifNamedIn: object)
            motion = try MotionChange(from: object)
        }
    }
}

/// The motion options an object names (`skeleton/setMotion`, `initializationOptions`), to apply over others.
package struct MotionChange: Sendable {
    /// Its members.
    package static let members = MotionOptions.fieldNames

    private let values: MotionOptions
    private let named: Set<String>

    /// The motion members of `object`, each checked (a member that is absent or null is left as it was).
    package init(from object: ParamsObject) throws(JSONDecodingError) {
        values = try MotionOptions.decode(object.value)
        named = Self.members.filter { object.optional($0) != nil }
    }

    /// `base` with the members this change names.
    package func applied(to base: MotionOptions) -> MotionOptions {
        var out = base
        if named.contains("gradientSpace") { out.gradientSpace = values.gradientSpace }
        if named.contains("reducedMotion") { out.reducedMotion = values.reducedMotion }
        if named.contains("stopAfter") { out.stopAfter = values.stopAfter }
        return out
    }
}

extension SceneName {
    /// The scene `object` names when it has a `uri` (not null); nil when it names none.
    package init?(ifNamedIn object: ParamsObject) throws(JSONDecodingError) {
        guard object.optional("uri") != nil else { return nil }
        try self.init(from: object)
    }
}

extension SetMotionRequest.Params: EncodableObject {
    /// `motion` for the scene `target` names, or (nil) daemon-wide.
    package init(target: SceneName?, motion: MotionChange) {
        self.target = target
        self.motion = motion
    }

    package var json: JSON {
        var object = target?.object ?? [:]
        for (key, value) in motion.members { object[key] = value }
        return .object(object)
    }
}

extension MotionChange {
    /// The members set (nil: left as they are).
    package init(
        gradientSpace: MotionOptions.GradientSpace? = nil, reducedMotion: MotionOptions.ReducedMotion? = nil,
        stopAfter: Double? = nil
    ) {
        values = MotionOptions(
            gradientSpace: gradientSpace ?? .layer, reducedMotion: reducedMotion ?? .off, stopAfter: stopAfter)
        var named: Set<String> = []
        if gradientSpace != nil { named.insert("gradientSpace") }
        if reducedMotion != nil { named.insert("reducedMotion") }
        if stopAfter != nil { named.insert("stopAfter") }
        self.named = named
    }

    /// The members this change names, with their values.
    package var members: JSONObject {
        var object: JSONObject = [:]
        if named.contains("gradientSpace") { object["gradientSpace"] = .string(values.gradientSpace.rawValue) }
        if named.contains("reducedMotion") { object["reducedMotion"] = .string(values.reducedMotion.rawValue) }
        if named.contains("stopAfter") { object["stopAfter"] = values.stopAfter.map(JSON.double) ?? .null }
        return object
    }
}
