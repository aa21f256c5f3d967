import ArgumentParser
import Foundation
import JSON
import SkeletonModel
import SkeletonProtocol

/// `solid` or `gradient`: `skeleton/show`'s `type`.
enum SkeletonType: String, ExpressibleByArgument, CaseIterable {
    case solid, gradient

    /// The type the protocol names.
    var model: SkeletonModel.SkeletonType {
        switch self {
        case .solid: .solid
        case .gradient: .gradient
        }
    }
}

/// `light` or `dark`: the document's `colorScheme`.
enum ColorScheme: String, ExpressibleByArgument, CaseIterable {
    case light, dark

    /// The scheme the protocol names.
    var model: SkeletonModel.ColorScheme {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }
}

/// The document every command reads.
struct DocumentArgument: ParsableArguments {
    @Argument(
        help: "A skeleton document (see Examples/*.skeleton.json), a storyboard or a XIB.",
        completion: .file(extensions: ["json", "storyboard", "xib"]))
    var file: String?

    @OptionGroup var app: ProjectOptions

    /// The document with its `--code` files and its `--project` folder.
    func load() throws(CLIError) -> SourceDocument {
        guard let file else {
            throw CLIError(
                "a FILE is needed (only 'skeleton scenes --project DIR' reads a whole app)", status: .inputOutput)
        }
        return try app.load(file)
    }
}

/// The scene of a storyboard or XIB every request names (`--scene`).
struct SceneOption: ParsableArguments {
    @Option(help: "The scene of a storyboard or XIB (an id from 'skeleton scenes'; default: the initial scene).")
    var scene: String?

    /// `document` with its requests aimed at the scene.
    func apply(to document: SourceDocument) -> SourceDocument {
        var document = document
        document.scene = scene
        return document
    }
}

/// `--assume-skeletonable`: `skeleton/show`'s `assumeSkeletonable`.
struct AssumeOption: ParsableArguments {
    @Flag(
        help: """
            Treat every view that holds content (labels, text, images, buttons, controls) and its ancestors as \
            skeletonable for this show: try SkeletonView on a screen that sets isSkeletonable in code.
            """)
    var assumeSkeletonable = false
}

/// How the skeleton is shown: `skeleton/show`'s `type`, `animated` and `assumeSkeletonable`.
///
/// Only the options given are sent: a show with none of them (`assumeSkeletonable` and `node` are not show options)
/// makes the show the scene's code makes (`--code`), else SkeletonView's default, a solid skeleton, not animated.
struct ShowFlags: ParsableArguments {
    @Option(help: "The skeleton type: solid or gradient (default: the code's show with --code, else solid).")
    var type: SkeletonType?

    @Flag(help: "Animate the skeleton (pulse for solid, a sliding gradient for gradient; default: the code's show).")
    var animated = false

    @OptionGroup var assume: AssumeOption

    /// The `skeleton/show` params for `document`'s scene (and `node` when given): the options given, else the show
    /// the scene's code makes.
    func showParams(_ document: SourceDocument, node: String? = nil) -> ShowRequest.Params {
        var options = ShowOptions(type: type?.model ?? .solid, assumeSkeletonable: assume.assumeSkeletonable)
        if animated { options.animated = true }
        return ShowRequest.Params(target: document.target, node: node, options: options, explicit: type != nil)
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

    @Option(
        help: ArgumentHelp(
            "Lay the screen out at a device width, in points (1…16384; flexible views follow, as UIKit's autoresizing).",
            valueName: "points"))
    var width: Double?

    /// The overrides the flags ask for.
    var overrides: TraitOverrides { TraitOverrides(scheme: scheme, rtl: rtl, width: width) }

    func validate() throws {
        if let width { try Check.width(width) }
    }
}

/// Overrides of a document's top-level `colorScheme` and `layoutDirection` (nil leaves the document's own), and the
/// device width it is laid out at (`skeleton/setTraits`'s `width`; nil: the root's own width).
struct TraitOverrides {
    var scheme: ColorScheme?
    var rtl: Bool?
    var width: Double?

    /// `document` with the overrides applied as minimal text edits (see `TopLevelEdit`), and those the daemon sets
    /// (`skeleton/setTraits`: a storyboard's or XIB's scheme and direction, every document's width) in its `traits`.
    func apply(to document: SourceDocument) -> SourceDocument {
        var document = document
        if document.isInterfaceBuilder {
            document.traits = scheme == nil && rtl == nil && width == nil ? nil : self
            return document
        }
        document.traits = width.map { TraitOverrides(width: $0) }
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

    /// A device width (`--width`, `--widths`): points from 1 to 16384, the canvas limits.
    static func width(_ value: Double, _ flag: String = "--width") throws {
        guard value.isFinite, (1...16_384).contains(value) else {
            throw ValidationError("\(flag) must be a number of points from 1 to 16384, not \(value.plainText)")
        }
    }

    static func scale(_ value: Double) throws {
        guard value.isFinite, (1...4).contains(value) else {
            throw ValidationError("--scale must be between 1 and 4, not \(value.plainText)")
        }
    }
}
