import ArgumentParser
import JSON

/// `--transition none|crossDissolve|SECONDS`: `skeleton/show`'s and `skeleton/hide`'s `transition`.
struct Transition: ExpressibleByArgument, CustomStringConvertible {
    /// How long the cross-dissolve lasts (0 for none).
    let seconds: Double
    /// The protocol value.
    let json: JSON
    let description: String

    init?(argument: String) {
        switch argument {
        case "none":
            seconds = 0
            json = "none"
        case "crossDissolve":
            seconds = 0.25
            json = "crossDissolve"
        default:
            guard let value = Double(argument), value.isFinite, value >= 0 else { return nil }
            seconds = value
            json = .double(value)
        }
        description = argument
    }

    static let crossDissolve = Transition(seconds: 0.25, json: "crossDissolve", description: "crossDissolve")

    private init(seconds: Double, json: JSON, description: String) {
        self.seconds = seconds
        self.json = json
        self.description = description
    }

    var defaultValueDescription: String { description }
}
