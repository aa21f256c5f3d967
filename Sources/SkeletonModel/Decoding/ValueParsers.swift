package import JSON

/// A step below a value, for locating a failure inside it.
package enum PathToken: Sendable, Hashable {
    case key(String)
    case index(Int)

    var string: String {
        switch self {
        case .key(let k): k
        case .index(let i): String(i)
        }
    }
}

/// Why a value was refused: a code, words, and where inside the value (empty: the value itself).
package struct ValueFailure: Error, Sendable, Hashable {
    /// The stable problem code.
    package var code: ProblemCode
    /// What is wrong, in words.
    package var message: String
    /// Where inside the value (empty: the value itself).
    package var subpath: [PathToken]

    package init(_ code: ProblemCode, _ message: String, at subpath: [PathToken] = []) {
        self.code = code
        self.message = message
        self.subpath = subpath
    }

    /// An `invalid-value` failure.
    package init(_ message: String, at subpath: [PathToken] = []) {
        self.init(.invalidValue, message, at: subpath)
    }

    /// The same failure one level further out.
    func under(_ token: PathToken) -> ValueFailure {
        ValueFailure(code, message, at: [token] + subpath)
    }

    /// As a `JSONDecodingError` about `value` (computes the pointer: error paths only).
    package func decodingError(at value: JSONValue) -> JSONDecodingError {
        var pointer = value.pointerFromRoot
        for t in subpath { pointer = pointer.appending(t.string) }
        return JSONDecodingError(pointer: pointer, message: message)
    }
}

/// Parsers for the format's compound values, shared by documents, appearance and options.
/// They never compute pointers; callers locate failures.
package enum ValueParsers {
    /// A finite number.
    package static func number(_ v: JSONValue) throws(ValueFailure) -> Double {
        guard let d = v.double else { throw ValueFailure("must be a number, not \(v.kind)") }
        guard d.isFinite else { throw ValueFailure("must be a finite number") }
        return d
    }

    /// A finite number >= 0.
    package static func nonNegative(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try number(v)
        guard d >= 0 else { throw ValueFailure("must not be negative") }
        return d
    }

    /// The longest time a document or request may name, in seconds (about 31.7 years): the session clock's whole
    /// range, so a time plus a delay or a duration stays finite and converts exactly to frames and phases.
    package static let maxSeconds: Double = 1_000_000_000

    /// The shortest animation cycle, in seconds: one millisecond, so a phase (time ÷ duration) stays finite.
    package static let minimumCycle: Double = 0.001

    /// The largest length a request's appearance may name, in points: the largest canvas side.
    package static let maxLength: Double = 16_384

    /// A number of seconds from 0 to `maxSeconds` (delays, minimum durations, transitions).
    package static func seconds(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try nonNegative(v)
        guard d <= maxSeconds else { throw ValueFailure("must be at most \(Int(maxSeconds)) seconds") }
        return d
    }

    /// An animation's cycle in seconds: from `minimumCycle` to `maxSeconds`.
    package static func cycle(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try number(v)
        guard d >= minimumCycle, d <= maxSeconds else {
            throw ValueFailure("must be from \(minimumCycle) to \(Int(maxSeconds)) seconds")
        }
        return d
    }

    /// A length in points whose magnitude is at most `maxLength`.
    package static func length(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try number(v)
        guard abs(d) <= maxLength else { throw ValueFailure("must be from -\(Int(maxLength)) to \(Int(maxLength))") }
        return d
    }

    /// A length in points from 0 to `maxLength`.
    package static func nonNegativeLength(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try nonNegative(v)
        guard d <= maxLength else { throw ValueFailure("must be at most \(Int(maxLength))") }
        return d
    }

    /// An integer length in points whose magnitude is at most `maxLength`.
    package static func integerLength(_ v: JSONValue) throws(ValueFailure) -> Int {
        let i = try integer(v)
        guard i.magnitude <= UInt(maxLength) else {
            throw ValueFailure("must be from -\(Int(maxLength)) to \(Int(maxLength))")
        }
        return i
    }

    /// An integer (`3.0` accepted).
    package static func integer(_ v: JSONValue) throws(ValueFailure) -> Int {
        if let i = v.int { return i }
        if let d = v.double, d == d.rounded(), abs(d) < 9_007_199_254_740_992 { return Int(d) }
        throw ValueFailure("must be an integer, not \(v.kind)")
    }

    /// A boolean.
    package static func bool(_ v: JSONValue) throws(ValueFailure) -> Bool {
        guard let b = v.bool else { throw ValueFailure("must be a boolean, not \(v.kind)") }
        return b
    }

    /// A string.
    package static func string(_ v: JSONValue) throws(ValueFailure) -> String {
        guard let s = v.string else { throw ValueFailure("must be a string, not \(v.kind)") }
        return s
    }

    /// One of `T`'s raw values.
    package static func enumeration<T: RawRepresentable & CaseIterable>(_ v: JSONValue, _: T.Type) throws(ValueFailure)
        -> T
    where T.RawValue == String {
        let s = try string(v)
        guard let value = T(rawValue: s) else {
            let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ValueFailure("must be one of \(allowed), not \"\(s)\"")
        }
        return value
    }

    /// `#RRGGBB`, `#RRGGBBAA`, a colour name, `{"light": c, "dark": c}` or `{"white": w, "alpha": a}`.
    package static func color(_ v: JSONValue) throws(ValueFailure) -> SkeletonColor {
        if let s = v.string {
            if let c = SkeletonColor(parsing: s) { return c }
            if s.utf8.first == UInt8(ascii: "#") {
                throw ValueFailure(.unknownColor, "\"\(s)\" is not a #RRGGBB or #RRGGBBAA colour")
            }
            throw ValueFailure(
                .unknownColor,
                "unknown colour name \"\(s)\" (use #RRGGBB, #RRGGBBAA, skeletonDefault or a flat colour name)")
        }
        guard v.kind == .object else { throw ValueFailure("must be a colour string or object, not \(v.kind)") }
        if let light = v[.color.light] {
            guard let dark = v[.color.dark] else {
                throw ValueFailure(.missingField, "a dynamic colour needs \"dark\" too", at: [.key(.color.dark)])
            }
            let l: SkeletonColor
            let d: SkeletonColor
            do { l = try color(light) } catch { throw error.under(.key(.color.light)) }
            do { d = try color(dark) } catch { throw error.under(.key(.color.dark)) }
            return SkeletonColor(light: l.light, dark: d.dark)
        }
        if let white = v["white"] {
            let w: Double
            let a: Double
            do { w = try unit(white) } catch { throw error.under(.key("white")) }
            if let alpha = v["alpha"] {
                do { a = try unit(alpha) } catch { throw error.under(.key("alpha")) }
            } else {
                a = 1
            }
            return SkeletonColor(white: w, alpha: a)
        }
        throw ValueFailure("a colour object needs \"light\" and \"dark\", or \"white\"")
    }

    /// A number in 0...1.
    package static func unit(_ v: JSONValue) throws(ValueFailure) -> Double {
        let d = try number(v)
        guard d >= 0, d <= 1 else { throw ValueFailure("must be between 0 and 1") }
        return d
    }

    /// `[top, left, bottom, right]` or `{top, left, bottom, right}` (missing members are 0).
    package static func insets(_ v: JSONValue) throws(ValueFailure) -> EdgeInsets {
        if v.kind == .array {
            guard v.count == 4 else { throw ValueFailure("must have 4 numbers: top, left, bottom, right") }
            var n = [Double](repeating: 0, count: 4)
            for i in 0..<4 {
                guard let e = v[i] else { continue }
                do { n[i] = try number(e) } catch { throw error.under(.index(i)) }
            }
            return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
        }
        guard v.kind == .object else { throw ValueFailure("must be [top, left, bottom, right] or an object") }
        var out = EdgeInsets()
        for key in ["top", "left", "bottom", "right"] {
            guard let e = v[key] else { continue }
            let d: Double
            do { d = try number(e) } catch { throw error.under(.key(key)) }
            switch key {
            case "top": out.top = d
            case "left": out.left = d
            case "bottom": out.bottom = d
            default: out.right = d
            }
        }
        return out
    }

    /// `[width, height]`, both finite and >= 0.
    package static func size(_ v: JSONValue) throws(ValueFailure) -> Size {
        guard v.kind == .array, v.count == 2, let w = v[0], let h = v[1] else {
            throw ValueFailure("must be [width, height]")
        }
        let width: Double
        let height: Double
        do { width = try nonNegative(w) } catch { throw error.under(.index(0)) }
        do { height = try nonNegative(h) } catch { throw error.under(.index(1)) }
        return Size(width: width, height: height)
    }

    /// `"relativeToFont"`, `"relativeToConstraints"`, a number or `{"fixed": n}`.
    package static func textLineHeight(_ v: JSONValue) throws(ValueFailure) -> TextLineHeight {
        if let s = v.string {
            switch s {
            case "relativeToFont": return .relativeToFont
            case "relativeToConstraints": return .relativeToConstraints
            default:
                throw ValueFailure("must be \"relativeToFont\", \"relativeToConstraints\", a number or {\"fixed\": n}")
            }
        }
        if let fixed = v["fixed"] {
            do { return .fixed(try nonNegativeLength(fixed)) } catch { throw error.under(.key("fixed")) }
        }
        guard v.double != nil else {
            throw ValueFailure("must be \"relativeToFont\", \"relativeToConstraints\", a number or {\"fixed\": n}")
        }
        return .fixed(try nonNegativeLength(v))
    }

    /// `"inherited"`, an integer or `{"custom": n}`.
    package static func textNumberOfLines(_ v: JSONValue) throws(ValueFailure) -> TextNumberOfLines {
        if let s = v.string {
            guard s == "inherited" else { throw ValueFailure("must be \"inherited\" or an integer") }
            return .inherited
        }
        if let custom = v["custom"] {
            do { return .custom(try integer(custom)) } catch { throw error.under(.key("custom")) }
        }
        return .custom(try integer(v))
    }

    /// `"automatic"` or a number.
    package static func rowHeight(_ v: JSONValue) throws(ValueFailure) -> RowHeight {
        if let s = v.string {
            guard s == "automatic" else { throw ValueFailure("must be a number or \"automatic\"") }
            return .automatic
        }
        return .points(try number(v))
    }

    /// `"automatic"` or an integer >= 0.
    package static func itemCount(_ v: JSONValue) throws(ValueFailure) -> ItemCount {
        if let s = v.string {
            guard s == "automatic" else { throw ValueFailure("must be an integer or \"automatic\"") }
            return .automatic
        }
        let n = try integer(v)
        if n == -1 { return .automatic }
        guard n >= 0 else { throw ValueFailure("must not be negative (-1 means automatic)") }
        return .fixed(n)
    }
}
