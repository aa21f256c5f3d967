/// Numbers as Interface Builder writes them (`"0.0"`, `"44.666666030883789"`, `"-1"`).
enum IBNumbers {
    /// A finite number, or nil.
    static func finite(_ text: String?) -> Double? {
        guard let text, let d = Double(text), d.isFinite else { return nil }
        return d
    }

    /// An exact integer, or nil.
    static func integer(_ text: String?) -> Int? {
        guard let d = finite(text), d == d.rounded(), abs(d) < 1e15 else { return nil }
        return Int(d)
    }
}

extension IBNumbers {
    /// `d` as an Int when it is a whole number of reasonable size.
    static func integer(_ d: Double) -> Int? {
        guard d.isFinite, d == d.rounded(), abs(d) < 1e15 else { return nil }
        return Int(d)
    }
}
