/// `SkeletonAppearance.default`: the defaults every show and every node falls back to.
package struct SkeletonAppearance: Sendable, Hashable {
    /// Default solid colour (`skeletonDefault`).
    package var tintColor: SkeletonColor = .skeletonDefault
    /// Default gradient.
    package var gradient: SkeletonGradient = SkeletonGradient(baseColor: .skeletonDefault)
    /// Default text line height (15).
    package var multilineHeight: Double = 15
    /// nil: `.fixed(multilineHeight)` (SkeletonView's lazy default, taken as evaluated after the appearance
    /// was configured; see `Protocol/engine-semantics.md`).
    package var textLineHeight: TextLineHeight?
    /// Default line spacing (10).
    package var multilineSpacing: Double = 10
    /// Default last-line fill, in percent (70).
    package var multilineLastLineFillPercent: Int = 70
    /// Default `linesCornerRadius` (0).
    package var multilineCornerRadius: Int = 0
    /// `SkeletonAppearance.renderSingleLineAsView`.
    package var renderSingleLineAsView: Bool = false
    /// Default corner radius of skeleton blocks (0).
    package var skeletonCornerRadius: Double = 0

    package init() {}

    /// SkeletonView 1.31.0's defaults.
    package static let `default` = SkeletonAppearance()

    /// The line height in effect: `textLineHeight`, else `.fixed(multilineHeight)`.
    package var effectiveTextLineHeight: TextLineHeight { textLineHeight ?? .fixed(multilineHeight) }

    /// This appearance with `overrides` applied.
    package func applying(_ overrides: AppearanceOverrides) -> SkeletonAppearance {
        var a = self
        if let v = overrides.tintColor { a.tintColor = v }
        if let v = overrides.gradient { a.gradient = v }
        if let v = overrides.multilineHeight { a.multilineHeight = v }
        if let v = overrides.textLineHeight { a.textLineHeight = v }
        if let v = overrides.multilineSpacing { a.multilineSpacing = v }
        if let v = overrides.multilineLastLineFillPercent { a.multilineLastLineFillPercent = v }
        if let v = overrides.multilineCornerRadius { a.multilineCornerRadius = v }
        if let v = overrides.renderSingleLineAsView { a.renderSingleLineAsView = v }
        if let v = overrides.skeletonCornerRadius { a.skeletonCornerRadius = v }
        return a
    }
}

/// Partial appearance: the fields a document or a `skeleton/setAppearance` sets; nil leaves a field as is.
package struct AppearanceOverrides: Sendable, Hashable {
    /// Default solid colour (`skeletonDefault`).
    package var tintColor: SkeletonColor?
    /// Default gradient.
    package var gradient: SkeletonGradient?
    /// Default text line height (15).
    package var multilineHeight: Double?
    /// Default `skeletonTextLineHeight`.
    package var textLineHeight: TextLineHeight?
    /// Default line spacing (10).
    package var multilineSpacing: Double?
    /// Default last-line fill, in percent (70).
    package var multilineLastLineFillPercent: Int?
    /// Default `linesCornerRadius` (0).
    package var multilineCornerRadius: Int?
    /// `SkeletonAppearance.renderSingleLineAsView`.
    package var renderSingleLineAsView: Bool?
    /// Default corner radius of skeleton blocks (0).
    package var skeletonCornerRadius: Double?

    package init() {}

    /// `other`'s fields on top of these.
    package func merging(_ other: AppearanceOverrides) -> AppearanceOverrides {
        var m = self
        if let v = other.tintColor { m.tintColor = v }
        if let v = other.gradient { m.gradient = v }
        if let v = other.multilineHeight { m.multilineHeight = v }
        if let v = other.textLineHeight { m.textLineHeight = v }
        if let v = other.multilineSpacing { m.multilineSpacing = v }
        if let v = other.multilineLastLineFillPercent { m.multilineLastLineFillPercent = v }
        if let v = other.multilineCornerRadius { m.multilineCornerRadius = v }
        if let v = other.renderSingleLineAsView { m.renderSingleLineAsView = v }
        if let v = other.skeletonCornerRadius { m.skeletonCornerRadius = v }
        return m
    }
}
