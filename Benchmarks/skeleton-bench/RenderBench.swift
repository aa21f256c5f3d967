import Foundation
import JSONRPC
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import SkeletonRender

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 5 (a): one 1920×1080 display list of 200 overlapping rounded blocks with linear gradients at several
/// angles, rendered by our rasterizer, by cairo (pycairo, in a Python process driven over a pipe) and compared
/// with a plain fill of the frame.
enum RenderBench {
    static let width = 1920, height = 1080

    /// 200 blocks: integer point rects (as layouts produce), radii 0–40, 2 or 3 stops at 7 axis angles, every
    /// fifth block at 80 % opacity. Colours are whole 8-bit values so both renderers start from the same bytes.
    static func scene() -> DisplayList {
        var random = SplitMix64(seed: 5)
        let axes: [(Point, Point)] = [
            (Point(x: 0, y: 0.5), Point(x: 1, y: 0.5)), (Point(x: 0.5, y: 0), Point(x: 0.5, y: 1)),
            (Point(x: 0, y: 0), Point(x: 1, y: 1)), (Point(x: 1, y: 0), Point(x: 0, y: 1)),
            (Point(x: 0.1, y: 0.8), Point(x: 0.9, y: 0.2)), (Point(x: 0.5, y: 1), Point(x: 0.5, y: 0)),
            (Point(x: 0.2, y: 0.3), Point(x: 0.8, y: 0.6)),
        ]
        var layers: [Layer] = []
        for i in 0..<200 {
            let w = 80 + random.below(340)
            let h = 40 + random.below(220)
            let x = random.below(width - w)
            let y = random.below(height - h)
            let radius = Double(random.pick([0, 4, 8, 12, 20, 40]))
            let (start, end) = axes[i % axes.count]
            var colors: [RGBA] = []
            for _ in 0..<(2 + random.below(2)) {
                colors.append(
                    RGBA(r8: UInt8(random.below(256)), g8: UInt8(random.below(256)), b8: UInt8(random.below(256))))
            }
            let rect = Rect(x: Double(x), y: Double(y), width: Double(w), height: Double(h))
            layers.append(
                Layer(
                    id: "block\(i)", node: "block\(i)", kind: .block,
                    shape: RoundedRect(rect: rect, cornerRadius: radius),
                    fill: .linearGradient(LinearGradient(colors: colors, start: start, end: end)),
                    opacity: i % 5 == 4 ? 0.8 : 1))
        }
        return DisplayList(size: Size(width: Double(width), height: Double(height)), background: .white, layers: layers)
    }

    /// The scene as the Python peer reads it.
    static func sceneJSON(_ list: DisplayList) -> String {
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        var layers: [String] = []
        for layer in list.layers {
            guard case .linearGradient(let g) = layer.fill else { continue }
            let r = layer.shape.rect
            let colors = g.colors.map { "[\(byte($0.red)), \(byte($0.green)), \(byte($0.blue)), \(byte($0.alpha))]" }
            layers.append(
                "{\"rect\": [\(number(r.x)), \(number(r.y)), \(number(r.width)), \(number(r.height))], "
                    + "\"radius\": \(number(layer.shape.cornerRadius)), \"start\": [\(g.start.x), \(g.start.y)], "
                    + "\"end\": [\(g.end.x), \(g.end.y)], \"colors\": [\(colors.joined(separator: ", "))], "
                    + "\"opacity\": \(layer.opacity)}")
        }
        let bg = list.background
        return "{\"width\": \(Int(list.size.width)), \"height\": \(Int(list.size.height)), "
            + "\"background\": [\(byte(bg.red)), \(byte(bg.green)), \(byte(bg.blue))], "
            + "\"layers\": [\n" + layers.joined(separator: ",\n") + "\n]}\n"
    }

    struct Result {
        var ours: [Double] = []
        var oursOneThread: [Double] = []
        var cairo: [Double] = []
        var cairoOverhead: [Double] = []
        var fill: [Double] = []
        var meanDifference = 0.0
        var pixelsOver16 = 0.0
        var maxDifference = 0
    }

    /// How far two frames are apart: mean absolute channel difference, share of pixels with a channel more than
    /// 16 levels off, and the largest channel difference.
    static func compare(ours frame: Frame, cairo xrgb: [UInt8]) throws -> (mean: Double, over16: Double, max: Int) {
        let count = frame.width * frame.height
        guard xrgb.count == count * 4 else {
            throw BenchError("cairo dumped \(xrgb.count) bytes, expected \(count * 4)")
        }
        var sum = 0
        var over = 0
        var largest = 0
        frame.withUnsafeBytes { rgba in
            for p in 0..<count {
                // cairo RGB24 on a little-endian machine: B, G, R, x.
                let dr = abs(Int(rgba[4 * p]) - Int(xrgb[4 * p + 2]))
                let dg = abs(Int(rgba[4 * p + 1]) - Int(xrgb[4 * p + 1]))
                let db = abs(Int(rgba[4 * p + 2]) - Int(xrgb[4 * p]))
                sum += dr + dg + db
                let m = max(dr, dg, db)
                if m > 16 { over += 1 }
                largest = max(largest, m)
            }
        }
        return (Double(sum) / Double(3 * count), Double(over) / Double(count), largest)
    }

    static func run(runs: Int, python: String, script: String, progress: (String) -> Void) throws -> Result {
        let list = scene()
        let scenePath = NSTemporaryDirectory() + "skeleton-bench-scene-\(getpid()).json"
        let dumpPath = NSTemporaryDirectory() + "skeleton-bench-cairo-\(getpid()).bin"
        try sceneJSON(list).write(toFile: scenePath, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: scenePath)
            try? FileManager.default.removeItem(atPath: dumpPath)
        }
        let peer = try LinePeer(executable: python, arguments: [script, scenePath])
        defer { peer.close() }

        var rasterizer = Rasterizer()
        var oneThread = Rasterizer()
        oneThread.parallel = false
        var frame = try Frame(width: width, height: height)
        var blank = try Frame(width: width, height: height)
        let white = RGB8(r: 255, g: 255, b: 255)
        // Warm-up, and the check that both drew the same picture.
        try rasterizer.render(list, scale: 1, into: &frame)
        guard try peer.ask("dump \(dumpPath)") == "ok" else { throw BenchError("cairo peer: dump failed") }
        let dumped = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dumpPath)))
        var result = Result()
        (result.meanDifference, result.pixelsOver16, result.maxDifference) = try compare(ours: frame, cairo: dumped)
        guard result.meanDifference <= 1.0, result.pixelsOver16 <= 0.01 else {
            throw BenchError(
                "render: ours and cairo differ (mean \(result.meanDifference) levels, \(result.pixelsOver16 * 100) % of pixels over 16 levels)"
            )
        }
        let reference = frame.pixels
        try oneThread.render(list, scale: 1, into: &frame)
        // Single frames are short and this machine's timings scatter: three samples per run for every row.
        for run in 0..<(3 * runs) {
            for k in 0..<5 {
                switch (k + run) % 5 {
                case 0:
                    let (seconds, _) = try Measure.time { try rasterizer.render(list, scale: 1, into: &frame) }
                    result.ours.append(seconds)
                    guard frame.pixels == reference else { throw BenchError("render: our frame changed between runs") }
                case 4:
                    let (seconds, _) = try Measure.time { try oneThread.render(list, scale: 1, into: &frame) }
                    result.oursOneThread.append(seconds)
                    guard frame.pixels == reference else { throw BenchError("render: one thread drew other bytes") }
                case 1: result.cairo.append(try peer.askSeconds("render"))
                case 2: result.cairoOverhead.append(try peer.askSeconds("overhead"))
                default:
                    let (seconds, _) = Measure.time { blank.fill(blank.bounds, with: white) }
                    result.fill.append(seconds)
                }
            }
            if run % 3 == 2 { progress("render 1080p: run \(run / 3 + 1)/\(runs)") }
        }
        return result
    }
}

/// A helper process answering one line per command line (the cairo peer).
final class LinePeer {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var pending: [UInt8] = []

    init(executable: String, arguments: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw BenchError("no Python at \(executable) (scripts/bench makes the pycairo venv)")
        }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func ask(_ command: String) throws -> String {
        guard FileDescriptor.writeAll(input.fileHandleForWriting.fileDescriptor, Array((command + "\n").utf8)) else {
            throw BenchError("the cairo peer stopped (is pycairo installed?)")
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let n = chunk.withUnsafeMutableBytes {
                FileDescriptor.read(output.fileHandleForReading.fileDescriptor, into: $0)
            }
            guard n > 0 else { throw BenchError("the cairo peer closed its output (is pycairo installed?)") }
            pending += chunk[..<n]
        }
    }

    func askSeconds(_ command: String) throws -> Double {
        let line = try ask(command)
        guard let seconds = Double(line) else { throw BenchError("cairo peer: \(line)") }
        return seconds
    }

    func close() {
        _ = try? ask("quit")
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
