import SkeletonModel

/// UIKit's named system colours (iOS 15 values), light and dark, as Interface Builder names them in
/// `systemColor="…"` (and the older `cocoaTouchSystemColor="…"`).
enum SystemColors {
    /// A colour from 8-bit components.
    private static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> RGBA {
        RGBA(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    private static func dynamic(_ light: UInt32, _ dark: UInt32, _ la: Double = 1, _ da: Double = 1) -> SkeletonColor {
        SkeletonColor(light: rgb(light, la), dark: rgb(dark, da))
    }

    /// Name → colour. Names are IB's: the `UIColor` class property plus `Color`.
    static let table: [String: SkeletonColor] = [
        "systemBackgroundColor": dynamic(0xFFFFFF, 0x000000),
        "secondarySystemBackgroundColor": dynamic(0xF2F2F7, 0x1C1C1E),
        "tertiarySystemBackgroundColor": dynamic(0xFFFFFF, 0x2C2C2E),
        "systemGroupedBackgroundColor": dynamic(0xF2F2F7, 0x000000),
        "secondarySystemGroupedBackgroundColor": dynamic(0xFFFFFF, 0x1C1C1E),
        "tertiarySystemGroupedBackgroundColor": dynamic(0xF2F2F7, 0x2C2C2E),
        "groupTableViewBackgroundColor": dynamic(0xF2F2F7, 0x000000),
        "labelColor": dynamic(0x000000, 0xFFFFFF),
        "secondaryLabelColor": dynamic(0x3C3C43, 0xEBEBF5, 0.6, 0.6),
        "tertiaryLabelColor": dynamic(0x3C3C43, 0xEBEBF5, 0.3, 0.3),
        "quaternaryLabelColor": dynamic(0x3C3C43, 0xEBEBF5, 0.18, 0.16),
        "placeholderTextColor": dynamic(0x3C3C43, 0xEBEBF5, 0.3, 0.3),
        "systemFillColor": dynamic(0x787880, 0x787880, 0.2, 0.36),
        "secondarySystemFillColor": dynamic(0x787880, 0x787880, 0.16, 0.32),
        "tertiarySystemFillColor": dynamic(0x767680, 0x767680, 0.12, 0.24),
        "quaternarySystemFillColor": dynamic(0x747480, 0x767680, 0.08, 0.18),
        "separatorColor": dynamic(0x3C3C43, 0x545458, 0.29, 0.6),
        "opaqueSeparatorColor": dynamic(0xC6C6C8, 0x38383A),
        "linkColor": dynamic(0x007AFF, 0x0984FF),
        "systemGrayColor": dynamic(0x8E8E93, 0x8E8E93),
        "systemGray2Color": dynamic(0xAEAEB2, 0x636366),
        "systemGray3Color": dynamic(0xC7C7CC, 0x48484A),
        "systemGray4Color": dynamic(0xD1D1D6, 0x3A3A3C),
        "systemGray5Color": dynamic(0xE5E5EA, 0x2C2C2E),
        "systemGray6Color": dynamic(0xF2F2F7, 0x1C1C1E),
        "systemRedColor": dynamic(0xFF3B30, 0xFF453A),
        "systemOrangeColor": dynamic(0xFF9500, 0xFF9F0A),
        "systemYellowColor": dynamic(0xFFCC00, 0xFFD60A),
        "systemGreenColor": dynamic(0x34C759, 0x30D158),
        "systemMintColor": dynamic(0x00C7BE, 0x63E6E2),
        "systemTealColor": dynamic(0x30B0C7, 0x40C8E0),
        "systemCyanColor": dynamic(0x32ADE6, 0x64D2FF),
        "systemBlueColor": dynamic(0x007AFF, 0x0A84FF),
        "systemIndigoColor": dynamic(0x5856D6, 0x5E5CE6),
        "systemPurpleColor": dynamic(0xAF52DE, 0xBF5AF2),
        "systemPinkColor": dynamic(0xFF2D55, 0xFF375F),
        "systemBrownColor": dynamic(0xA2845E, 0xAC8E68),
        "tintColor": dynamic(0x007AFF, 0x0A84FF),
        // Fixed colours (UIColor.white, .black… are greyscale, two-component colours).
        "whiteColor": SkeletonColor(white: 1),
        "blackColor": SkeletonColor(white: 0),
        "clearColor": SkeletonColor(white: 0, alpha: 0),
        "grayColor": SkeletonColor(white: 0.5),
        "lightGrayColor": SkeletonColor(white: 2.0 / 3),
        "darkGrayColor": SkeletonColor(white: 1.0 / 3),
        "darkTextColor": SkeletonColor(white: 0),
        "lightTextColor": SkeletonColor(white: 1, alpha: 0.6),
        "redColor": SkeletonColor(RGBA(red: 1, green: 0, blue: 0, alpha: 1)),
        "greenColor": SkeletonColor(RGBA(red: 0, green: 1, blue: 0, alpha: 1)),
        "blueColor": SkeletonColor(RGBA(red: 0, green: 0, blue: 1, alpha: 1)),
        "cyanColor": SkeletonColor(RGBA(red: 0, green: 1, blue: 1, alpha: 1)),
        "yellowColor": SkeletonColor(RGBA(red: 1, green: 1, blue: 0, alpha: 1)),
        "magentaColor": SkeletonColor(RGBA(red: 1, green: 0, blue: 1, alpha: 1)),
        "orangeColor": SkeletonColor(RGBA(red: 1, green: 0.5, blue: 0, alpha: 1)),
        "purpleColor": SkeletonColor(RGBA(red: 0.5, green: 0, blue: 0.5, alpha: 1)),
        "brownColor": SkeletonColor(RGBA(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)),
        // The deprecated UI element colours (fixed since iOS 7, the values Xcode copies into `<resources>`).
        "viewFlipsideBackgroundColor": SkeletonColor(rgb(0x1F2124)),
        "scrollViewTexturedBackgroundColor": SkeletonColor(rgb(0x6F7179)),
        "underPageBackgroundColor": SkeletonColor(rgb(0xB5B7BD)),
        // Interface Builder's name for a grouped table cell's background (secondarySystemGroupedBackground).
        "tableCellGroupedBackgroundColor": dynamic(0xFFFFFF, 0x1C1C1E),
    ]

    /// The colour for a name; accepts names with or without the `Color` suffix.
    static func named(_ name: String) -> SkeletonColor? {
        table[name] ?? table[name + "Color"]
    }
}
