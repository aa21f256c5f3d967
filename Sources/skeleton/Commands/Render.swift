import ArgumentParser
import Foundation
import JSON
import SkeletonProtocol

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
    @OptionGroup var show: ShowFlags
    @OptionGroup var traits: TraitOptions
    @OptionGroup var scene: SceneOption

    @Flag(help: "One picture per scene of a storyboard or XIB, named OUTPUT-SCENE.png (the scene's id).")
    var allScenes = false

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
        if allScenes, scene.scene != nil { throw ValidationError("--all-scenes and --scene exclude each other") }
    }

    func run() throws {
        _ = try OutputFile(output)
        let source = scene.apply(to: traits.overrides.apply(to: try document.load()))
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)
        guard allScenes else {
            try daemon.showDrawing(show.showParams(source, node: node), of: source, at: time)
            try daemon.call(ClockSetRequest.self, .init(time: time))
            try OutputFile(output).write(try daemon.renderPNG(source, scale: scale))
            return
        }
        // Every scene is shown at time 0 and drawn at --time; scenes that draw nothing are reported, not skipped.
        let scenes = try daemon.sceneDocuments(source)
        var blank: [String] = []
        for sceneDocument in scenes {
            if let error = try daemon.show(show.showParams(sceneDocument, node: node), of: sceneDocument, at: time) {
                StandardError.line("skeleton: \(error.message)")
                blank.append(sceneDocument.scene ?? "")
            }
        }
        try daemon.call(ClockSetRequest.self, .init(time: time))
        for sceneDocument in scenes {
            try OutputFile(sceneDocument.scenePath(output)).write(try daemon.renderPNG(sceneDocument, scale: scale))
        }
        guard blank.isEmpty else {
            throw CLIError(
                "\(blank.count) of \(scenes.count) scenes drew no skeleton: \(blank.joined(separator: ", "))",
                status: .nothingShown)
        }
    }
}
