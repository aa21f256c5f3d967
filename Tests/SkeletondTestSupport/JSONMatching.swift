package import JSON

/// Compares an actual message with an expected one: objects by key set (order ignored), numbers by value,
/// and the string `"*"` in the expectation matches anything.
package enum JSONMatching {
    package static func matches(_ actual: JSON, _ expected: JSON) -> Bool {
        if case .string("*") = expected { return true }
        switch (actual, expected) {
        case (.object(let a), .object(let e)):
            guard Set(a.keys) == Set(e.keys) else { return false }
            return e.allSatisfy { key, value in a[key].map { matches($0, value) } ?? false }
        case (.array(let a), .array(let e)):
            return a.count == e.count && zip(a, e).allSatisfy { matches($0, $1) }
        default:
            if let a = actual.doubleValue, let e = expected.doubleValue { return a == e }
            return actual == expected
        }
    }

    /// Pairs every expected message with a distinct actual one, in any order. Returns the unmatched
    /// expectations (empty when all matched).
    package static func unmatched(_ actual: [JSON], _ expected: [JSON]) -> [JSON] {
        var remaining = actual
        var missing: [JSON] = []
        for e in expected {
            if let i = remaining.firstIndex(where: { matches($0, e) }) {
                remaining.remove(at: i)
            } else {
                missing.append(e)
            }
        }
        return missing
    }
}
