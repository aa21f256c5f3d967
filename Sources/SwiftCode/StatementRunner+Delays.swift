import SkeletonModel

/// Delays read from code (`asyncAfter(deadline: .now() + n)`, `showSkeleton(delay: n)`, and what nested
/// `asyncAfter`s add up to) meet the limit a `skeleton/show` request's `delay` meets: 0 to
/// `ValueParsers.maxSeconds`. One outside it is not applied: the show is read as not delayed, and an `assumed` hint
/// says so.
extension StatementRunner {
    /// The delays a show may have, in seconds (`Protocol/skeleton-methods.md`).
    static let delays = 0...ValueParsers.maxSeconds

    /// Why `seconds` is not a delay, for a hint.
    static func outOfRange(_ seconds: Double) -> String {
        "\(seconds) seconds is outside the 0 to \(Int(ValueParsers.maxSeconds)) seconds a show's delay may be"
    }
}
