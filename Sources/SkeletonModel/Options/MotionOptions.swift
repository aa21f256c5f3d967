package import JSON

/// skeletond's motion options (beyond SkeletonView).
package struct MotionOptions: Sendable, Hashable {
    /// Where sliding gradients sweep.
    package enum GradientSpace: String, Sendable, Hashable, CaseIterable {
        /// Each layer sweeps its own bounds, phase from its own start (SkeletonView's behaviour).
        case layer
        /// One sweep across the whole canvas, phase from time 0: every block is in phase, across documents too.
        case canvas
    }

    /// Reduced-motion handling.
    package enum ReducedMotion: String, Sendable, Hashable, CaseIterable {
        /// Animations as asked.
        case off
        /// No animation: layers rest at their base colours.
        case `static`
        /// No colour or gradient motion; instead opacity eases between 1 and 0.6 and back, 2 s each way.
        case fade
    }

    /// Where sliding gradients sweep (default `.layer`).
    package var gradientSpace: GradientSpace = .layer
    /// Reduced-motion handling (default `.off`).
    package var reducedMotion: ReducedMotion = .off
    /// Animations come to rest (base colours) this many seconds after they start (WCAG 2.2.2); nil: never.
    package var stopAfter: Double?

    package init(gradientSpace: GradientSpace = .layer, reducedMotion: ReducedMotion = .off, stopAfter: Double? = nil) {
        self.gradientSpace = gradientSpace
        self.reducedMotion = reducedMotion
        self.stopAfter = stopAfter
    }
}

extension MotionOptions {
    /// The members `decode` reads.
    package static let fieldNames: Set<String> = ["gradientSpace", "reducedMotion", "stopAfter"]

    /// Reads `gradientSpace`, `reducedMotion` and `stopAfter` (seconds > 0) from an options object, on top
    /// of `base`; other members are left to the caller.
    package static func decode(_ v: JSONValue, base: MotionOptions = MotionOptions()) throws(JSONDecodingError)
        -> MotionOptions
    {
        guard v.kind == .object else { throw v.mismatch("an object") }
        var out = base
        func field<T>(_ key: String, _ parse: (JSONValue) throws(ValueFailure) -> T) throws(JSONDecodingError) -> T? {
            guard let m = v.optionalMember(key) else { return nil }
            do { return try parse(m) } catch { throw error.decodingError(at: m) }
        }
        if let g = try field(
            "gradientSpace", { m throws(ValueFailure) in try ValueParsers.enumeration(m, GradientSpace.self) })
        {
            out.gradientSpace = g
        }
        if let r = try field(
            "reducedMotion", { m throws(ValueFailure) in try ValueParsers.enumeration(m, ReducedMotion.self) })
        {
            out.reducedMotion = r
        }
        if let s = try field("stopAfter", ValueParsers.cycle) { out.stopAfter = s }
        return out
    }
}
