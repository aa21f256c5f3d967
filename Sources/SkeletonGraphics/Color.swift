/// Colours: sRGB components in 0...1 with straight (not premultiplied) alpha.

/// An sRGB colour with alpha. Components are kept as given (extended range allowed while computing,
/// as UIKit's extended sRGB does); `clamped` and the 8-bit forms clip each channel to 0...1.
package struct RGBA: Hashable, Sendable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 8-bit channels.
    package init(r8: UInt8, g8: UInt8, b8: UInt8, a8: UInt8 = 255) {
        self.init(red: Double(r8) / 255, green: Double(g8) / 255, blue: Double(b8) / 255, alpha: Double(a8) / 255)
    }

    package static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)
    package static let white = RGBA(red: 1, green: 1, blue: 1)
    package static let black = RGBA(red: 0, green: 0, blue: 0)

    /// Each channel clipped to 0...1 (what a display does with extended-range colours).
    package var clamped: RGBA {
        RGBA(red: Self.clip(red), green: Self.clip(green), blue: Self.clip(blue), alpha: Self.clip(alpha))
    }

    /// The four channels as bytes, rounded to nearest after clipping.
    package var bytes: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        (Self.byte(red), Self.byte(green), Self.byte(blue), Self.byte(alpha))
    }

    /// `#RRGGBBAA`, upper case, after clipping: the wire form of a resolved colour.
    package var hexRGBA: String {
        let b = bytes
        return "#" + Self.hex2(b.r) + Self.hex2(b.g) + Self.hex2(b.b) + Self.hex2(b.a)
    }

    /// `#RRGGBB`, upper case, after clipping (alpha dropped).
    package var hexRGB: String {
        let b = bytes
        return "#" + Self.hex2(b.r) + Self.hex2(b.g) + Self.hex2(b.b)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive). Returns nil for anything else.
    package init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 7 || utf8.count == 9, utf8[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        var i = 1
        while i < utf8.count {
            guard let hi = Self.nibble(utf8[i]), let lo = Self.nibble(utf8[i + 1]) else { return nil }
            channels.append(hi << 4 | lo)
            i += 2
        }
        self.init(r8: channels[0], g8: channels[1], b8: channels[2], a8: channels.count == 4 ? channels[3] : 255)
    }

    /// Linear interpolation of every channel, `t` in 0...1.
    package func mix(_ other: RGBA, _ t: Double) -> RGBA {
        RGBA(
            red: red + (other.red - red) * t,
            green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t,
            alpha: alpha + (other.alpha - alpha) * t
        )
    }

    /// The same colour with alpha multiplied by `factor`.
    package func multiplyingAlpha(_ factor: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    private static func clip(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    private static func byte(_ v: Double) -> UInt8 { UInt8((clip(v) * 255).rounded()) }
    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
    private static let digits = Array("0123456789ABCDEF".utf8)
    private static func hex2(_ v: UInt8) -> String {
        String(decoding: [digits[Int(v >> 4)], digits[Int(v & 0xF)]], as: UTF8.self)
    }
}
