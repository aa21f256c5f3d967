/// SkeletonView's derived colours (`UIColor+Skeleton.swift`).
extension SkeletonColor {
    /// `isLight`: luma `(299 R + 587 G + 114 B) / 1000 >= 0.5` on the raw components, per scheme.
    /// Greyscale colours are never light (quirk 8, kept).
    package func isLight(_ scheme: ColorScheme) -> Bool {
        guard !isGreyscale else { return false }
        return Self.isLight(resolved(scheme))
    }

    /// Luma test on an RGB colour.
    package static func isLight(_ c: RGBA) -> Bool {
        (299 * c.red + 587 * c.green + 114 * c.blue) / 1000 >= 0.5
    }

    /// HSB brightness multiplied by `factor`, hue, saturation and alpha kept. Scaling V with H and S fixed
    /// scales every RGB channel by `factor`; channels pushed over 1 are clipped (as the display does).
    package static func adjust(_ c: RGBA, by factor: Double) -> RGBA {
        RGBA(red: c.red * factor, green: c.green * factor, blue: c.blue * factor, alpha: c.alpha).clamped
    }

    /// `darker`: brightness × 0.94.
    package var darker: SkeletonColor { map { Self.adjust($0, by: 0.94) } }
    /// `lighter`: brightness × 1.35.
    package var lighter: SkeletonColor { map { Self.adjust($0, by: 1.35) } }

    /// `complementaryColor`: darker when light, else lighter, decided per scheme.
    package var complementary: SkeletonColor {
        SkeletonColor(
            light: isLight(.light) ? Self.adjust(light, by: 0.94) : Self.adjust(light, by: 1.35),
            dark: isLight(.dark) ? Self.adjust(dark, by: 0.94) : Self.adjust(dark, by: 1.35)
        )
    }

    private func map(_ f: (RGBA) -> RGBA) -> SkeletonColor {
        SkeletonColor(light: f(light), dark: f(dark))
    }
}
