/// `CAMediaTimingFunction` curves: cubic Béziers from (0,0) to (1,1).
package enum Easing {
    /// The eased value of `x` (clamped to 0...1).
    package static func value(_ function: TimingFunction, at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if case .linear = function { return x }
        let (x1, y1, x2, y2) = function.controlPoints
        let u = parameter(forX: x, x1, x2)
        return bezier(u, y1, y2)
    }

    /// `easeInEaseOut` (0.42, 0, 0.58, 1).
    package static func easeInEaseOut(_ x: Double) -> Double { value(.easeInEaseOut, at: x) }

    private static func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    private static func derivative(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * p1 + 6 * v * u * (p2 - p1) + 3 * u * u * (1 - p2)
    }

    /// Solves `x(u) = x` for the curve parameter: Newton steps, then bisection if they stall.
    private static func parameter(forX x: Double, _ x1: Double, _ x2: Double) -> Double {
        var u = x
        for _ in 0..<8 {
            let error = bezier(u, x1, x2) - x
            if abs(error) < 1e-12 { return u }
            let d = derivative(u, x1, x2)
            if abs(d) < 1e-9 { break }
            u -= error / d
        }
        var lo = 0.0
        var hi = 1.0
        u = x
        for _ in 0..<64 {
            let value = bezier(u, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return u
    }
}
