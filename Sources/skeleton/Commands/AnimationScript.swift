import ArgumentParser

/// `skeleton animate --script`: when the skeleton is shown and hidden, e.g. `show,hide` (spread evenly over the
/// duration: content, skeleton, content, as SkeletonView's README GIFs go) or `show@0.5,hide@2.2`.
struct AnimationScript: Equatable {
    enum Action: String, Equatable { case show, hide }

    struct Step: Equatable {
        var action: Action
        /// Seconds from the start; nil: spread evenly.
        var at: Double?
    }

    let steps: [Step]

    /// At most this many steps.
    static let maxSteps = 20

    /// The script `text` (`--script`'s value), or why it is not one.
    init(parsing text: String) throws(ValidationError) { steps = try Self.parse(text) }

    init(steps: [Step]) { self.steps = steps }

    /// The steps of `text`, or why it is not a script.
    static func parse(_ text: String) throws(ValidationError) -> [Step] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= maxSteps else {
            throw ValidationError("--script has \(parts.count) steps, more than \(maxSteps)")
        }
        var steps: [Step] = []
        for part in parts {
            let pieces = part.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pieces[0].trimmingCharacters(in: .whitespaces)
            guard let action = Action(rawValue: name) else {
                throw ValidationError("--script: \"\(part)\" is not show or hide (optionally @seconds)")
            }
            var at: Double?
            if pieces.count == 2 {
                guard let t = Double(pieces[1].trimmingCharacters(in: .whitespaces)), t.isFinite, t >= 0 else {
                    throw ValidationError("--script: \"\(part)\" needs a number of seconds ≥ 0 after @")
                }
                at = t
            }
            steps.append(Step(action: action, at: at))
        }
        return steps
    }

    /// Each step with its time under `duration`: given times must all be there or all absent, increase strictly
    /// and fall before the end; absent ones are spread evenly (`duration × k / (n + 1)`). Shows and hides alternate,
    /// starting with a show.
    func schedule(duration: Double) throws(ValidationError) -> [(action: Action, at: Double)] {
        guard !steps.isEmpty else { throw ValidationError("--script needs at least one step") }
        for (k, step) in steps.enumerated() where step.action != (k % 2 == 0 ? .show : .hide) {
            throw ValidationError("--script: shows and hides must alternate, starting with show")
        }
        let timed = steps.filter { $0.at != nil }.count
        guard timed == 0 || timed == steps.count else {
            throw ValidationError("--script: give every step a time (@seconds) or none")
        }
        let n = Double(steps.count + 1)
        let out = steps.enumerated().map { k, step in
            (action: step.action, at: step.at ?? duration * Double(k + 1) / n)
        }
        var last = -1.0
        for step in out {
            guard step.at > last else { throw ValidationError("--script: the times must increase") }
            guard step.at < duration else {
                throw ValidationError("--script: \(step.action.rawValue)@\(step.at) is not before --duration")
            }
            last = step.at
        }
        return out
    }
}
