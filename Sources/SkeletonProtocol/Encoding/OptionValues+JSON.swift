package import JSON
package import SkeletonModel

// How the values inside options go on the wire: each written in a form `ValueParsers` reads back as the same value.

extension SkeletonColor {
    /// `{"white", "alpha"}` for a greyscale colour, `#RRGGBBAA` for a static one, else `{"light", "dark"}`.
    ///
    /// - Important: The wire holds 8 bits a channel (but for greyscale): a colour whose channels are not whole
    ///   multiples of 1/255 is sent rounded to them.
    package var json: JSON {
        if isGreyscale, light == dark, light.red == light.green, light.green == light.blue {
            return ["white": .double(light.red), "alpha": .double(light.alpha)]
        }
        if light == dark { return .string(light.hexRGBA) }
        return ["light": .string(light.hexRGBA), "dark": .string(dark.hexRGBA)]
    }
}

extension SkeletonGradient {
    /// `{"colors": [...]}`.
    package var json: JSON { ["colors": .array(colors.map(\.json))] }
}

extension TransitionStyle {
    /// `"none"` or `{"crossDissolve": seconds}`.
    package var json: JSON {
        switch self {
        case .none: "none"
        case .crossDissolve(let seconds): ["crossDissolve": .double(seconds)]
        }
    }
}

extension AnimationSpec {
    /// `"pulse"`, `{"sliding": {direction, duration, autoreverses}}` or `{"custom": …}`.
    package var json: JSON {
        switch self {
        case .pulse: "pulse"
        case .sliding(let direction, let duration, let autoreverses):
            [
                "sliding": [
                    "direction": .string(direction.rawValue), "duration": .double(duration),
                    "autoreverses": .bool(autoreverses),
                ]
            ]
        case .custom(let animation): ["custom": animation.json]
        }
    }
}

extension CustomAnimation {
    /// `{"animations": [track…], "duration", "timingFunction", "autoreverses", "repeatCount"}`.
    package var json: JSON {
        [
            "animations": .array(tracks.map(\.json)), "duration": .double(duration),
            "timingFunction": timingFunction.json, "autoreverses": .bool(autoreverses),
            "repeatCount": repeatCount == .infinity ? "infinity" : .double(repeatCount),
        ]
    }
}

extension AnimationTrack {
    /// `{"property", "from"?, "to"}`.
    package var json: JSON {
        .members(["property": .string(property.rawValue), "from": from?.json, "to": to.json])
    }
}

extension AnimatedValue {
    /// A colour, `"complementary"`, a number or `[x, y]`.
    package var json: JSON {
        switch self {
        case .color(let color): color.json
        case .complementaryColor: "complementary"
        case .number(let number): .double(number)
        case .point(let point): [.double(point.x), .double(point.y)]
        }
    }
}

extension TimingFunction {
    /// Its name, or `[x1, y1, x2, y2]`.
    package var json: JSON {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInEaseOut: "easeInEaseOut"
        case .default: "default"
        case .cubicBezier(let x1, let y1, let x2, let y2): [.double(x1), .double(y1), .double(x2), .double(y2)]
        }
    }
}
