/// What `verify` found for one picture, a stale baseline or a document that could not be pictured.
struct SnapshotResult {
    enum Outcome {
        case passed
        /// The pixels differ beyond the tolerance.
        case differs(changed: Int, total: Int, bounds: [Int]?, sizeChanged: Bool)
        /// No baseline file (or no manifest entry) for the picture.
        case missing
        /// The baseline exists but cannot be read (its reason).
        case unreadable(String)
        /// A baseline whose scene or variant the run no longer pictures.
        case stale
        /// The document could not be pictured (its reason).
        case invalid(String)
    }

    var file: String
    var scene: String?
    /// The variant's name (`light-ltr-solid-1s`), or `-` for a document that could not be pictured.
    var variant: String
    /// The baseline's path inside the baselines folder.
    var path: String
    var line: Int
    var outcome: Outcome
    /// Pictures the report shows, relative to the report folder (or the failures folder): baseline, new, diff.
    var baselineImage: String?
    var newImage: String?
    var diffImage: String?

    var failed: Bool {
        if case .passed = outcome { return false }
        return true
    }

    /// `file (scene) variant`.
    var label: String { file + (scene.map { " (\($0))" } ?? "") + " " + variant }

    /// One line saying what went wrong (nil for a pass).
    var problem: String? {
        switch outcome {
        case .passed: return nil
        case .differs(let changed, let total, let bounds, let sizeChanged):
            let share = Double(changed) * 100 / Double(max(1, total))
            var text =
                sizeChanged
                ? "the picture's size changed; " : ""
            text += "\(changed) of \(total) pixels differ (\(share.plainText(digits: 3)) %)"
            if let bounds { text += " in [\(bounds.map(String.init).joined(separator: " "))]" }
            return text
        case .missing: return "no baseline"
        case .unreadable(let reason): return "the baseline cannot be read: \(reason)"
        case .stale: return "a baseline whose scene or variant is no longer pictured"
        case .invalid(let reason): return reason
        }
    }

    /// The outcome's short name for reports: passed, differs, missing, unreadable, stale, invalid.
    var kind: String {
        switch outcome {
        case .passed: "passed"
        case .differs: "differs"
        case .missing: "missing"
        case .unreadable: "unreadable"
        case .stale: "stale"
        case .invalid: "invalid"
        }
    }
}

extension Double {
    /// The number with at most `digits` decimals, without trailing zeros.
    func plainText(digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<max(0, min(digits, 9)) { scale *= 10 }
        return ((self * scale).rounded() / scale).plainText
    }
}
