import ArgumentParser
import Foundation
import JSON

/// `skeleton render`: one PNG of the skeleton at a moment.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render the skeleton of a document to a PNG.",
        discussion: """
            Opens FILE, shows the skeleton on the root (or on --node) at time 0, sets the manual clock to --time \
            (default 1 s, after the 0.25 s fade-in) and writes the daemon's PNG (preview/render, encoding png). \
            The picture is the canvas (the root's frame size) times --scale, in pixels: a 375×260 document at \
            --scale 2 gives 750×520.

            --scheme and --rtl override the document's top-level colorScheme and layoutDirection by editing its \
            text before it is opened (only that member changes).

            Protocol: initialize, textDocument/didOpen, skeleton/isActive (waits for diagnostics), skeleton/show, \
            clock/set, preview/render, shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument
    @OptionGroup var show: ShowOptions
    @OptionGroup var traits: TraitOptions

    @Option(parsing: .unconditional, help: "The moment to render, in seconds after the show (≥ 0).")
    var time: Double = 1

    @Option(parsing: .unconditional, help: "Pixels per point, 1 to 4.")
    var scale: Double = 1

    @Option(help: "Show the skeleton on this node only (an id such as avatar, or an index path such as 0.1).")
    var node: String?

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func validate() throws {
        try Check.time(time)
        try Check.scale(scale)
    }

    func run() throws {
        let out = try OutputFile(output)
        let source = traits.overrides.apply(to: try SourceDocument.load(document.file))
        let daemon = try DaemonSession.start()
        defer { daemon.finish() }
        try daemon.openValid(source)
        try daemon.call("skeleton/show", show.showParams(uri: source.uri, node: node))
        try daemon.call("clock/set", ["time": .double(time)])
        let result = try daemon.call(
            "preview/render",
            [
                "uri": .string(source.uri), "encoding": "png", "scale": .double(scale),
            ])
        guard let encoded = result["data"]?.stringValue, let png = Data(base64Encoded: encoded) else {
            throw CLIError.daemon("preview/render answered without PNG data")
        }
        try out.write(Array(png))
    }
}
