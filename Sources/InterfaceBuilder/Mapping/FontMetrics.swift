import SkeletonGraphics

/// `UIFont.lineHeight`, size and weight for the fonts an Interface Builder `fontDescription` names.
///
/// The system font (SF Pro, 2048 units per em, ascender 1950, descender −494) has
/// `lineHeight = pointSize × 2444 / 2048 = pointSize × 1.193359375` at every size and weight:
/// 17 pt → 20.287109375 (UILabel's default), 15 pt → 17.900390625, 14 pt → 16.70703125, 12 pt → 14.3203125,
/// 10 pt → 11.93359375. Text styles use their sizes at the default (Large) content size category on iOS.
enum FontMetrics {
    /// The system font's line height per point of size.
    static let systemLineHeightPerPoint = 2444.0 / 2048.0

    /// Text style → point size at the Large content size category (iOS).
    static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleLargeTitle": 34,
        "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20,
        "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16,
        "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The size of a font whose `pointSize` is 0: UILabel's default, `UIFont.labelFontSize`.
    static let defaultPointSize = 17.0

    /// The system font's `lineHeight` at `pointSize`.
    static func systemLineHeight(pointSize: Double) -> Double { pointSize * systemLineHeightPerPoint }

    /// Text styles drawn semibold (the others are regular).
    static let semiboldStyles: Set<String> = ["UICTFontTextStyleHeadline"]

    /// A font an Interface Builder `fontDescription` names: its point size, weight and line height.
    struct Font: Equatable {
        var size: Double
        var weight: FontWeight
        var lineHeight: Double { systemLineHeight(pointSize: size) }
    }

    /// The outcome of reading a `fontDescription`.
    enum Resolution: Equatable {
        /// A system font or text style: exact.
        case exact(Font)
        /// A font iOS ships (`BuiltInFonts`): drawn with the system font's metrics (and a weight read from its name),
        /// without a warning, as its own are not in skeletond.
        case builtIn(Font, font: String)
        /// A custom font: approximated with the system font's metrics (and a weight read from its name).
        case approximated(Font, font: String)
        /// No usable size.
        case invalid(String)
    }

    /// The font of a `fontDescription` element's attributes.
    static func font(_ attributes: [String: String]) -> Resolution {
        let style = attributes["style"]
        let size: Double
        if let text = attributes["pointSize"] {
            guard let d = IBNumbers.finite(text), d >= 0 else {
                return .invalid("pointSize \"\(text)\" is not a positive number")
            }
            // Xcode writes 0 for a font whose size UIKit decides: `UIFont(descriptor:size: 0)` keeps the descriptor's
            // size, which is unset, so the label's default, `UIFont.labelFontSize` (17 pt), is what shows; a text
            // style's size wins when one is named.
            size = d > 0 ? d : style.flatMap { textStyleSizes[$0] } ?? defaultPointSize
        } else if let style, let d = textStyleSizes[style] {
            size = d
        } else {
            return .invalid("a fontDescription needs a pointSize or a known text style")
        }
        if let style {
            return .exact(Font(size: size, weight: semiboldStyles.contains(style) ? .semibold : .regular))
        }
        let type = attributes["type"]
        if type == "system" || type == "boldSystem" || type == "italicSystem"
            || (type == nil && attributes["name"] == nil)
        {
            let weight = type == "boldSystem" ? .bold : (attributes["weight"].flatMap(Self.weight(named:)) ?? .regular)
            return .exact(Font(size: size, weight: weight))
        }
        let name = attributes["name"] ?? attributes["family"] ?? type ?? "custom"
        let font = Font(size: size, weight: weight(named: name) ?? .regular)
        if BuiltInFonts.isSystemUI(name) { return .exact(font) }
        if BuiltInFonts.contains(name: attributes["name"], family: attributes["family"]) {
            return .builtIn(font, font: name)
        }
        return .approximated(font, font: name)
    }

    /// The weight a font name or IB `weight` attribute names (`medium`, `OpenSans-Semibold`, `Avenir-Heavy`…).
    static func weight(named name: String) -> FontWeight? {
        let n = name.lowercased()
        if n.contains("semibold") || n.contains("demibold") { return .semibold }
        if n.contains("bold") || n.contains("heavy") || n.contains("black") { return .bold }
        if n.contains("medium") { return .medium }
        if n.contains("regular") || n.contains("light") || n.contains("thin") { return .regular }
        return nil
    }
}
