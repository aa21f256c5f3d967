/// Timing and statistics for the bench: wall-clock seconds from a monotonic clock, medians of runs.
enum Measure {
    /// Seconds `body` takes, and what it returned (kept so the work cannot be optimized away).
    static func time<R>(_ body: () throws -> R) rethrows -> (seconds: Double, result: R) {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        let (s, attos) = elapsed.components
        return (Double(s) + Double(attos) * 1e-18, result)
    }

    /// The median (the mean of the two middle values for an even count); 0 for no values.
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}

/// A deterministic pseudo-random generator (SplitMix64): the same inputs on every machine and run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
