extension Report {
    /// Issue 16: pipelined requests against the floor and clangd.
    static func pipeline(_ results: [PipelineBench.Result]) {
        guard let first = results.first else { return }
        print(
            "## (k) Pipelined requests: \(group(first.messages)) requests of an unknown method (the error path) written as fast as the pipe takes them, until the last answer is read\n"
        )
        let floor = results.first { $0.peer.hasPrefix("floor") }.map { PipelineBench.median($0.seconds) }
        let janssonFloor = results.first { $0.peer.hasPrefix("jansson floor") }.map { PipelineBench.median($0.seconds) }
        print("| peer | median ms | µs per message | × the floor | × the jansson floor | runs |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in results {
            let m = PipelineBench.median(r.seconds)
            let ratioText = floor.map { ratio(m / $0) } ?? "—"
            let janssonText = janssonFloor.map { ratio(m / $0) } ?? "—"
            print(
                "| \(r.peer) | \(fixed(m * 1000, 1)) | \(fixed(m / Double(r.messages) * 1e6, 2)) | \(ratioText) | \(janssonText) | \(r.seconds.count) |"
            )
        }
        print("")
        let ours = results.first { $0.peer == "skeletond" }.map { PipelineBench.median($0.seconds) }
        let clangd = results.first { $0.peer == "clangd" }.map { PipelineBench.median($0.seconds) }
        if let ours, let floor {
            print(
                "- **skeletond / floor: \(ratio(ours / floor))** (aim ≤ 3×: \(ours / floor <= 3 ? "met" : "NOT met"))")
        }
        if let ours, let janssonFloor {
            print(
                "- **skeletond / the jansson floor: \(ratio(ours / janssonFloor))** (the least any server that parses every body with jansson pays; the floor itself is \(floor.map { ratio(janssonFloor / $0) } ?? "—") the echo)"
            )
        }
        if let ours, let clangd {
            print(
                "- **skeletond / clangd: \(ratio(ours / clangd))** (aim ≤ 0.5×: \(ours / clangd <= 0.5 ? "met" : "NOT met"))"
            )
        }
        print("")
    }
}
