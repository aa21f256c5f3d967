import SkeletonProtocol

/// Issue 28: the `cells` stream at terminal sizes through skeletond, against the same scene's `layers` stream in
/// the same run: the animated feed at scale 3 and a 5,000-node document of cards at scale 1 (at scale 3 its
/// canvas would be past `RenderLimits`), each as an animated gradient skeleton, 60 fps clock steps.
enum CellsBench {
    struct Scene {
        let name: String
        let text: [UInt8]
        let scale: Int
    }

    struct Row {
        let scene: String
        let layers: LiveBench.Steady
        let cells: [LiveBench.Steady]
    }

    static let grids: [(columns: Int, rows: Int)] = [(80, 24), (200, 60)]

    static func run(executable: String, progress: (String) -> Void) throws -> [Row] {
        let cards = CardDocument.make(nodes: 5_000)
        let scenes = [
            Scene(name: "feed 390×844 pt, scale 3", text: try FeedDocument.text(), scale: 3),
            Scene(
                name: "\(cards.nodeCount) nodes, \(cards.canvasWidth)×\(cards.canvasHeight) pt, scale 1",
                text: cards.text, scale: 1),
        ]
        var rows: [Row] = []
        for (k, scene) in scenes.enumerated() {
            let daemon = try LiveDaemon(executable: executable)
            defer { daemon.stop() }
            let uri = "file:///bench/cells\(k).skeleton.json"
            daemon.notify(DidOpenTextDocument.self, LiveBench.openParams(uri: uri, text: scene.text))
            try daemon.request(ShowRequest.self, LiveBench.animatedGradient(uri))
            let layers = try LiveBench.measure(daemon, uri: uri, encoding: "layers", scale: scene.scale)
            var cells: [LiveBench.Steady] = []
            for grid in grids {
                cells.append(
                    try LiveBench.measure(
                        daemon, uri: uri, encoding: "cells", scale: scene.scale, cells: grid,
                        label: "cells \(grid.columns)×\(grid.rows)"))
            }
            progress("cells: \(scene.name) done")
            rows.append(Row(scene: scene.name, layers: layers, cells: cells))
        }
        return rows
    }

    static func report(_ rows: [Row]) {
        print(
            "## (s) `cells` at terminal sizes against `layers`, animated gradient skeleton, 60 fps steps (issue 28)\n")
        print(
            "| scene | stream | CPU ms per frame (median) | min–max | % of a core at 60 fps | × `layers` | frames / steps |"
        )
        print("|---|---|---:|---:|---:|---:|---:|")
        let budget = 1000.0 / 60
        for row in rows {
            let layers = Measure.median(row.layers.cpuPerFrame) * 1000
            for stream in [row.layers] + row.cells {
                let cpu = Measure.median(stream.cpuPerFrame) * 1000
                let range =
                    "\(Report.fixed((stream.cpuPerFrame.min() ?? 0) * 1000, 2))–\(Report.fixed((stream.cpuPerFrame.max() ?? 0) * 1000, 2))"
                print(
                    "| \(row.scene) | `\(stream.encoding)` | \(Report.fixed(cpu, 2)) | \(range) | \(Report.fixed(cpu / budget * 100, 1)) | \(Report.fixed(cpu / layers, 2)) | \(stream.frames) / \(stream.advances) |"
                )
            }
        }
        print("\nAims: `cells` ≤ 2× `layers` and ≤ 5 % of a core at 60 fps, whatever the document's size.\n")
    }
}
