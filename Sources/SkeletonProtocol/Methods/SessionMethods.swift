package import JSON
package import SkeletonModel

// The daemon's own methods about the session (`Protocol/clock.md`, `Protocol/base-protocol.md`) and the scene
// queries that take no node (`Protocol/skeleton-methods.md`).

/// `clock/advance`: moves the manual clock forward.
package enum ClockAdvanceRequest: RequestMethod {
    package static let method = "clock/advance"
    /// The clock's time after the move.
    package typealias Result = Double

    package struct Params: ProtocolObject {
        package static let members = MemberRule.closed(["seconds"])

        /// Finite, not negative (how far it may go depends on the clock: checked when it moves).
        package let seconds: Double
        /// The number in the message.
        package let source: JSONValue

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            source = try object.required("seconds")
            seconds = try source.decodeDouble()
            guard seconds >= 0 else {
                throw JSONDecodingError(at: source, "must not be negative: the clock never goes back")
            }
        }
    }
}

/// `clock/set`: moves the manual clock to a time.
package enum ClockSetRequest: RequestMethod {
    package static let method = "clock/set"
    package typealias Result = Double

    package struct Params: ProtocolObject {
        package static let members = MemberRule.closed(["time"])

        /// A time (`SessionTime`; that it is not before now is checked when the clock moves).
        package let time: Double
        /// The number in the message.
        package let source: JSONValue

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            source = try object.required("time")
            time = try SessionTime.decode(source)
        }
    }
}

/// `daemon/status`: what the daemon holds, written straight as bytes (its shape is fixed).
package enum StatusRequest: RequestMethod {
    package static let method = "daemon/status"
    package typealias Params = NoParams
    package typealias Result = EncodedJSON
}

/// `skeleton/layers`: a scene's display list at a time.
package enum LayersRequest: RequestMethod {
    package static let method = "skeleton/layers"
    package typealias Result = LayersResult

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(SceneName.members.adding(["time", "includeContent"]))
        package static let document = DocumentMember.uri

        package let target: SceneName
        /// nil: now.
        package let time: Double?
        package let includeContent: Bool

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            target = try SceneName(from: object)
            time = try object.time()
            includeContent = try object.optionalBool("includeContent") ?? false
        }
    }
}

/// `skeleton/setTraits`: a document's (or one scene's) colour scheme, layout direction and device width overrides.
package enum SetTraitsRequest: RequestMethod {
    package static let method = "skeleton/setTraits"
    package typealias Result = NullResult

    package struct Params: DocumentParams {
        package static let members = MemberRule.closed(
            SceneName.members.adding(["colorScheme", "layoutDirection", "width"]))
        /// The widths a device width may have, in points: the canvas limits (`DocumentLimits.maxCanvasWidth`).
        package static let widthRange: ClosedRange<Double> = 1...16_384
        package static let document = DocumentMember.uri

        package let target: SceneName
        /// Whether the request names a colour scheme (null included: the document's own again).
        package let setsColorScheme: Bool
        package let colorScheme: ColorScheme?
        package let setsLayoutDirection: Bool
        package let layoutDirection: LayoutDirection?
        package let setsWidth: Bool
        /// The device width in points the root view is laid out at (`widthRange`); nil: the document's own.
        package let width: Double?

        package init(from object: ParamsObject) throws(JSONDecodingError) {
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

extension ClockAdvanceRequest.Params: EncodableObject {
    package init(seconds: Double) {
        self.seconds = seconds
        source = .unsent
    }

    package var json: JSON { ["seconds": .double(seconds)] }
}

extension ClockSetRequest.Params: EncodableObject {
    package init(time: Double) {
        self.time = time
        source = .unsent
    }

    package var json: JSON { ["time": .double(time)] }
}

extension LayersRequest.Params: EncodableObject {
    package init(target: SceneName, time: Double? = nil, includeContent: Bool = false) {
        self.target = target
        self.time = time
        self.includeContent = includeContent
    }

    package var json: JSON {
        target.json.adding(["time": time.map(JSON.double), "includeContent": includeContent ? .bool(true) : nil])
    }
}

extension SetTraitsRequest.Params: EncodableObject {
    /// A trait the request sets: to a value, or (nil) back to the document's own.
    package enum Change<Value: Sendable>: Sendable {
        case keep
        case set(Value?)
    }

    package init(
        target: SceneName, colorScheme: Change<ColorScheme> = .keep, layoutDirection: Change<LayoutDirection> = .keep,
        width: Change<Double> = .keep
    ) {
        self.target = target
        setsColorScheme = colorScheme.sets
        self.colorScheme = colorScheme.value
        setsLayoutDirection = layoutDirection.sets
        self.layoutDirection = layoutDirection.value
        setsWidth = width.sets
        self.width = width.value
    }

    package var json: JSON {
        func member(_ sets: Bool, _ value: JSON?) -> JSON? { sets ? value ?? .null : nil }
        return target.json.adding([
            "colorScheme": member(setsColorScheme, colorScheme.map { .string($0.rawValue) }),
            "layoutDirection": member(setsLayoutDirection, layoutDirection.map { .string($0.rawValue) }),
            "width": member(setsWidth, width.map(JSON.double)),
        ])
    }
}

extension SetTraitsRequest.Params.Change {
    fileprivate var sets: Bool {
        if case .set = self { true } else { false }
    }

    fileprivate var value: Value? {
        if case .set(let value) = self { value } else { nil }
    }
}
