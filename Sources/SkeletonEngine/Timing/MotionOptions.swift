/// skeletond's motion options (beyond SkeletonView).
public struct MotionOptions: Sendable, Hashable {
    /// Where sliding gradients sweep.
    public enum GradientSpace: String, Sendable, Hashable, CaseIterable {
        /// Each layer sweeps its own bounds, phase from its own start (SkeletonView's behaviour).
        case layer
        /// One sweep across the whole canvas, phase from time 0: every block is in phase, across documents too.
        case canvas
    }

    /// Reduced-motion handling.
    public enum ReducedMotion: String, Sendable, Hashable, CaseIterable {
        /// Animations as asked.
        case off
        /// No animation: layers rest at their base colours.
        case `static`
        /// No colour or gradient motion; instead opacity eases between 1 and 0.6 and back, 2 s each way.
        case fade
    }

    /// Where sliding gradients sweep (default `.layer`).
    public var gradientSpace: GradientSpace = .layer
    /// Reduced-motion handling (default `.off`).
    public var reducedMotion: ReducedMotion = .off
    /// Animations come to rest (base colours) this many seconds after they start (WCAG 2.2.2); nil: never.
    public var stopAfter: Double?

    /// Creates a value with the given members.
    public init(gradientSpace: GradientSpace = .layer, reducedMotion: ReducedMotion = .off, stopAfter: Double? = nil) {
        self.gradientSpace = gradientSpace; self.reducedMotion = reducedMotion; self.stopAfter = stopAfter
    }
}
