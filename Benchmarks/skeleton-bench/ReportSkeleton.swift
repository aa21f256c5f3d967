/// The Markdown tables of the skeleton benchmarks (issues 3, 5 and 6).
import SkeletonRender

extension Report {
    static func layout(_ results: [ContenderResult], document: CardDocument) {
        let nodes = Double(document.nodeCount)
        print(
            "## (c) Layout: a \(group(document.nodeCount))-node document (\(fixed(Double(document.text.count) / 1e6, 2)) MB, \(document.canvasWidth)×\(document.canvasHeight) points), decode + show + layers(at:)\n"
        )
        print("| path | median ms | min–max ms | µs per node | × jansson's parse |")
        print("|---|---:|---:|---:|---:|")
        let parse = results[1].median
        for r in results {
            print(
                "| \(r.name) | \(ms(r.median)) | \(ms(r.seconds.min() ?? 0))–\(ms(r.seconds.max() ?? 0)) | \(fixed(r.median / nodes * 1e6, 2)) | \(ratio(r.median / parse)) |"
            )
        }
        print("")
        print(
            "- **layout / jansson's parse of the same bytes: \(ratio(results[0].median / parse))** (\(fixed(results[0].median / nodes * 1e6, 2)) µs per node; issue 3 sets no bound)"
        )
        print("")
    }

    static func render(_ r: RenderBench.Result) {
        let pixels = Double(RenderBench.width * RenderBench.height)
        print(
            "## (d) Full-frame render: 1920×1080, 200 overlapping rounded blocks with linear gradients (7 angles, 2–3 stops, 1 in 5 at 80 % opacity)\n"
        )
        print("| path | median ms | min–max ms | ns per pixel | × ours |")
        print("|---|---:|---:|---:|---:|")
        let ours = Measure.median(r.ours)
        let rows: [(String, [Double])] = [
            ("ours: `Rasterizer.render` into an existing frame (two bands at once on the 2 cores)", r.ours),
            ("ours on one thread (`parallel = false`)", r.oursOneThread),
            ("cairo 1.16 (pycairo): same scene, RGB24 surface, timed in Python", r.cairo),
            ("ref: the same Python loop without drawing (interpreter share of cairo's row)", r.cairoOverhead),
            ("plain fill of the frame (`Frame.fill`)", r.fill),
        ]
        for (name, times) in rows {
            let m = Measure.median(times)
            print(
                "| \(name) | \(fixed(m * 1000, 2)) | \(fixed((times.min() ?? 0) * 1000, 2))–\(fixed((times.max() ?? 0) * 1000, 2)) | \(fixed(m / pixels * 1e9, 2)) | \(ratio(m / ours)) |"
            )
        }
        print("")
        let cairo = Measure.median(r.cairo)
        let fill = Measure.median(r.fill)
        let vsCairo = ours / cairo
        print(
            "- **ours / cairo: \(fixed(vsCairo, 3))** (aim ≤ 0.100: \(vsCairo <= 0.1 ? "met" : "NOT met"); cairo is \(ratio(cairo / ours)) slower)"
        )
        let single = Measure.median(r.oursOneThread)
        print(
            "- ours on one thread / cairo: \(fixed(single / cairo, 3)) (the product draws frames of \(group(Rasterizer.parallelPixels)) pixels or more as two bands at once)"
        )
        print("- **ours / fill: \(ratio(ours / fill))**")
        print(
            "- same picture: mean difference \(fixed(r.meanDifference, 3)) levels per channel, \(fixed(r.pixelsOver16 * 100, 3)) % of pixels more than 16 levels off (largest \(r.maxDifference)); the bench fails above 1 level or 1 %"
        )
        print("")
    }

    static func steady(_ rows: [LiveBench.Steady]) {
        print(
            "## (e) Steady state: animated gradient skeleton of the feed at 390×844 points, scale 3 (1170×2532 px), 60 fps steps, through skeletond\n"
        )
        print(
            "| encoding | CPU ms per frame (median) | min–max | wall ms per frame | KB per frame | frames / clock steps |"
        )
        print("|---|---:|---:|---:|---:|---:|")
        for r in rows {
            print(
                "| `\(r.encoding)` | \(fixed(Measure.median(r.cpuPerFrame) * 1000, 2)) | \(fixed((r.cpuPerFrame.min() ?? 0) * 1000, 2))–\(fixed((r.cpuPerFrame.max() ?? 0) * 1000, 2)) | \(fixed(Measure.median(r.wallPerFrame) * 1000, 2)) | \(fixed(Double(r.bytes) / Double(max(r.frames, 1)) / 1000, 1)) | \(r.frames) / \(r.advances) |"
            )
        }
        print("")
        let budget = 1000.0 / 60
        for r in rows {
            let cpu = Measure.median(r.cpuPerFrame) * 1000
            print(
                "- `\(r.encoding)`: \(fixed(cpu / budget * 100, 1)) % of one core at 60 fps (\(fixed(cpu, 2)) of \(fixed(budget, 2)) ms)"
            )
        }
        print("")
    }

    static func scaling(_ rows: [ScalingBench.Row]) {
        print("## (f) Cost per pixel as the canvas grows: the animated feed at scales 1, √2, 2\n")
        print(
            "| canvas | pixels | render ns/px | diff ns/px | stream step ns/px | render, × 1× | diff, × 1× | stream step, × 1× |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        guard let base = rows.first else { return }
        func perPixel(_ row: ScalingBench.Row, _ times: [Double]) -> Double {
            Measure.median(times) / Double(row.pixels)
        }
        var worst = 0.0
        for (i, row) in rows.enumerated() {
            let r = perPixel(row, row.render) / perPixel(base, base.render)
            let d = perPixel(row, row.diff) / perPixel(base, base.diff)
            let s = perPixel(row, row.stream) / perPixel(base, base.stream)
            worst = max(worst, r, d, s)
            print(
                "| \(ScalingBench.scales[i].label) (scale \(fixed(row.scale, 3))) | \(group(row.pixels)) | \(fixed(perPixel(row, row.render) * 1e9, 2)) | \(fixed(perPixel(row, row.diff) * 1e9, 2)) | \(fixed(perPixel(row, row.stream) * 1e9, 2)) | \(ratio(r)) | \(ratio(d)) | \(ratio(s)) |"
            )
        }
        print("")
        print(
            "- **worst per-pixel cost relative to 1×: \(ratio(worst))** (aim: does not grow, ≤ 1.10× allowing for noise: \(worst <= 1.1 ? "met" : "NOT met"))"
        )
        print("")
    }

    /// Nearest-rank percentile.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank - 1, 0), sorted.count - 1)]
    }

    static func latency(_ r: LiveBench.Latency) {
        print(
            "## (g) Edit-to-frame latency through skeletond: one range edit (a width) in a \(r.nodes)-node document, active `raw` subscription, every frame acknowledged\n"
        )
        print("| measure | samples | p50 µs | p90 µs | p99 µs | max µs |")
        print("|---|---:|---:|---:|---:|---:|")
        for (name, values) in [
            ("`didChange` written → `preview/frame` read", r.edits),
            ("floor: `skeleton/isActive` round trip, same pipe", r.floor),
        ] {
            print(
                "| \(name) | \(group(values.count)) | \(fixed(percentile(values, 0.5) * 1e6, 0)) | \(fixed(percentile(values, 0.9) * 1e6, 0)) | \(fixed(percentile(values, 0.99) * 1e6, 0)) | \(fixed((values.max() ?? 0) * 1e6, 0)) |"
            )
        }
        print("")
        let p50 = percentile(r.edits, 0.5)
        let floor = percentile(r.floor, 0.5)
        let p99 = percentile(r.edits, 0.99)
        print(
            "- **p50 / floor p50: \(ratio(p50 / floor))** (issue 16's aim ≤ 1.5×: \(p50 / floor <= 1.5 ? "met" : "NOT met"); issue 6's ≤ 3×: \(p50 / floor <= 3 ? "met" : "NOT met"))"
        )
        print("- **p99: \(fixed(p99 * 1e6, 0)) µs** (aim < 1,000 µs: \(p99 < 1e-3 ? "met" : "NOT met"))")
        print(
            "- frames average \(fixed(Double(r.frameBytes) / Double(max(r.edits.count, 1)), 0)) B on the wire\(r.budgetHit ? "; stopped early at the time budget" : "")"
        )
        print("")
    }

    static func didOpen(_ rows: [LiveBench.Open]) {
        print(
            "## (h) `didOpen` of big documents: written → answer of a following `skeleton/isActive` on it, against jansson's bare parse (`json_loadb`) of the same document bytes\n"
        )
        print(
            "| document | nodes | skeletond median ms | min–max ms | ms per MB | jansson ms per MB | × jansson | message + document parses, × jansson | skeletond × those two parses |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for r in rows {
            let d = Measure.median(r.daemon)
            let j = Measure.median(r.jansson)
            let two = Measure.median(r.twoParses)
            print(
                "| \(fixed(r.megabytes, 2)) MB | \(group(r.nodes)) | \(fixed(d * 1000, 1)) | \(fixed((r.daemon.min() ?? 0) * 1000, 1))–\(fixed((r.daemon.max() ?? 0) * 1000, 1)) | \(fixed(d * 1000 / r.megabytes, 1)) | \(fixed(j * 1000 / r.megabytes, 1)) | \(ratio(d / j)) | \(ratio(two / j)) | \(ratio(d / two)) |"
            )
        }
        print(
            "\nThe document arrives as a JSON string inside the message, so a server that parses every body with jansson parses it twice: the message (its string lexed and unescaped) and then the document; the column \"message + document parses\" is that least cost, measured here in process.\n"
        )
    }

    static func language(_ r: LanguageBench.Result) {
        print(
            "## (j) Language features through skeletond: `textDocument/hover`, `textDocument/completion` and `textDocument/documentSymbol` on a \(group(r.nodes))-node document against a no-op request on the same pipe\n"
        )
        print("| request | samples | p50 µs | p99 µs | p50 / floor p50 | p99 / floor p99 |")
        print("|---|---:|---:|---:|---:|---:|")
        let floor50 = percentile(r.floor, 0.5)
        let floor99 = percentile(r.floor, 0.99)
        for (name, values) in [
            ("floor: `daemon/status`", r.floor), ("`textDocument/hover` on a leaf node", r.hover),
            ("`textDocument/completion` of a member name", r.completion),
            ("`textDocument/documentSymbol`", r.symbols),
            ("hover right after an edit", r.hoverAfterEdit),
            ("completion right after an edit", r.completionAfterEdit),
            ("documentSymbol right after an edit", r.symbolsAfterEdit),
            ("hover right after an edit that changes the length", r.hoverAfterLongerEdit),
            ("documentSymbol right after an edit that changes the length", r.symbolsAfterLongerEdit),
        ] {
            let p50 = percentile(values, 0.5)
            let p99 = percentile(values, 0.99)
            print(
                "| \(name) | \(group(values.count)) | \(fixed(p50 * 1e6, 0)) | \(fixed(p99 * 1e6, 0)) | \(ratio(p50 / floor50)) | \(ratio(p99 / floor99)) |"
            )
        }
        print("")
        print("- the first hover after opening (the text map is built then): \(fixed(r.firstHover * 1e6, 0)) µs")
        if !r.outlinePipeFloor.isEmpty {
            let pipe50 = percentile(r.outlinePipeFloor, 0.5)
            print(
                "- the outline's answer is \(group(r.outlineBytes)) bytes: the same bytes written by a thread into a pipe and read back by this bench's reader take \(fixed(pipe50 * 1e6, 0)) µs at p50 (\(ratio(pipe50 / floor50)) the floor); documentSymbol is **\(ratio(percentile(r.symbols, 0.5) / pipe50)) that pipe floor**"
            )
        }
        print("")
    }

    static func memory(_ rows: [LiveBench.Memory]) {
        print(
            "## (i) Resident memory per open document (skeletond's VmRSS before and after opening N copies, fresh daemon each)\n"
        )
        print("| document | copies | VmRSS before MB | after MB | KB per document | bytes per node |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in rows {
            print(
                "| \(group(r.nodes)) nodes | \(group(r.copies)) | \(fixed(Double(r.before) / 1e6, 1)) | \(fixed(Double(r.after) / 1e6, 1)) | \(fixed(r.perDocument / 1000, 1)) | \(fixed(r.perDocument / Double(r.nodes), 0)) |"
            )
        }
        print("")
        if let small = rows.first(where: { $0.copies >= 1000 }) {
            let mb = Double(small.after) / 1e6
            print(
                "- **\(group(small.copies)) documents of \(small.nodes) nodes: \(fixed(mb, 1)) MB resident in all** (aim ≤ 200 MB: \(mb <= 200 ? "met" : "NOT met"))"
            )
            print("")
        }
    }
}
