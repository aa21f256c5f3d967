import ArgumentParser
import JSON

/// `solid` or `gradient`: `skeleton/show`'s `type`.
enum SkeletonType: String, ExpressibleByArgument, CaseIterable {
    case solid, gradient
}

/// `light` or `dark`: the document's `colorScheme`.
enum ColorScheme: String, ExpressibleByArgument, CaseIterable {
    case light, dark
}

/// The document every command reads.
struct DocumentArgument: ParsableArguments {
    @Argument(help: "A skeleton document (see Examples/*.skeleton.json).", completion: .file(extensions: ["json"]))
    var file: String
}

/// How the skeleton is shown: `skeleton/show`'s `type` and `animated`.
struct ShowOptions: ParsableArguments {
    @Option(help: "The skeleton type: solid or gradient.")
    var type: SkeletonType = .solid

    @Flag(help: "Animate the skeleton (pulse for solid, a sliding gradient for gradient).")
    var animated = false

    /// The `skeleton/show` params for `uri` (and `node` when given).
    func showParams(uri: String, node: String? = nil) -> JSONObject {
        var params: JSONObject = ["uri": .string(uri), "type": .string(type.rawValue), "animated": .bool(animated)]
        if let node { params["node"] = .string(node) }
        return params
    }
}

/// Overrides of the document's own `colorScheme` and `layoutDirection`.
struct TraitOptions: ParsableArguments {
    @Option(help: "Override the document's colorScheme: light or dark.")
    var scheme: ColorScheme?

    @Flag(
        inversion: .prefixedNo,
        help: "Override the document's layoutDirection: --rtl for right-to-left, --no-rtl for left-to-right.")
    var rtl: Bool?

    /// The overrides the flags ask for.
    var overrides: TraitOverrides { TraitOverrides(scheme: scheme, rtl: rtl) }
}

/// Overrides of a document's top-level `colorScheme` and `layoutDirection` (nil leaves the document's own).
struct TraitOverrides {
    var scheme: ColorScheme?
    var rtl: Bool?

    /// `document` with the overrides applied as minimal text edits (see `TopLevelEdit`).
    func apply(to document: SourceDocument) -> SourceDocument {
        var document = document
        if document.isInterfaceBuilder {
            document.traits = scheme == nil && rtl == nil ? nil : self
            return document
        }
        if let scheme, let edited = TopLevelEdit.setting("colorScheme", to: scheme.rawValue, in: document.text) {
            document.text = edited
        }
        if let rtl, let edited = TopLevelEdit.setting("layoutDirection", to: rtl ? "rtl" : "ltr", in: document.text) {
            document.text = edited
        }
        return document
    }
}

/// Checks shared by several commands, as `ValidationError`s (usage errors, status 64).
enum Check {
    static func time(_ value: Double, _ flag: String = "--time") throws {
        guard value.isFinite, value >= 0 else {
            throw ValidationError("\(flag) must be a number of seconds ≥ 0, not \(value.plainText)")
        }
    }

    static func scale(_ value: Double) throws {
        guard value.isFinite, (1...4).contains(value) else {
            throw ValidationError("--scale must be between 1 and 4, not \(value.plainText)")
        }
    }
}
