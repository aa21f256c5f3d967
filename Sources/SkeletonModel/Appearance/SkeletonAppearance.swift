/// `SkeletonAppearance.default`: the defaults every show and every node falls back to.
public struct SkeletonAppearance: Sendable, Hashable {
    public var tintColor: SkeletonColor = .skeletonDefault
    public var gradient: SkeletonGradient = SkeletonGradient(baseColor: .skeletonDefault)
    public var multilineHeight: Double = 15
    /// nil: `.fixed(multilineHeight)` (SkeletonView's lazy default, taken as evaluated after the appearance
    /// was configured; see `Protocol/engine-semantics.md`).
    public var textLineHeight: TextLineHeight?
    public var multilineSpacing: Double = 10
    public var multilineLastLineFillPercent: Int = 70
    public var multilineCornerRadius: Int = 0
    public var renderSingleLineAsView: Bool = false
    public var skeletonCornerRadius: Double = 0

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
    public var tintColor: SkeletonColor?
    public var gradient: SkeletonGradient?
    public var multilineHeight: Double?
    public var textLineHeight: TextLineHeight?
    public var multilineSpacing: Double?
    public var multilineLastLineFillPercent: Int?
    public var multilineCornerRadius: Int?
    public var renderSingleLineAsView: Bool?
    public var skeletonCornerRadius: Double?

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
