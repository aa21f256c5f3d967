/// `_currentSkeletonConfig`: what a show or update asked for, with colours captured at call time.
package struct SkeletonConfig: Sendable, Hashable {
    /// Solid or gradient.
    package var type: SkeletonType
    /// Solid: one colour; gradient: the gradient's colours.
    package var colors: [SkeletonColor]
    /// Whether the skeleton animates.
    package var animated: Bool
    /// nil: the type's default animation.
    package var animation: AnimationSpec?
    /// The transition used to show or hide.
    package var transition: TransitionStyle

    package init(
        type: SkeletonType, colors: [SkeletonColor], animated: Bool, animation: AnimationSpec?,
        transition: TransitionStyle
    ) {
        self.type = type
        self.colors = colors
        self.animated = animated
        self.animation = animation
        self.transition = transition
    }

    /// A show's config; omitted colours come from `appearance` now (SkeletonView evaluates its default
    /// arguments when the call is made).
    init(_ o: ShowOptions, appearance: SkeletonAppearance) {
        self.init(
            type: o.type,
            colors: o.type == .solid ? [o.color ?? appearance.tintColor] : (o.gradient ?? appearance.gradient).colors,
            animated: o.isAnimated, animation: o.animation, transition: o.transition)
    }

    /// An update's config (transition hard-wired to `.crossDissolve(0.25)`).
    init(_ o: UpdateOptions, appearance: SkeletonAppearance) {
        self.init(
            type: o.type,
            colors: o.type == .solid ? [o.color ?? appearance.tintColor] : (o.gradient ?? appearance.gradient).colors,
            animated: o.animated, animation: o.animation, transition: .default)
    }
}
