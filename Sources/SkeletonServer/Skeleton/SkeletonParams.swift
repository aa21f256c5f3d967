import JSON
import SkeletonGraphics
import SkeletonModel

/// Decodes the params of `skeleton/*` requests into the engine's option values. Every refusal is a
/// `JSONDecodingError` naming the bad value, so the client gets -32602 with its JSON Pointer.
enum SkeletonParams {
    /// `node`: an id or an index path (`"0.2.1"`); nil means the root.
    static func node(_ params: JSONValue) throws(JSONDecodingError) -> String? {
        try params.optionalString("node")
    }

    static func show(_ params: JSONValue) throws(JSONDecodingError) -> ShowOptions {
        var options = ShowOptions()
        if let type = params.optionalMember("type") { options.type = try type.decodeEnum(SkeletonType.self) }
        options.color = try color(params, "color")
        options.gradient = try gradient(params, "gradient")
        options.animated = try params.optionalBool("animated")
        if let animation = params.optionalMember("animation") { options.animation = try self.animation(animation) }
        options.delay = try nonNegative(params, "delay")
        if let transition = params.optionalMember("transition") { options.transition = try self.transition(transition) }
        options.minimumDuration = try nonNegative(params, "minimumDuration")
        return options
    }

    static func update(_ params: JSONValue) throws(JSONDecodingError) -> UpdateOptions {
        var options = UpdateOptions()
        if let type = params.optionalMember("type") { options.type = try type.decodeEnum(SkeletonType.self) }
        options.color = try color(params, "color")
        options.gradient = try gradient(params, "gradient")
        options.animated = try params.optionalBool("animated") ?? false
        if let animation = params.optionalMember("animation") { options.animation = try self.animation(animation) }
        return options
    }

    static func hide(_ params: JSONValue) throws(JSONDecodingError) -> HideOptions {
        var options = HideOptions()
        if let transition = params.optionalMember("transition") { options.transition = try self.transition(transition) }
        options.reloadDataAfter = try params.optionalBool("reloadDataAfter") ?? true
        return options
    }

    /// `"none"` or `{"crossDissolve": seconds}` (seconds ≥ 0; `"crossDissolve"` alone means 0.25 s).
    static func transition(_ value: JSONValue) throws(JSONDecodingError) -> TransitionStyle {
        if let name = value.string {
            switch name {
            case "none": return .none
            case "crossDissolve": return .default
            default: throw JSONDecodingError(at: value, "must be \"none\", \"crossDissolve\" or {\"crossDissolve\": seconds}")
            }
        }
        guard value.kind == .object, let seconds = value["crossDissolve"] else {
            throw JSONDecodingError(at: value, "must be \"none\", \"crossDissolve\" or {\"crossDissolve\": seconds}")
        }
        let duration = try seconds.decodeDouble()
        guard duration >= 0 else { throw JSONDecodingError(at: seconds, "must not be negative") }
        return .crossDissolve(duration)
    }

    /// `"pulse"`, `{"sliding": {direction, duration?, autoreverses?}}` or `{"custom": {tracks, duration, …}}`.
    static func animation(_ value: JSONValue) throws(JSONDecodingError) -> AnimationSpec {
        if let name = value.string {
            guard name == "pulse" else { throw JSONDecodingError(at: value, "must be \"pulse\", {\"sliding\": …} or {\"custom\": …}") }
            return .pulse
        }
        if let sliding = value.optionalMember("sliding") {
            let direction = try sliding.member("direction").decodeEnum(GradientDirection.self)
            let duration = try positive(sliding, "duration") ?? 1.5
            let autoreverses = try sliding.optionalBool("autoreverses") ?? false
            return .sliding(direction: direction, duration: duration, autoreverses: autoreverses)
        }
        if let custom = value.optionalMember("custom") { return .custom(try self.custom(custom)) }
        throw JSONDecodingError(at: value, "must be \"pulse\", {\"sliding\": …} or {\"custom\": …}")
    }

    /// A declarative `SkeletonLayerAnimation`: `{tracks: [{property, from?, to}], duration, timingFunction?,
    /// autoreverses?, repeatCount?}`, or a single track's members inline (`{property, from?, to, duration, …}`).
    static func custom(_ value: JSONValue) throws(JSONDecodingError) -> CustomAnimation {
        _ = try value.decodeObject()
        var tracks: [AnimationTrack] = []
        if let list = value.optionalMember("tracks") {
            let elements = try list.decodeArray()
            guard !elements.isEmpty else { throw JSONDecodingError(at: list, "must list at least one track") }
            for element in elements { tracks.append(try track(element)) }
        } else {
            tracks = [try track(value)]
        }
        guard let duration = try positive(value, "duration") else {
            throw JSONDecodingError(pointer: value.pointerFromRoot.appending("duration"), message: "is required")
        }
        var timing = TimingFunction.default
        if let function = value.optionalMember("timingFunction") { timing = try timingFunction(function) }
        let autoreverses = try value.optionalBool("autoreverses") ?? false
        var repeatCount = Double.infinity
        if let count = value.optionalMember("repeatCount") {
            if count.string == "infinity" {
                repeatCount = .infinity
            } else {
                repeatCount = try count.decodeDouble()
                guard repeatCount > 0 else { throw JSONDecodingError(at: count, "must be positive, or \"infinity\"") }
            }
        }
        return CustomAnimation(
            tracks: tracks, duration: duration, timingFunction: timing, autoreverses: autoreverses, repeatCount: repeatCount)
    }

    static func track(_ value: JSONValue) throws(JSONDecodingError) -> AnimationTrack {
        let property = try value.member("property").decodeEnum(AnimatedProperty.self)
        var from: AnimatedValue?
        if let value = value.optionalMember("from") { from = try animatedValue(value, for: property) }
        let to = try animatedValue(try value.member("to"), for: property)
        return AnimationTrack(property: property, from: from, to: to)
    }

    /// Colours for `backgroundColor` (or `"complementary"`), numbers in 0...1 for `opacity`, `[x, y]` for points.
    static func animatedValue(_ value: JSONValue, for property: AnimatedProperty) throws(JSONDecodingError) -> AnimatedValue {
        switch property {
        case .backgroundColor:
            if value.string == "complementary" { return .complementaryColor }
            do { return .color(try ValueParsers.color(value)) } catch { throw error.decodingError(at: value) }
        case .opacity:
            let number = try value.decodeDouble()
            guard (0...1).contains(number) else { throw JSONDecodingError(at: value, "must be between 0 and 1") }
            return .number(number)
        case .startPoint, .endPoint:
            let pair = try value.decodeArray()
            guard pair.count == 2 else { throw JSONDecodingError(at: value, "must be [x, y] in unit coordinates") }
            return .point(Point(x: try pair[0].decodeDouble(), y: try pair[1].decodeDouble()))
        }
    }

    /// `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInEaseOut"`, `"default"` or `{"cubicBezier": [x1, y1, x2, y2]}`.
    static func timingFunction(_ value: JSONValue) throws(JSONDecodingError) -> TimingFunction {
        if let name = value.string {
            switch name {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            default: throw JSONDecodingError(at: value, "unknown timing function \"\(name)\"")
            }
        }
        guard let points = value.optionalMember("cubicBezier") else {
            throw JSONDecodingError(at: value, "must be a timing function name or {\"cubicBezier\": [x1, y1, x2, y2]}")
        }
        let numbers = try points.decodeArray()
        guard numbers.count == 4 else { throw JSONDecodingError(at: points, "must be four numbers") }
        var c: [Double] = []
        for n in numbers { c.append(try n.decodeDouble()) }
        guard (0...1).contains(c[0]), (0...1).contains(c[2]) else {
            throw JSONDecodingError(at: points, "x1 and x2 must be between 0 and 1")
        }
        return .cubicBezier(c[0], c[1], c[2], c[3])
    }

    static func color(_ params: JSONValue, _ key: String) throws(JSONDecodingError) -> SkeletonColor? {
        guard let value = params.optionalMember(key) else { return nil }
        do { return try ValueParsers.color(value) } catch { throw error.decodingError(at: value) }
    }

    static func gradient(_ params: JSONValue, _ key: String) throws(JSONDecodingError) -> SkeletonGradient? {
        guard let value = params.optionalMember(key) else { return nil }
        do { return try ValueParsers.gradient(value) } catch { throw error.decodingError(at: value) }
    }

    static func nonNegative(_ params: JSONValue, _ key: String) throws(JSONDecodingError) -> Double? {
        guard let value = params.optionalMember(key) else { return nil }
        let number = try value.decodeDouble()
        guard number >= 0 else { throw JSONDecodingError(at: value, "must not be negative") }
        return number
    }

    static func positive(_ params: JSONValue, _ key: String) throws(JSONDecodingError) -> Double? {
        guard let value = params.optionalMember(key) else { return nil }
        let number = try value.decodeDouble()
        guard number > 0 else { throw JSONDecodingError(at: value, "must be positive") }
        return number
    }
}
