/// A colour as a document or an option names it: static or dynamic (one value per colour scheme).
///
/// `isGreyscale` marks UIKit's two-component colours (`white`, `black`, `gray`…), which SkeletonView's
/// `isLight` always calls "not light" (quirk 8 of the reference).
package struct SkeletonColor: Sendable, Hashable {
    /// The colour in light mode.
    package var light: RGBA
    /// The colour in dark mode.
    package var dark: RGBA
    /// A two-component (white/alpha) UIKit colour.
    package var isGreyscale: Bool

    /// A dynamic colour.
    package init(light: RGBA, dark: RGBA, isGreyscale: Bool = false) {
        self.light = light
        self.dark = dark
        self.isGreyscale = isGreyscale
    }

    /// A static colour.
    package init(_ rgba: RGBA, isGreyscale: Bool = false) {
        self.init(light: rgba, dark: rgba, isGreyscale: isGreyscale)
    }

    /// A greyscale colour (`UIColor(white:alpha:)`).
    package init(white: Double, alpha: Double = 1) {
        self.init(RGBA(red: white, green: white, blue: white, alpha: alpha), isGreyscale: true)
    }

    /// The colour for a scheme.
    package func resolved(_ scheme: ColorScheme) -> RGBA {
        scheme == .dark ? dark : light
    }

    /// `.skeletonDefault`: clouds #ECF0F1 in light mode, darkClouds #1C2325 in dark mode.
    package static let skeletonDefault = SkeletonColor(light: FlatColor.clouds.rgba, dark: FlatColor.darkClouds.rgba)

    /// Fully transparent.
    package static let clear = SkeletonColor(white: 0, alpha: 0)
}
