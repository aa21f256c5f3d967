import ArgumentParser
import SkeletonModel

/// `--transition none|crossDissolve|SECONDS`: `skeleton/show`'s and `skeleton/hide`'s `transition`.
struct Transition: ExpressibleByArgument, CustomStringConvertible {
    /// The transition the requests ask for.
    let style: TransitionStyle
    let description: String

    /// How long the cross-dissolve lasts (0 for none).
    var seconds: Double { style.duration }

    init?(argument: String) {
        switch argument {
        case "none": style = .none
        case "crossDissolve": style = .default
        default:
            guard let value = Double(argument), value.isFinite, value >= 0 else { return nil }
            style = .crossDissolve(value)
        }
        description = argument
    }

    static let crossDissolve = Transition(style: .default, description: "crossDissolve")

    private init(style: TransitionStyle, description: String) {
        self.style = style
        self.description = description
    }

    var defaultValueDescription: String { description }
}
