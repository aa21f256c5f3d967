import ArgumentParser
import JSON

/// `skeleton scenes`: the scenes of a storyboard or XIB (one, with id "", for a JSON document).
struct Scenes: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the scenes of a storyboard or XIB: their ids (for --scene), titles and sizes.",
        discussion: """
            Prints one line per scene, in file order: the id, the canvas size in points, the title, and \
            "(initial)" for the scene commands use without --scene. With --json: \
            [{"id", "title", "initial", "frame": [x, y, width, height]}] on one line.

            Protocol: initialize, textDocument/didOpen, skeleton/isActive, skeleton/scenes, shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument

    @Flag(help: "Print the scenes as JSON.")
    var json = false

    func run() throws {
        let source = try document.load()
        let daemon = try DaemonSession.start()
        defer { daemon.finish() }
        try daemon.openValid(source)
        let scenes = try daemon.scenes(of: source)
        if json {
            let listed: [JSON] = scenes.map { scene in
                [
                    "id": scene["id"] ?? .null, "title": scene["title"] ?? .null,
                    "initial": scene["initial"] ?? false, "frame": scene["frame"] ?? .null,
                ]
            }
            try StandardOutput.line(JSON.array(listed).text)
            return
        }
        for scene in scenes {
            let size = (scene["frame"]?.arrayValue ?? []).dropFirst(2).map(Layers.number).joined(separator: "×")
            let initial = scene["initial"] == true ? "  (initial)" : ""
            try StandardOutput.line(
                "\(scene["id"]?.stringValue ?? "")  \(size)  \(scene["title"]?.stringValue ?? "")\(initial)")
        }
    }
}
