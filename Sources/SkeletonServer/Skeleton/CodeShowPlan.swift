import CodeLinking
import SkeletonEngine
import SkeletonModel

/// Which shows a `skeleton/show` makes: the request's own, or, when it has no show option, the shows its scene's
/// code makes, each from the view it is called on with its own options (`Protocol/swift-code.md`).
enum CodeShowPlan {
    /// One show: on which node (nil: the scene's root), with which options.
    struct Show {
        var node: String?
        var options: ShowOptions
    }

    /// The code's shows for a request without show options on `node`: every show in run order when the request
    /// names no node; the show the code makes on `node`, else its last show's options there, when it does. Nil
    /// when the scene's code makes no show.
    static func shows(_ code: [LinkedShow], node: String?, assumeSkeletonable: Bool) -> [Show]? {
        guard let last = code.last else { return nil }
        let chosen: [Show]
        if let node {
            let options = code.last(where: { $0.node == node })?.options ?? last.options
            chosen = [Show(node: node, options: options)]
        } else {
            chosen = code.map { Show(node: $0.node, options: $0.options) }
        }
        return chosen.map { show in
            var show = show
            show.options.assumeSkeletonable = assumeSkeletonable
            return show
        }
    }

    /// Makes `shows` one after another, as the code makes them; one answer for all: the leaves shown by any (in
    /// show order), else the earliest scheduled time, else `alreadyActive`, else `notSkeletonable`. A code show on a
    /// view the session does not know is skipped; any other refusal is the request's.
    static func perform(_ shows: [Show], on session: inout SkeletonSession, at time: Double) throws(EngineError)
        -> OperationResult
    {
        guard shows.count > 1 else {
            let only = shows.first ?? Show(node: nil, options: ShowOptions())
            return try session.show(only.options, node: only.node, at: time)
        }
        var events: [LifecycleEvent] = []
        var leaves: [String] = []
        var scheduled: Double?
        var alreadyActive = false
        for show in shows {
            let result: OperationResult
            do { result = try session.show(show.options, node: show.node, at: time) } catch {
                if case .unknownNode = error { continue }
                throw error
            }
            events += result.events
            switch result.outcome {
            case .shown(let shown): leaves += shown
            case .scheduled(let at): scheduled = min(scheduled ?? at, at)
            case .alreadyActive: alreadyActive = true
            default: break
            }
        }
        let outcome: Outcome =
            if !leaves.isEmpty {
                .shown(leaves: leaves)
            } else if let scheduled {
                .scheduled(at: scheduled)
            } else {
                alreadyActive ? .alreadyActive : .notSkeletonable
            }
        return OperationResult(outcome: outcome, events: events)
    }
}
