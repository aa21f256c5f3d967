/// `SkeletonAppearance.default`: the defaults every show and every node falls back to.
public struct SkeletonAppearance: Sendable, Hashable {
    /// Default solid colour (`skeletonDefault`).
    public var tintColor: SkeletonColor = .skeletonDefault
    /// Default gradient.
    public var gradient: SkeletonGradient = SkeletonGradient(baseColor: .skeletonDefault)
    /// Default text line height (15).
    public var multilineHeight: Double = 15
    /// nil: `.fixed(multilineHeight)` (SkeletonView's lazy default, taken as evaluated after the appearance
    /// was configured; see `Protocol/engine-semantics.md`).
    public var textLineHeight: TextLineHeight?
    /// Default line spacing (10).
    public var multilineSpacing: Double = 10
    /// Default last-line fill, in percent (70).
    public var multilineLastLineFillPercent: Int = 70
    /// Default `linesCornerRadius` (0).
    public var multilineCornerRadius: Int = 0
    /// `SkeletonAppearance.renderSingleLineAsView`.
    public var renderSingleLineAsView: Bool = false
    /// Default corner radius of skeleton blocks (0).
    public var skeletonCornerRadius: Double = 0

    /// Creates a value with the given members.
    public init() {}

    /// SkeletonView 1.31.0's defaults.
    public static let `default` = SkeletonAppearance()

    /// The line height in effect: `textLineHeight`, else `.fixed(multilineHeight)`.
    public var effectiveTextLineHeight: TextLineHeight { textLineHeight ?? .fixed(multilineHeight) }

    /// This appearance with `overrides` applied.
    public func applying(_ overrides: AppearanceOverrides) -> SkeletonAppearance {
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
public struct AppearanceOverrides: Sendable, Hashable {
    /// Default solid colour (`skeletonDefault`).
    public var tintColor: SkeletonColor?
    /// Default gradient.
    public var gradient: SkeletonGradient?
    /// Default text line height (15).
    public var multilineHeight: Double?
    /// Default `skeletonTextLineHeight`.
    public var textLineHeight: TextLineHeight?
    /// Default line spacing (10).
    public var multilineSpacing: Double?
    /// Default last-line fill, in percent (70).
    public var multilineLastLineFillPercent: Int?
    /// Default `linesCornerRadius` (0).
    public var multilineCornerRadius: Int?
    /// `SkeletonAppearance.renderSingleLineAsView`.
    public var renderSingleLineAsView: Bool?
    /// Default corner radius of skeleton blocks (0).
    public var skeletonCornerRadius: Double?

    /// Creates a value with the given members.
    public init() {}

    /// `other`'s fields on top of these.
    public func merging(_ other: AppearanceOverrides) -> AppearanceOverrides {
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
