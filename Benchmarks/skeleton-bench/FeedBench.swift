import Foundation
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import SkeletonRender

/// `Examples/feed.skeleton.json` on a 390 × 844-point screen (iPhone 14): the example's 375 × 667 frames widened and
/// heightened (root, navigation bar, table, header and cell widths; the table 780 points tall, so 8 automatic rows).
enum FeedDocument {
    static func text(examples: String = "Examples") throws -> [UInt8] {
        let path = examples + "/feed.skeleton.json"
        guard let original = FileManager.default.contents(atPath: path) else {
            throw BenchError("no \(path) (run from the repository root)")
        }
        let text = String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "375", with: "390")
            .replacingOccurrences(of: "667", with: "844")
            .replacingOccurrences(of: "603", with: "780")
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        guard let document = result.document, document.canvasSize == Size(width: 390, height: 844) else {
            throw BenchError("the 390×844 feed does not decode to a 390×844 canvas")
        }
        return bytes
    }

    /// An animated gradient skeleton of the feed (SkeletonView's `showAnimatedGradientSkeleton()`, no transition).
    static func session() throws -> SkeletonSession {
        let bytes = try text()
        guard let document = bytes.withUnsafeBytes({ DocumentDecoder().decode(bytes: $0) }).document else {
            throw BenchError("the feed does not decode")
        }
        var session = SkeletonSession(document: document)
        _ = try session.show(ShowOptions(type: .gradient, animated: true, transition: .none), at: 0)
        return session
    }
}

/// Issue 5 (c): render and diff cost per pixel as the canvas grows (the animated feed at 1×, 2× and 4× the pixels:
/// scales 1, √2 and 2).
enum ScalingBench {
    struct Row {
        let scale: Double
        let pixels: Int
        var render: [Double] = []
        var diff: [Double] = []
        var stream: [Double] = []
    }

    static let scales: [(label: String, scale: Double)] = [("1×", 1), ("2×", 2.0.squareRoot()), ("4×", 2)]
    static let framesPerRun = 10

    static func run(runs: Int, progress: (String) -> Void) throws -> [Row] {
        let session = try FeedDocument.session()
        // Consecutive frames of the animation at 60 fps (after the first second, in steady state).
        let lists = (0...framesPerRun).map { session.layers(at: 1 + Double($0) / 60) }
        guard lists[0] != lists[1] else { throw BenchError("scaling: the feed does not animate") }
        var rows: [Row] = []
        var states: [(Rasterizer, Frame, Frame, PixelStream)] = []
        for (_, scale) in scales {
            var rasterizer = Rasterizer()
            let a = try rasterizer.render(lists[0], scale: scale)
            let b = try rasterizer.render(lists[1], scale: scale)
            var stream = try PixelStream(scale: scale, encoding: .raw)
            _ = try stream.next(lists[0])
            rows.append(Row(scale: scale, pixels: a.width * a.height))
            states.append((rasterizer, a, b, stream))
        }
        for run in 0..<runs {
            for k in 0..<scales.count {
                let i = (k + run) % scales.count
                var (rasterizer, a, b, stream) = states[i]
                let scale = rows[i].scale
                // Full render of one frame into an existing frame.
                let render = try Measure.time { try rasterizer.render(lists[1], scale: scale, into: &b) }
                rows[i].render.append(render.seconds)
                // Tile diff between two consecutive full frames.
                let diff = try Measure.time { try TileDiff.changedRects(from: a, to: b) }
                guard !diff.result.isEmpty else { throw BenchError("scaling: consecutive frames do not differ") }
                rows[i].diff.append(diff.seconds)
                // A subscriber's steady-state step: damage from the lists, render of the damage, tile diff, raw rects.
                var changed = 0
                let step = try Measure.time {
                    for f in 1...framesPerRun {
                        changed += try stream.next(lists[f])?.rects.count ?? 0
                    }
                    _ = try stream.next(lists[0])  // back to the start, for the next run (not timed apart)
                }
                guard changed > 0 else { throw BenchError("scaling: the stream sent nothing") }
                rows[i].stream.append(step.seconds / Double(framesPerRun + 1))
                states[i] = (rasterizer, a, b, stream)
            }
            progress("render scaling: run \(run + 1)/\(runs)")
        }
        return rows
    }
}
