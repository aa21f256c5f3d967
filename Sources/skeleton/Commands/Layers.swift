import ArgumentParser
import JSON
import SkeletonProtocol

/// `skeleton layers`: the display list of a skeleton at a moment.
struct Layers: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the skeleton's layers (the display list) at a moment.",
        discussion: """
            Shows the skeleton at time 0, sets the clock to --time (default 1 s) and prints skeleton/layers: \
            with --json the result exactly as the daemon sent it (one line, for jq), else one line per layer: \
            id, kind, rect [x y w h] in points, fill and opacity.

            Protocol: initialize, textDocument/didOpen, skeleton/isActive, skeleton/show, clock/set, \
            skeleton/layers, shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument
    @OptionGroup var show: ShowFlags
    @OptionGroup var scene: SceneOption
    @OptionGroup var traits: TraitOptions

    @Option(parsing: .unconditional, help: "The moment to describe, in seconds after the show (≥ 0).")
    var time: Double = 1

    @Option(help: "Show the skeleton on this node only (an id or an index path).")
    var node: String?

    @Flag(help: "Also list the nodes' own backgrounds (content layers).")
    var includeContent = false

    @Flag(help: "Print the skeleton/layers result as JSON.")
    var json = false

    func validate() throws {
        try Check.time(time)
    }

    func run() throws {
        let source = scene.apply(to: traits.overrides.apply(to: try document.load()))
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        try daemon.openValid(source)
        try daemon.call(ShowRequest.self, show.showParams(source, node: node))
        try daemon.call(ClockSetRequest.self, .init(time: time))
        let result = try daemon.call(LayersRequest.self, .init(target: source.target, includeContent: includeContent))
        if json {
            try StandardOutput.line(String(decoding: result.encoded.bytes, as: UTF8.self))
            return
        }
        let (width, height) = (Self.number(.double(result.width)), Self.number(.double(result.height)))
        try StandardOutput.line("canvas \(width)×\(height) background \(result.background)")
        for layer in result.layers { try StandardOutput.line(Self.describe(layer)) }
    }

    /// One layer as `id kind [x y w h] fill opacity`.
    static func describe(_ layer: JSON) -> String {
        let rect = (layer["rect"]?.arrayValue ?? []).map(number).joined(separator: " ")
        var fill = "?"
        if let solid = layer["fill"]?["solid"]?.stringValue {
            fill = solid
        } else if let colors = layer["fill"]?["gradient"]?["colors"]?.arrayValue {
            fill = "gradient(" + colors.compactMap(\.stringValue).joined(separator: ", ") + ")"
        }
        let opacity = layer["opacity"].map(number) ?? "1"
        let id = layer["id"]?.stringValue ?? "?"
        let kind = layer["kind"]?.stringValue ?? "?"
        return "\(id) \(kind) [\(rect)] \(fill) opacity \(opacity)"
    }

    static func number(_ value: JSON) -> String {
        guard let d = value.doubleValue else { return value.text }
        return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
