import JSON
import SkeletonModel

/// Interface Builder `<color>` elements → colours.
///
/// - `red`/`green`/`blue`/`alpha` (any RGB colour space: sRGB, calibratedRGB, deviceRGB, displayP3): the
///   components are taken as sRGB, without colour matching.
/// - `white`/`alpha` (calibratedWhite, genericGamma22GrayColorSpace…): a greyscale colour.
/// - `systemColor="…"` / `cocoaTouchSystemColor="…"`: UIKit's system colours, light and dark (`SystemColors`);
///   an unknown system name falls back to the file's `<resources><systemColor>` value.
/// - `name="…"`: an asset catalog colour: the app's colour set (light and dark, from the workspace's
///   `*.colorset/Contents.json`), else the file's `<resources><namedColor>` (the one value Xcode copied there).
struct IBColorResolver: Sendable {
    /// `<resources>` colours: system colour names and asset colour names → their `<color>` element.
    var systemResources: [String: IBElement] = [:]
    var namedResources: [String: IBElement] = [:]
    /// The app's asset catalogue colours by name.
    var assetColors: [String: SkeletonColor] = [:]

    init(resources: IBElement?, assetColors: [String: SkeletonColor] = [:]) {
        self.assetColors = assetColors
        for r in resources?.children ?? [] {
            guard let name = r["name"], let color = r.child("color") else { continue }
            if r.name == "systemColor" { systemResources[name] = color }
            if r.name == "namedColor" { namedResources[name] = color }
        }
    }

    /// The outcome of resolving a colour element.
    enum Resolution {
        case color(SkeletonColor)
        /// Not a colour skeletond can use; the message says why (a warning: the colour is left out).
        case unknown(String)
        /// Malformed numbers (an error).
        case invalid(String)
    }

    /// Resolves `<color …>`; `depth` guards resource lookups that refer to each other.
    func resolve(_ e: IBElement, depth: Int = 0) -> Resolution {
        if let name = e["systemColor"] ?? e["cocoaTouchSystemColor"] {
            if let c = SystemColors.named(name) { return .color(c) }
            if depth < 4, let r = systemResources[name] { return resolve(r, depth: depth + 1) }
            return .unknown("unknown system colour \"\(name)\"")
        }
        if let name = e["name"] {
            if let color = assetColors[name] { return .color(color) }
            if depth < 4, let r = namedResources[name] { return resolve(r, depth: depth + 1) }
            return .unknown(
                "the asset colour \"\(name)\" is neither in the file's resources nor in an asset catalogue of the "
                    + "workspace")
        }
        let alpha = e["alpha"]
        var a = 1.0
        if let alpha {
            guard let v = IBNumbers.finite(alpha) else { return .invalid("alpha \"\(alpha)\" is not a number") }
            a = Self.unit(v)
        }
        if let white = e["white"] {
            guard let w = IBNumbers.finite(white) else { return .invalid("white \"\(white)\" is not a number") }
            return .color(SkeletonColor(white: Self.unit(w), alpha: a))
        }
        if e["red"] != nil || e["green"] != nil || e["blue"] != nil {
            var components: [Double] = []
            for key in ["red", "green", "blue"] {
                let text = e[key] ?? "0"
                guard let v = IBNumbers.finite(text) else { return .invalid("\(key) \"\(text)\" is not a number") }
                components.append(Self.unit(v))
            }
            return .color(SkeletonColor(RGBA(red: components[0], green: components[1], blue: components[2], alpha: a)))
        }
        return .unknown("a colour needs red/green/blue, white, systemColor or name")
    }

    private static func unit(_ d: Double) -> Double { min(max(d, 0), 1) }

    /// A colour in the document format: `{"white", "alpha"}` for greyscale (exact), `#RRGGBBAA` for RGB,
    /// `{"light", "dark"}` for dynamic colours.
    static func json(_ c: SkeletonColor) -> JSON {
        if c.light == c.dark {
            if c.isGreyscale { return ["white": .double(c.light.red), "alpha": .double(c.light.alpha)] }
            return .string(c.light.clamped.hexRGBA)
        }
        return ["light": .string(c.light.clamped.hexRGBA), "dark": .string(c.dark.clamped.hexRGBA)]
    }
}
