import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import SkeletonRender
import SkeletonText

/// Issue 17: what drawing the content under the skeleton costs. The feed at 390 × 844 points, scale 3: a full render
/// of its content frame (before a show) against the same display list without its text, image and border layers,
/// with the text engine's caches cold and warm; and a subscriber's steady animated frames (gradient skeleton shown)
/// with and without those layers.
enum ContentBench {
    struct Result {
        var withContentCold: [Double] = []
        var withContentWarm: [Double] = []
        var withoutContent: [Double] = []
        var shownWith: [Double] = []
        var shownWithout: [Double] = []
        var steadyWith: [Double] = []
        var steadyWithout: [Double] = []
        var textLayers = 0
    }

    static let scale = 3.0
    static let framesPerRun = 10

    /// `list` without the layers that draw content beyond backgrounds.
    static func stripped(_ list: DisplayList) -> DisplayList {
        var out = list
        out.layers.removeAll { $0.kind == .text || $0.kind == .image || $0.kind == .border }
        return out
    }

    /// The display lists measured: the content frame and the animated skeleton frame (t = 1 + 1/60 s), each with
    /// and without its text, image and border layers; and the animation's frames for the streams.
    static func lists() throws -> (before: DisplayList, shown: DisplayList, animated: [DisplayList]) {
        let document = try FeedDocument.session()  // shown (animated gradient) at t = 0
        let bytes = try FeedDocument.text()
        guard let decoded = bytes.withUnsafeBytes({ DocumentDecoder().decode(bytes: $0) }).document else {
            throw BenchError("content: the feed does not decode")
        }
        let animated = (0...framesPerRun).map { document.layers(at: 1 + Double($0) / 60) }
        return (SkeletonSession(document: decoded).layers(at: 0), animated[1], animated)
    }

    /// `--profile content-frame[-plain]` and `skeleton-frame[-plain]`: one list rendered `runs` times on one thread
    /// (deterministic instruction counts under callgrind; the difference of two run counts is the cost of a render).
    static func profile(_ which: String, runs: Int) throws -> Int {
        let all = try lists()
        var list = which.hasPrefix("content") ? all.before : all.shown
        if which.hasSuffix("-plain") { list = stripped(list) }
        var rasterizer = Rasterizer()
        rasterizer.parallel = false
        var frame = try rasterizer.render(list, scale: scale)  // warms the text engine's caches
        var checksum = 0
        for _ in 0..<runs {
            try rasterizer.render(list, scale: scale, into: &frame)
            checksum &+= Int(frame.pixels[checksum & 1023])
        }
        return checksum
    }

    static func run(runs: Int, progress: (String) -> Void) throws -> Result {
        let (before, _, animated) = try lists()
        let plain = stripped(before)
        var result = Result(textLayers: before.layers.filter { $0.kind == .text }.count)
        guard result.textLayers > 0 else { throw BenchError("content: the feed has no text") }
        let animatedPlain = animated.map(stripped)
        var rasterizer = Rasterizer()
        var frame = try rasterizer.render(before, scale: scale)
        var with = try PixelStream(scale: scale, encoding: .raw)
        var without = try PixelStream(scale: scale, encoding: .raw)
        _ = try with.next(animated[0])
        _ = try without.next(animatedPlain[0])
        for run in 0..<runs {
            TextEngine.shared.removeCachedData()
            result.withContentCold.append(
                try Measure.time { try rasterizer.render(before, scale: scale, into: &frame) }.seconds)
            func render(_ list: DisplayList) throws -> Double {
                try Measure.time { try rasterizer.render(list, scale: scale, into: &frame) }.seconds
            }
            func steady(_ stream: inout PixelStream, _ lists: [DisplayList]) throws -> Double {
                let t = try Measure.time {
                    for f in 1...framesPerRun { _ = try stream.next(lists[f]) }
                    _ = try stream.next(lists[0])
                }
                return t.seconds / Double(framesPerRun + 1)
            }
            // Each pair alternates which side runs first, so neither always runs on memory the other just freed.
            let first = run % 2 == 0
            if first { result.withContentWarm.append(try render(before)) }
            result.withoutContent.append(try render(plain))
            if !first { result.withContentWarm.append(try render(before)) }
            if first { result.shownWith.append(try render(animated[1])) }
            result.shownWithout.append(try render(animatedPlain[1]))
            if !first { result.shownWith.append(try render(animated[1])) }
            if first { result.steadyWith.append(try steady(&with, animated)) }
            result.steadyWithout.append(try steady(&without, animatedPlain))
            if !first { result.steadyWith.append(try steady(&with, animated)) }
            progress("content: run \(run + 1)/\(runs)")
        }
        return result
    }
}

extension Report {
    static func content(_ r: ContentBench.Result) {
        print("## (n) Content under the skeleton: the feed at 390×844 points, scale 3 (1170×2532 px)\n")
        print("| path | ms (median) | ratio |")
        print("|---|---:|---:|")
        let without = Measure.median(r.withoutContent)
        func row(_ name: String, _ values: [Double], _ base: Double) {
            let m = Measure.median(values)
            print("| \(name) | \(fixed(m * 1000, 3)) | \(fixed(m / base, 2))× |")
        }
        row("full render, no text/image/border layers (the floor)", r.withoutContent, without)
        row("full render with content, text caches cold (\(r.textLayers) text layers)", r.withContentCold, without)
        row("full render with content, masks cached", r.withContentWarm, without)
        let shownWithout = Measure.median(r.shownWithout)
        row("full render of the animated skeleton frame, without content layers", r.shownWithout, shownWithout)
        row("full render of the animated skeleton frame, with content layers", r.shownWith, shownWithout)
        let steadyWithout = Measure.median(r.steadyWithout)
        row("steady animated frame (damage + raster + diff), without content layers", r.steadyWithout, steadyWithout)
        row("steady animated frame, with content layers", r.steadyWith, steadyWithout)
        print("\nAims (issue 17): ≤ 1.2× for a full render, ≤ 1.05× for steady animated frames.\n")
    }
}
