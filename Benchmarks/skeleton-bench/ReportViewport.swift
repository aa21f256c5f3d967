extension Report {
    static func viewport(_ scenes: [ViewportBench.Scene], _ peaks: [ViewportBench.Peak]) {
        print(
            "## (r) Viewports: an animated gradient skeleton through a 1000 × 800-pixel viewport, 60 fps steps (issue 28)\n"
        )
        print(
            "| scene | stream | CPU ms per frame (median) | % of a core at 60 fps | × layers | KB per frame | frames / clock steps |"
        )
        print("|---|---|---:|---:|---:|---:|---:|")
        let budget = 1000.0 / 60
        for scene in scenes {
            let layers = scene.rows.first { $0.label == "layers" }.map { Measure.median($0.steady.cpuPerFrame) }
            for (label, r) in scene.rows {
                let cpu = Measure.median(r.cpuPerFrame)
                print(
                    "| \(scene.name) | \(label) | \(fixed(cpu * 1000, 2)) | \(fixed(cpu * 1000 / budget * 100, 1)) | \(layers.map { ratio(cpu / $0) } ?? "") | \(fixed(Double(r.bytes) / Double(max(r.frames, 1)) / 1000, 1)) | \(r.frames) / \(r.advances) |"
                )
            }
        }
        print("")
        for peak in peaks {
            print(
                "- \(peak.nodes)-node document, animated `\(peak.label)`: VmHWM **\(fixed(Double(peak.bytes) / 1e6, 1)) MB** after \(peak.frames) frames (aim with the viewport: ≤ 100 MB)"
            )
        }
        print("")
    }
}
