import Foundation
import SkeletonGraphics
import SkeletonText

/// Issue 17: text under skeletons, per label: shaping (HarfBuzz), bidi, line breaking and rasterisation (FreeType)
/// of 200 labels of mixed lengths at 17 pt and scale 3, cold (every cache empty) and warm (glyph bitmaps cached;
/// and every mask cached), against cairo (pycairo) drawing the same lines at the same positions with Inter.
enum TextBench {
    static let scale = 3.0
    static let labelCount = 200

    struct Label {
        var content: TextContent
        var box: Rect
    }

    /// 200 Latin labels (cairo's toy text API neither shapes nor orders bidi text): 1 to 24 words of lorem ipsum,
    /// 120–360 points wide, 1–3 lines.
    static func labels() -> [Label] {
        let words =
            ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et "
            + "dolore magna aliqua Ut enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip")
            .split(separator: " ").map(String.init)
        var random = SplitMix64(seed: 17)
        var labels: [Label] = []
        for _ in 0..<labelCount {
            let count = 1 + random.below(24)
            let text = (0..<count).map { _ in random.pick(words) }.joined(separator: " ")
            let lines = 1 + random.below(3)
            let font = FontSpec(size: 17)
            let width = Double(120 + random.below(241))
            labels.append(
                Label(
                    content: TextContent(text: text, font: font, alignment: .left, maxLines: lines),
                    box: Rect(x: 0, y: 0, width: width, height: (Double(lines) * font.lineHeight).rounded(.up))))
        }
        return labels
    }

    /// The lines we laid out, for the cairo peer to draw at the same pen positions.
    static func linesJSON(_ labels: [Label], engine: TextEngine) -> String {
        func quoted(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if scalar.value < 0x20 || scalar.value > 0x7E {
                        out += String(format: "\\u%04x", scalar.value)  // "…" is in the BMP
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        var items: [String] = []
        for label in labels {
            let layout = engine.layout(label.content, in: label.box.size)
            let lines = layout.lines.map { "[\($0.x), \($0.baseline), \(quoted($0.text))]" }
            items.append(
                "{\"width\": \(label.box.width), \"height\": \(label.box.height), \"lines\": [\(lines.joined(separator: ", "))]}"
            )
        }
        return "{\"scale\": \(scale), \"size\": 17, \"labels\": [\n" + items.joined(separator: ",\n") + "\n]}\n"
    }

    struct Result {
        var cold: [Double] = []
        var layoutOnly: [Double] = []
        var warmGlyphs: [Double] = []
        var warmMasks: [Double] = []
        var cairoCold: [Double] = []
        var cairoWarm: [Double] = []
        var lines = 0
        var characters = 0
        var ourInk = 0
        var cairoInk = 0
    }

    static func run(runs: Int, python: String, script: String, progress: (String) -> Void) throws -> Result {
        let engine = TextEngine()
        let labels = labels()
        let path = NSTemporaryDirectory() + "skeleton-bench-text-\(getpid()).json"
        try linesJSON(labels, engine: engine).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let peer = try LinePeer(executable: python, arguments: [script, path])
        defer { peer.close() }

        var result = Result()
        func drawAll() -> Int {
            var pixels = 0
            for label in labels { pixels &+= engine.mask(label.content, in: label.box, scale: scale).coverage.count }
            return pixels
        }
        func layoutAll() -> Int {
            var lines = 0
            for label in labels { lines &+= engine.layout(label.content, in: label.box.size).lines.count }
            return lines
        }
        engine.removeCachedData()
        for label in labels {
            result.ourInk += engine.mask(label.content, in: label.box, scale: scale).coverage.reduce(0) { $0 + Int($1) }
        }
        for label in labels {
            let layout = engine.layout(label.content, in: label.box.size)
            result.lines += layout.lines.count
            result.characters += layout.lines.reduce(0) { $0 + $1.text.count }
        }
        guard let ink = Int(try peer.ask("ink")) else { throw BenchError("cairo text peer: no ink figure") }
        result.cairoInk = ink
        _ = try peer.askSeconds("warm")
        for run in 0..<(3 * runs) {
            engine.removeCachedData()
            result.layoutOnly.append(Measure.time { layoutAll() }.seconds)
            engine.removeCachedData()
            result.cold.append(Measure.time { drawAll() }.seconds)
            engine.removeCachedData(keepingGlyphs: true)
            result.warmGlyphs.append(Measure.time { drawAll() }.seconds)
            result.warmMasks.append(Measure.time { drawAll() }.seconds)
            result.cairoCold.append(try peer.askSeconds("cold"))
            result.cairoWarm.append(try peer.askSeconds("warm"))
            if run % 3 == 2 { progress("text: run \(run / 3 + 1)/\(runs)") }
        }
        return result
    }
}

extension Report {
    static func text(_ r: TextBench.Result) {
        let labels = Double(TextBench.labelCount)
        print(
            "## (m) Text per label: \(TextBench.labelCount) labels (\(r.lines) lines, \(group(r.characters)) characters), Inter 17 pt at scale 3, coverage masks\n"
        )
        print("| path | median ms | min–max ms | µs per label | × ours cold |")
        print("|---|---:|---:|---:|---:|")
        let cold = Measure.median(r.cold)
        let rows: [(String, [Double])] = [
            ("ours cold: shape, bidi, break, rasterise (every cache empty)", r.cold),
            ("ours, glyph bitmaps cached (layouts and masks not)", r.warmGlyphs),
            ("ours, layouts alone (shape, bidi, break; no pixels)", r.layoutOnly),
            ("ours, masks cached (the renderer's next frame)", r.warmMasks),
            ("cairo (pycairo, toy API, `Inter` via fontconfig): our lines, new font size (cold glyphs)", r.cairoCold),
            ("cairo, same font size (warm glyphs)", r.cairoWarm),
        ]
        for (name, times) in rows {
            let m = Measure.median(times)
            print(
                "| \(name) | \(fixed(m * 1000, 2)) | \(fixed((times.min() ?? 0) * 1000, 2))–\(fixed((times.max() ?? 0) * 1000, 2)) | \(fixed(m / labels * 1e6, 1)) | \(ratio(m / cold)) |"
            )
        }
        print("")
        print("- **ours cold / cairo cold: \(fixed(cold / Measure.median(r.cairoCold), 2))**")
        print(
            "- **ours with glyphs cached / cairo warm: \(fixed(Measure.median(r.warmGlyphs) / Measure.median(r.cairoWarm), 2))** (cairo neither shapes nor breaks lines here: it draws the lines we laid out)"
        )
        print(
            "- same ink: ours \(group(r.ourInk)), cairo \(group(r.cairoInk)) coverage levels in total (\(fixed(Double(r.ourInk) / Double(max(r.cairoInk, 1)), 3))×)"
        )
        print("")
    }
}
