import Foundation
import JSON
import SkeletonGraphics
package import SkeletonModel

/// A named colour of an asset catalogue: `Name.colorset/Contents.json` → its light and dark appearances
/// (`Protocol/interface-builder.md`, "Named colours").
///
/// - Of the `colors` entries, the universal idiom's (else the iPhone's) without a high-contrast appearance: the one
///   without `appearances` (or `luminosity` `light`) is light (and `any`), `luminosity` `dark` is dark; a set with
///   no dark entry is the same in both schemes.
/// - `components` in Xcode's three forms: a float from 0 to 1 (`"0.500"`, `0.5`), an integer from 0 to 255
///   (`"128"`, `128`), a hex byte (`"0x80"`); `white` for the grey colour spaces.
/// - `display-p3` (and `extended-…`) components are converted to sRGB (gamma-encoded, through linear light), then
///   clamped; `srgb` and the rest are taken as they are.
package enum AssetColorSet {
    /// The most bytes a `Contents.json` is read from (a colour set is a few hundred).
    package static let maxBytes = 64 << 10

    /// The colour a colour set's `Contents.json` defines, or why it defines none.
    package static func decode(_ bytes: [UInt8]) -> Result<SkeletonColor, ColorSetError> {
        guard bytes.count <= maxBytes else { return .failure(ColorSetError("over \(maxBytes) bytes")) }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, limits: JSONLimits(maxBytes: maxBytes, maxDepth: 16))
        } catch {
            return .failure(ColorSetError("not JSON: \(error.message)"))
        }
        guard let colors = document.value["colors"], colors.kind == .array else {
            return .failure(ColorSetError("no \"colors\" array"))
        }
        var light: (rank: Int, color: RGBA)?
        var dark: (rank: Int, color: RGBA)?
        for entry in colors.elements {
            let idiom = entry["idiom"]?.string ?? "universal"
            let rank = idiom == "universal" ? 0 : idiom == "iphone" ? 1 : -1
            guard rank >= 0, let color = entry["color"] else { continue }
            var scheme = ColorScheme.light
            var skipped = false
            for appearance in entry["appearances"]?.elements ?? [] {
                switch (appearance["appearance"]?.string, appearance["value"]?.string) {
                case ("luminosity", "dark"): scheme = .dark
                case ("luminosity", _): scheme = .light
                default: skipped = true  // contrast: high
                }
            }
            guard !skipped else { continue }
            let rgba: RGBA
            switch self.color(color) {
            case .success(let value): rgba = value
            case .failure(let error): return .failure(error)
            }
            if scheme == .dark {
                if dark.map({ rank < $0.rank }) ?? true { dark = (rank, rgba) }
            } else if light.map({ rank < $0.rank }) ?? true {
                light = (rank, rgba)
            }
        }
        guard let any = light?.color ?? dark?.color else {
            return .failure(ColorSetError("no colour for iPhone"))
        }
        return .success(SkeletonColor(light: any, dark: dark?.color ?? any))
    }

    /// A colour as `skeleton/workspace` lists it: `{"light": "#RRGGBBAA", "dark": "#RRGGBBAA"}`.
    static func json(_ color: SkeletonColor) -> JSON {
        ["light": .string(color.light.clamped.hexRGBA), "dark": .string(color.dark.clamped.hexRGBA)]
    }

    /// One `color` object: `{"color-space", "components"}`.
    static func color(_ value: JSONValue) -> Result<RGBA, ColorSetError> {
        guard let components = value["components"], components.kind == .object else {
            return .failure(ColorSetError("a colour without \"components\""))
        }
        func component(_ key: String, default fallback: Double? = nil) -> Result<Double, ColorSetError> {
            guard let item = components[key] else {
                guard let fallback else { return .failure(ColorSetError("no \"\(key)\" component")) }
                return .success(fallback)
            }
            guard let number = self.component(item) else {
                return .failure(ColorSetError("component \"\(key)\" is not a number: \(item.json.text)"))
            }
            return .success(number)
        }
        let space = value["color-space"]?.string ?? "srgb"
        do {
            let alpha = try component("alpha", default: 1).get()
            if components["white"] != nil {
                let white = try component("white").get()
                return .success(RGBA(red: white, green: white, blue: white, alpha: unit(alpha)))
            }
            var rgb = (try component("red").get(), try component("green").get(), try component("blue").get())
            if space.contains("display-p3") { rgb = displayP3ToSRGB(rgb) }
            return .success(RGBA(red: unit(rgb.0), green: unit(rgb.1), blue: unit(rgb.2), alpha: unit(alpha)))
        } catch {
            return .failure(error)
        }
    }

    /// A component in one of Xcode's forms, from 0 to 1 (nil: not a number).
    static func component(_ value: JSONValue) -> Double? {
        if value.kind == .real { return value.double.flatMap { $0.isFinite ? $0 : nil } }
        if value.kind == .integer { return value.int.flatMap { $0 >= 0 && $0 <= 255 ? Double($0) / 255 : nil } }
        guard let text = value.string?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            guard let byte = UInt32(text.dropFirst(2), radix: 16), byte <= 255 else { return nil }
            return Double(byte) / 255
        }
        if text.contains(".") || text.contains("e") || text.contains("E") {
            guard let d = Double(text), d.isFinite else { return nil }
            return d
        }
        guard let integer = Int(text), integer >= 0, integer <= 255 else { return nil }
        return Double(integer) / 255
    }

    private static func unit(_ d: Double) -> Double { min(max(d, 0), 1) }

    /// Display P3 → sRGB: both use the sRGB transfer function; the primaries change through linear light.
    static func displayP3ToSRGB(_ p3: (Double, Double, Double)) -> (Double, Double, Double) {
        func linear(_ c: Double) -> Double {
            let a = abs(c)
            let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
            return c < 0 ? -l : l
        }
        func encoded(_ c: Double) -> Double {
            let a = abs(c)
            let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
            return c < 0 ? -e : e
        }
        let (r, g, b) = (linear(p3.0), linear(p3.1), linear(p3.2))
        return (
            encoded(1.2249401 * r - 0.2249404 * g),
            encoded(-0.0420569 * r + 1.0420571 * g),
            encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b)
        )
    }
}

/// Why a colour set defines no colour.
package struct ColorSetError: Error, Sendable, Equatable {
    package var message: String
    init(_ message: String) { self.message = message }
}
