/// `SkeletonType`.
public enum SkeletonType: String, Sendable, Hashable, CaseIterable {
    case solid, gradient
}

/// `SkeletonGradient`: the colours of a gradient skeleton (at least one).
public struct SkeletonGradient: Sendable, Hashable {
    /// The gradient's colours, in order.
    public var colors: [SkeletonColor]

    /// `SkeletonGradient(colors:)`: kept as given.
    public init(colors: [SkeletonColor]) { self.colors = colors }

    /// `SkeletonGradient(baseColor:)`: `[base, complementary(base), base]`.
    public init(baseColor: SkeletonColor) {
        colors = [baseColor, baseColor.complementary, baseColor]
    }

    /// `SkeletonGradient(baseColor:secondaryColor:)`: `[base, secondary, base]`.
    public init(baseColor: SkeletonColor, secondaryColor: SkeletonColor) {
        colors = [baseColor, secondaryColor, baseColor]
    }
}

/// `SkeletonTransitionStyle`.
public enum TransitionStyle: Sendable, Hashable {
    case none
    /// A cross-dissolve of that many seconds (ease-in-ease-out).
    case crossDissolve(Double)

    /// SkeletonView's default: `.crossDissolve(0.25)`.
    public static let `default` = TransitionStyle.crossDissolve(0.25)

    /// The duration in seconds (0 for `.none`).
    public var duration: Double {
        if case .crossDissolve(let d) = self { return max(0, d) }
        return 0
    }
}
