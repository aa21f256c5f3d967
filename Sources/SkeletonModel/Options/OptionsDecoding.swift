package import JSON

/// Decoders for the options of a show, an update, a hide and an animation (SkeletonView's arguments).
/// Errors carry the JSON Pointer of the offending member (from its document's root, e.g. `/params/delay`).
/// `decode(fields:)` reads the options' own members of an object and passes over any other: which other members
/// the object may have is its caller's to say (the protocol's params types, `SkeletonProtocol`, refuse the rest).
extension ShowOptions {
    /// The members this decoder accepts.
    package static let fieldNames: Set<String> = [
        "type", "color", "gradient", "animated", "animation", "delay", "transition", "minimumDuration",
        "assumeSkeletonable",
    ]

    /// Decodes the options' members of `params` (an object), passing over any other member.
    package static func decode(fields params: JSONValue) throws(JSONDecodingError) -> ShowOptions {
        let f = try OptionFields(params)
        var o = ShowOptions()
        if let t = try f.parse("type", { v throws(ValueFailure) in try ValueParsers.enumeration(v, SkeletonType.self) })
        {
            o.type = t
        }
        o.color = try f.parse("color", ValueParsers.color)
        o.gradient = try f.parse("gradient", ValueParsers.gradient)
        o.animated = try f.parse("animated", ValueParsers.bool)
        o.animation = try f.parse("animation", ValueParsers.animation)
        o.delay = try f.parse("delay", ValueParsers.seconds)
        if let t = try f.parse("transition", ValueParsers.transition) { o.transition = t }
        o.minimumDuration = try f.parse("minimumDuration", ValueParsers.seconds)
        if let a = try f.parse("assumeSkeletonable", ValueParsers.bool) { o.assumeSkeletonable = a }
        return o
    }
}

extension UpdateOptions {
    /// The members this decoder accepts.
    package static let fieldNames: Set<String> = ["type", "color", "gradient", "animated", "animation"]

    /// Decodes the options' members of `params` (an object), passing over any other member.
    package static func decode(fields params: JSONValue) throws(JSONDecodingError) -> UpdateOptions {
        let f = try OptionFields(params)
        var o = UpdateOptions()
        if let t = try f.parse("type", { v throws(ValueFailure) in try ValueParsers.enumeration(v, SkeletonType.self) })
        {
            o.type = t
        }
        o.color = try f.parse("color", ValueParsers.color)
        o.gradient = try f.parse("gradient", ValueParsers.gradient)
        if let a = try f.parse("animated", ValueParsers.bool) { o.animated = a }
        o.animation = try f.parse("animation", ValueParsers.animation)
        return o
    }
}

extension HideOptions {
    /// The members this decoder accepts.
    package static let fieldNames: Set<String> = ["transition", "reloadDataAfter"]

    /// Decodes the options' members of `params` (an object), passing over any other member.
    package static func decode(fields params: JSONValue) throws(JSONDecodingError) -> HideOptions {
        let f = try OptionFields(params)
        var o = HideOptions()
        if let t = try f.parse("transition", ValueParsers.transition) { o.transition = t }
        if let r = try f.parse("reloadDataAfter", ValueParsers.bool) { o.reloadDataAfter = r }
        return o
    }
}

extension AnimationSpec {
    /// An animation value on its own (`skeleton/startAnimation`'s `animation`).
    package static func decode(_ v: JSONValue) throws(JSONDecodingError) -> AnimationSpec {
        do { return try ValueParsers.animation(v) } catch { throw error.decodingError(at: v) }
    }
}

/// Reads the members of an options object.
private struct OptionFields {
    let object: JSONValue

    init(_ object: JSONValue) throws(JSONDecodingError) {
        guard object.kind == .object else { throw object.mismatch("an object") }
        self.object = object
    }

    func parse<T>(_ key: String, _ parser: (JSONValue) throws(ValueFailure) -> T) throws(JSONDecodingError) -> T? {
        guard let v = object.optionalMember(key) else { return nil }
        do { return try parser(v) } catch { throw error.decodingError(at: v) }
    }
}

extension ValueParsers {
    /// `"none"`, `{"crossDissolve": seconds}`, `"crossDissolve"` (0.25 s) or a number of seconds.
    package static func transition(_ v: JSONValue) throws(ValueFailure) -> TransitionStyle {
        if let s = v.string {
            switch s {
            case "none": return TransitionStyle.none
            case "crossDissolve": return .default
            default: throw ValueFailure("must be \"none\", {\"crossDissolve\": seconds} or a number of seconds")
            }
        }
        if let d = v["crossDissolve"] {
            do { return .crossDissolve(try seconds(d)) } catch { throw error.under(.key("crossDissolve")) }
        }
        guard v.double != nil else {
            throw ValueFailure("must be \"none\", {\"crossDissolve\": seconds} or a number of seconds")
        }
        return .crossDissolve(try seconds(v))
    }

    /// `"pulse"`, `{"sliding": {direction, duration?, autoreverses?}}` or `{"custom": descriptor}`.
    package static func animation(_ v: JSONValue) throws(ValueFailure) -> AnimationSpec {
        if let s = v.string {
            if s == "pulse" { return .pulse }
            if let d = GradientDirection(rawValue: s) { return .sliding(direction: d) }
            throw ValueFailure("must be \"pulse\", a sliding direction, {\"sliding\": …} or {\"custom\": …}")
        }
        guard v.kind == .object else { throw ValueFailure("must be \"pulse\", {\"sliding\": …} or {\"custom\": …}") }
        if let s = v["sliding"] {
            do { return try sliding(s) } catch { throw error.under(.key("sliding")) }
        }
        if let c = v["custom"] {
            do { return .custom(try customAnimation(c)) } catch { throw error.under(.key("custom")) }
        }
        throw ValueFailure("must be \"pulse\", {\"sliding\": …} or {\"custom\": …}")
    }

    private static func sliding(_ v: JSONValue) throws(ValueFailure) -> AnimationSpec {
        guard v.kind == .object else {
            throw ValueFailure("must be {\"direction\": …, \"duration\"?: s, \"autoreverses\"?: b}")
        }
        guard let dv = v["direction"] else {
            throw ValueFailure(.missingField, "needs a \"direction\"", at: [.key("direction")])
        }
        let direction: GradientDirection
        let duration: Double
        let autoreverses: Bool
        do { direction = try enumeration(dv, GradientDirection.self) } catch { throw error.under(.key("direction")) }
        do { duration = try v["duration"].map { v throws(ValueFailure) in try cycle(v) } ?? 1.5 } catch {
            throw error.under(.key("duration"))
        }
        do { autoreverses = try v["autoreverses"].map { v throws(ValueFailure) in try bool(v) } ?? false } catch {
            throw error.under(.key("autoreverses"))
        }
        return .sliding(direction: direction, duration: duration, autoreverses: autoreverses)
    }

    /// A repeat count: a number from 0 (exclusive) to `maxSeconds` ("infinity" is read by the caller).
    static func repeatCount(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try positive(v)
        guard d <= maxSeconds else { throw ValueFailure("must be at most \(Int(maxSeconds)), or \"infinity\"") }
        return d
    }

    /// A finite number > 0.
    package static func positive(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try number(v)
        guard d > 0 else { throw ValueFailure("must be greater than 0") }
        return d
    }

    /// `{"animations": [track...] | one track's members inline, "duration", "timingFunction"?, "autoreverses"?, "repeatCount"?}`;
    /// a track is `{"property", "from"?, "to"}`.
    package static func customAnimation(_ v: JSONValue) throws(ValueFailure) -> CustomAnimation {
        guard v.kind == .object else { throw ValueFailure("a custom animation must be an object") }
        var tracks: [AnimationTrack] = []
        if let list = v["animations"] {
            guard list.kind == .array, list.count > 0 else {
                throw ValueFailure("must be a non-empty array of tracks", at: [.key("animations")])
            }
            for i in 0..<list.count {
                guard let t = list[i] else { continue }
                do { tracks.append(try track(t)) } catch { throw error.under(.index(i)).under(.key("animations")) }
            }
        } else {
            tracks = [try track(v)]
        }
        guard let dv = v["duration"] else {
            throw ValueFailure(.missingField, "needs a \"duration\"", at: [.key("duration")])
        }
        var a = CustomAnimation(tracks: tracks, duration: 1)
        do { a.duration = try cycle(dv) } catch { throw error.under(.key("duration")) }
        if let tf = v["timingFunction"], !tf.isNull {
            do { a.timingFunction = try timingFunction(tf) } catch { throw error.under(.key("timingFunction")) }
        }
        if let ar = v["autoreverses"], !ar.isNull {
            do { a.autoreverses = try bool(ar) } catch { throw error.under(.key("autoreverses")) }
        }
        if let rc = v["repeatCount"], !rc.isNull {
            if rc.string == "infinity" {
                a.repeatCount = .infinity
            } else {
                do { a.repeatCount = try repeatCount(rc) } catch { throw error.under(.key("repeatCount")) }
            }
        }
        return a
    }

    private static func track(_ v: JSONValue) throws(ValueFailure) -> AnimationTrack {
        guard let pv = v["property"] else {
            throw ValueFailure(.missingField, "needs a \"property\"", at: [.key("property")])
        }
        let property: AnimatedProperty
        do { property = try enumeration(pv, AnimatedProperty.self) } catch { throw error.under(.key("property")) }
        guard let tv = v["to"] else { throw ValueFailure(.missingField, "needs a \"to\" value", at: [.key("to")]) }
        var from: AnimatedValue?
        if let fv = v["from"], !fv.isNull {
            do { from = try animatedValue(fv, for: property) } catch { throw error.under(.key("from")) }
        }
        let to: AnimatedValue
        do { to = try animatedValue(tv, for: property) } catch { throw error.under(.key("to")) }
        return AnimationTrack(property: property, from: from, to: to)
    }

    private static func animatedValue(_ v: JSONValue, for property: AnimatedProperty) throws(ValueFailure)
        -> AnimatedValue
    {
        switch property {
        case .backgroundColor:
            if v.string == "complementary" { return .complementaryColor }
            return .color(try color(v))
        case .opacity:
            return .number(try unit(v))
        case .startPoint, .endPoint:
            guard v.kind == .array, v.count == 2, let x = v[0], let y = v[1] else {
                throw ValueFailure("must be [x, y] in unit coordinates")
            }
            do { return .point(Point(x: try number(x), y: try number(y))) } catch {
                throw ValueFailure(error.code, error.message)
            }
        }
    }

    /// `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInEaseOut"`, `"default"`, `[x1, y1, x2, y2]` or `{"cubicBezier": [...]}`.
    package static func timingFunction(_ v: JSONValue) throws(ValueFailure) -> TimingFunction {
        if let s = v.string {
            switch s {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInEaseOut": return .easeInEaseOut
            case "default": return .default
            default: throw ValueFailure("must be linear, easeIn, easeOut, easeInEaseOut, default or [x1, y1, x2, y2]")
            }
        }
        let points = v["cubicBezier"] ?? v
        guard points.kind == .array, points.count == 4 else {
            throw ValueFailure("a cubic Bézier needs [x1, y1, x2, y2]")
        }
        var n: [Double] = []
        for i in 0..<4 {
            guard let e = points[i] else { continue }
            do { n.append(try number(e)) } catch { throw error.under(.index(i)) }
        }
        guard n.count == 4, (0...1).contains(n[0]), (0...1).contains(n[2]) else {
            throw ValueFailure("x1 and x2 must be between 0 and 1")
        }
        return .cubicBezier(n[0], n[1], n[2], n[3])
    }
}
