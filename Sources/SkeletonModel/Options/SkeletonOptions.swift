/// What `skeleton/show` asks for: SkeletonView's six `show*` methods in one value.
package struct ShowOptions: Sendable, Hashable {
    /// Solid or gradient.
    package var type: SkeletonType = .solid
    /// Solid colour; nil: the appearance's `tintColor` at call time.
    package var color: SkeletonColor?
    /// Gradient; nil: the appearance's `gradient` at call time.
    package var gradient: SkeletonGradient?
    /// nil: false, or true when `delay` is given (SkeletonView's delayed shows default to animated).
    package var animated: Bool?
    /// nil: the type's default (pulse for solid, sliding for gradient).
    package var animation: AnimationSpec?
    /// Seconds before the show runs (>= 0); nil or 0 shows at once.
    package var delay: Double?
    /// The transition used to show or hide.
    package var transition: TransitionStyle = .default
    /// A hide that comes earlier is held until the skeleton has been visible this long (skeletond's addition).
    package var minimumDuration: Double?
    /// Treat every view that holds content (`Node.holdsContent`) and its ancestors as skeletonable for this show,
    /// as if `isSkeletonable` were set on them (skeletond's addition: try SkeletonView on any screen).
    package var assumeSkeletonable = false

    package init(
        type: SkeletonType = .solid, color: SkeletonColor? = nil, gradient: SkeletonGradient? = nil,
        animated: Bool? = nil, animation: AnimationSpec? = nil, delay: Double? = nil,
        transition: TransitionStyle = .default, minimumDuration: Double? = nil, assumeSkeletonable: Bool = false
    ) {
        self.assumeSkeletonable = assumeSkeletonable
        self.type = type
        self.color = color
        self.gradient = gradient
        self.animated = animated
        self.animation = animation
        self.delay = delay
        self.transition = transition
        self.minimumDuration = minimumDuration
    }

    /// Whether the skeleton animates, after defaults.
    package var isAnimated: Bool { animated ?? ((delay ?? 0) > 0) }
}

/// What `skeleton/update` asks for (`updateSkeleton`, `updateGradientSkeleton`, `updateAnimated*`).
/// The transition is always SkeletonView's hard-wired `.crossDissolve(0.25)`.
package struct UpdateOptions: Sendable, Hashable {
    /// Solid or gradient.
    package var type: SkeletonType = .solid
    /// The colour as `SkeletonColor`.
    package var color: SkeletonColor?
    /// Default gradient.
    package var gradient: SkeletonGradient?
    /// false by default: updating an animated skeleton without `animated` stops its animation.
    package var animated: Bool = false
    /// nil: the type's default animation.
    package var animation: AnimationSpec?

    package init(
        type: SkeletonType = .solid, color: SkeletonColor? = nil, gradient: SkeletonGradient? = nil,
        animated: Bool = false, animation: AnimationSpec? = nil
    ) {
        self.type = type
        self.color = color
        self.gradient = gradient
        self.animated = animated
        self.animation = animation
    }
}

/// What `skeleton/hide` asks for.
package struct HideOptions: Sendable, Hashable {
    /// The transition used to show or hide.
    package var transition: TransitionStyle = .default
    /// Tables and collections reload their real data after the hide (default true).
    package var reloadDataAfter: Bool = true

    package init(transition: TransitionStyle = .default, reloadDataAfter: Bool = true) {
        self.transition = transition
        self.reloadDataAfter = reloadDataAfter
    }
}
