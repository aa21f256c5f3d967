import ArgumentParser
import Foundation
import JSON
import SkeletonImaging
import SkeletonModel
import SkeletonProtocol

/// `skeleton matrix`: every appearance of a document on one labelled sheet.
struct Matrix: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one PNG sheet with light/dark × LTR/RTL × solid/gradient skeletons, labelled.",
        discussion: """
            Opens FILE once to check it, then eight variants (colorScheme light or dark, layoutDirection ltr or \
            rtl, each set by a minimal edit of the text) and shows a solid skeleton on four of them and a gradient \
            one on the others. At --time (default 1 s) each is rendered (preview/render, raw) and placed in a \
            4×2 grid: columns light LTR, light RTL, dark LTR, dark RTL; rows solid, then gradient. Each picture \
            is labelled ("light LTR solid", …) on a neutral background with margins, under a title naming the file.

            Protocol: initialize, textDocument/didOpen (9 documents), skeleton/isActive, skeleton/show (8), \
            clock/set, preview/render (8), shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument
    @OptionGroup var scene: SceneOption
    @OptionGroup var assume: AssumeOption

    @Flag(help: "One light LTR solid picture per scene of a storyboard or XIB on the sheet, labelled with its id.")
    var allScenes = false

    @Flag(help: "Animate the skeletons (the frame is taken at --time).")
    var animated = false

    @Option(parsing: .unconditional, help: "The moment to render, in seconds after the show (≥ 0).")
    var time: Double = 1

    @Option(parsing: .unconditional, help: "Pixels per point, 1 to 4.")
    var scale: Double = 1

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    /// One cell of the sheet.
    struct Variant {
        var scheme: ColorScheme
        var rtl: Bool
        var type: SkeletonType
        var label: String { "\(scheme.rawValue) \(rtl ? "RTL" : "LTR") \(type.rawValue)" }
        var name: String { label.replacingOccurrences(of: " ", with: "-") }
    }

    /// The eight variants in sheet order (rows of four).
    static let variants: [Variant] = [SkeletonType.solid, .gradient].flatMap { type in
        [(ColorScheme.light, false), (.light, true), (.dark, false), (.dark, true)].map {
            Variant(scheme: $0.0, rtl: $0.1, type: type)
        }
    }

    func validate() throws {
        try Check.time(time)
        try Check.scale(scale)
        if allScenes, scene.scene != nil { throw ValidationError("--all-scenes and --scene exclude each other") }
    }

    func run() throws {
        let out = try OutputFile(output)
        let source = scene.apply(to: try document.load())
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)

        // (label, document) per tile: eight variants of one scene, or every scene as it is.
        var opened: [(String, SourceDocument)] = []
        var blank: [String] = []
        if allScenes {
            // Scenes that draw nothing are reported (their tiles stay, blank), and the run ends with status 4.
            for sceneDocument in try daemon.sceneDocuments(source) {
                if let error = try show(sceneDocument, type: .solid, daemon) {
                    StandardError.line("skeleton: \(error.message)")
                    blank.append(sceneDocument.scene ?? "")
                }
                opened.append((sceneDocument.scene ?? "", sceneDocument))
            }
        } else {
            for variant in Self.variants {
                let edited = TraitOverrides(scheme: variant.scheme, rtl: variant.rtl).apply(to: source)
                var document = source.variant(variant.name, text: edited.text)
                document.traits = edited.traits
                try daemon.openValid(document)
                if let error = try show(document, type: variant.type, daemon) { throw error }
                opened.append((variant.label, document))
            }
        }
        try daemon.call(ClockSetRequest.self, .init(time: time))
        var tiles: [ContactSheet.Tile] = []
        for (label, document) in opened {
            tiles.append(ContactSheet.Tile(label: label, image: try daemon.renderImage(document, scale: scale)))
        }
        let name = URL(fileURLWithPath: source.path).lastPathComponent
        let title =
            "\(name)  t=\(time.plainText)s  scale \(scale.plainText)\(animated ? "  animated" : "")"
        let sheet = ContactSheet(columns: allScenes ? min(4, max(1, tiles.count)) : 4).compose(tiles, title: title)
        do {
            try out.write(try PNGWriter.encode(sheet))
        } catch let error as PNGError {
            throw CLIError.io("cannot encode \(output): \(error.description)")
        }
        guard blank.isEmpty else {
            throw CLIError(
                "\(blank.count) of \(opened.count) scenes drew no skeleton: \(blank.joined(separator: ", "))",
                status: .nothingShown)
        }
    }

    /// `skeleton/show` of one tile's document; the error that says why it draws nothing at `--time`, if it does not.
    private func show(_ document: SourceDocument, type: SkeletonType, _ daemon: DaemonSession) throws(CLIError)
        -> CLIError?
    {
        let options = ShowOptions(type: type.model, animated: animated, assumeSkeletonable: assume.assumeSkeletonable)
        return try daemon.show(ShowRequest.Params(target: document.target, options: options), of: document, at: time)
    }
}
