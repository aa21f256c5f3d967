import JSON
import MCP
import SkeletonModel
import SkeletonProtocol

extension SkeletonTools {
    /// The latest moment `render` draws, in seconds after the show (`skeleton animate`'s longest duration).
    static let maxRenderTime = 600.0

    static let renderTool = Tool(
        name: "render", title: "Render a skeleton",
        description: """
            Render the skeleton of a layout (a scene of a storyboard or XIB, or a variant: type, animated, scheme, \
            rtl) as a PNG image, exactly as `skeleton render` writes it: the skeleton is shown on the root (or on \
            `node`) and drawn `time` seconds later (default 1, after the 0.25 s fade-in), at `scale` pixels per \
            point (1 to 4). Without `type` and `animated`, the show the app's code makes (--code, --project), else \
            SkeletonView's default (solid, not animated). A layout with errors, or a show that draws nothing, is an \
            error that says why (`explain` tells more; `assumeSkeletonable: true` treats every view holding content \
            and its ancestors as skeletonable).
            """,
        inputSchema: schema(
            [
                "file": fileProperty, "scene": sceneProperty, "node": nodeProperty,
                "type": ["type": "string", "enum": ["solid", "gradient"], "description": "The skeleton type."],
                "animated": ["type": "boolean", "description": "Animate the skeleton (pulse or sliding gradient)."],
                "time": [
                    "type": "number", "minimum": 0, "maximum": .double(maxRenderTime), "default": 1,
                    "description": "The moment to draw, in seconds after the show.",
                ],
                "scale": [
                    "type": "number", "minimum": 1, "maximum": 4, "default": 1, "description": "Pixels per point.",
                ],
                "scheme": [
                    "type": "string", "enum": ["light", "dark"], "description": "Override the colour scheme.",
                ],
                "rtl": ["type": "boolean", "description": "Override the layout direction: true for right-to-left."],
                "assumeSkeletonable": [
                    "type": "boolean",
                    "description": "Treat views that hold content and their ancestors as skeletonable for this show.",
                ],
            ], required: ["file"]),
        annotations: .init(readOnlyHint: true, idempotentHint: true, openWorldHint: false))

    func render(_ arguments: [String: Value]?) async throws(ToolError) -> CallTool.Result {
        let args = try ToolArguments(
            tool: Self.renderTool.name, arguments,
            known: [
                "file", "scene", "node", "type", "animated", "time", "scale", "scheme", "rtl", "assumeSkeletonable",
            ])
        var document = try ToolDocument(try args.file(), in: scope)
        let time = try args.number("time", in: 0...Self.maxRenderTime) ?? 1
        let scale = try args.number("scale", in: 1...4) ?? 1
        let overrides = TraitOverrides(
            scheme: try args.choice("scheme", ColorScheme.allCases.map(\.rawValue)).flatMap(ColorScheme.init),
            rtl: try args.bool("rtl"))
        document.source = overrides.apply(to: document.source)
        document.source.scene = try args.optionalString("scene")
        let type = try args.choice("type", SkeletonType.allCases.map(\.rawValue)).flatMap(SkeletonType.init)
        var options = ShowOptions(
            type: type?.model ?? .solid, assumeSkeletonable: try args.bool("assumeSkeletonable") == true)
        if try args.bool("animated") == true { options.animated = true }
        let show = ShowRequest.Params(
            target: document.source.target, node: try args.optionalString("node"), options: options,
            explicit: type != nil)
        let frame = try await host.perform { [show, document] daemon throws(ToolError) in
            try daemon.withValid(document) { _ throws(ToolError) in
                try daemon.renderPNG(document, show: show, time: time, scale: scale)
            }
        }
        let scene = document.source.scene.map { " (scene \($0))" } ?? ""
        let size = "\(frame.width)×\(frame.height)"
        return Self.result(
            [
                .image(data: frame.base64, mimeType: "image/png", annotations: nil, _meta: nil),
                .text(
                    text: "\(document.shown)\(scene): \(size) px PNG at \(time.plainText) s, scale \(scale.plainText)",
                    annotations: nil, _meta: nil),
            ],
            [
                "file": .string(document.shown), "width": .int(frame.width), "height": .int(frame.height),
                "time": .double(time), "scale": .double(scale),
            ])
    }
}

/// A PNG from `preview/render`: its size in pixels and its bytes in base64, as the daemon sent them.
struct RenderedPNG: Sendable {
    var width: Int
    var height: Int
    var base64: String
}

extension DaemonSession {
    /// `skeleton render`'s sequence on an open document: `skeleton/show` with `show` now, the clock moved `time`
    /// seconds on, and `preview/render` as PNG at `scale`. Shown at the session's current time rather than at 0
    /// (the clock never goes back), which draws the same picture: what is drawn depends on the time since the show.
    func renderPNG(_ document: ToolDocument, show: ShowRequest.Params, time: Double, scale: Double) throws(ToolError)
        -> RenderedPNG
    {
        let now = try request(ClockAdvanceRequest.self, .init(seconds: 0)).doubleValue ?? 0
        let answer = try request(ShowRequest.self, show)
        if answer["outcome"]?.stringValue == "notSkeletonable" {
            let scene = document.source.scene.map { " (scene \($0))" } ?? ""
            let reason = answer["message"]?.stringValue ?? "nothing is drawn"
            let hint = show.options.assumeSkeletonable ? "" : " (or render with assumeSkeletonable: true)"
            throw ToolError("\(document.shown)\(scene): \(reason)\(hint)")
        }
        try request(ClockSetRequest.self, .init(time: now + time))
        let result = try request(RenderPreviewRequest.self, document.source.renderParams(encoding: "png", scale: scale))
        guard let width = result["width"]?.intValue, let height = result["height"]?.intValue,
            let data = result["data"]?.stringValue
        else {
            throw ToolError("preview/render answered without PNG data")
        }
        return RenderedPNG(width: width, height: height, base64: data)
    }
}
