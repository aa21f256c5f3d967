/// `SkeletonType`.
package enum SkeletonType: String, Sendable, Hashable, CaseIterable {
    case solid, gradient
}

/// `SkeletonGradient`: the colours of a gradient skeleton (at least one).
package struct SkeletonGradient: Sendable, Hashable {
    /// The gradient's colours, in order.
    package var colors: [SkeletonColor]

    /// `SkeletonGradient(colors:)`: kept as given.
    package init(colors: [SkeletonColor]) { self.colors = colors }

    /// `SkeletonGradient(baseColor:)`: `[base, complementary(base), base]`.
    package init(baseColor: SkeletonColor) {
        colors = [baseColor, baseColor.complementary, baseColor]
    }

    /// `SkeletonGradient(baseColor:secondaryColor:)`: `[base, secondary, base]`.
    package init(baseColor: SkeletonColor, secondaryColor: SkeletonColor) {
        colors = [baseColor, secondaryColor, baseColor]
    }
}

/// `SkeletonTransitionStyle`.
package enum TransitionStyle: Sendable, Hashable {
    case none
    /// A cross-dissolve of that many seconds (ease-in-ease-out).
    case crossDissolve(Double)

    /// SkeletonView's default: `.crossDissolve(0.25)`.
    package static let `default` = TransitionStyle.crossDissolve(0.25)

    /// The duration in seconds (0 for `.none`).
    package var duration: Double {
        if case .crossDissolve(let d) = self { return max(0, d) }
        return 0
    }
}
