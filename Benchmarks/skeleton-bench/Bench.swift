import Foundation
import SkeletonRender

#if canImport(Glibc)
    import Glibc
#endif

/// skeleton-bench: our JSON path against Foundation's, side by side in one process; prints Markdown tables.
///
///     skeleton-bench [--runs N] [--messages N] [--document-mb N] [--only GROUP[,GROUP...]]
///                    [--skeletond PATH] [--python PATH] [--edits N] [--latency-seconds S]
///     skeleton-bench --profile ingest|viewtree[-proto]|layout|render [--runs N] ...   (one path only, for callgrind)
///
/// Groups: ingest, viewtree (the JSON path, issue 2), layout (issue 3), render (issue 5 a, c), text (issue 17: text
/// per label against cairo), steady (issue 5 b, through skeletond), live (issue 6 through skeletond: latency, didopen,
/// memory, also selectable alone), cells (issue 28: `cells` at terminal sizes against `layers`, through skeletond).
///
/// Every figure is the median of N timed runs (default 7, at least 5 recommended) after a warm-up; ratios are
/// between medians of the same run of this program. See Benchmarks.md.
@main
enum Bench {
    struct Options {
        var runs = 7
        var messages = 100_000
        var documentMB = 5.0
        var only: Set<String>?
        /// Runs only our path of one benchmark, `runs` times, untimed (for callgrind or perf).
        var profile: String?
        var skeletond = ".build-release/release/skeletond"
        var python = ".build-release/cairo-venv/bin/python"
        var cairoScript = "scripts/bench-cairo.py"
        var cairoTextScript = "scripts/bench-cairo-text.py"
        var edits = 10_000
        var latencySeconds = 60.0
        var layoutNodes = 10_000
        var echo = ".build-release/bench-echo"
        var clangd = "/usr/bin/clangd"
        var pipelineMessages = 50_000
        /// Writes the bench's generated document (`--layout-nodes` nodes, or `--document-mb` MB when that was given)
        /// to this path and stops: to replay a bench session under a profiler.
        var writeCard: String?
        var documentMBGiven = false

        func wants(_ group: String) -> Bool {
            guard let only else { return true }
            return only.contains(group) || (Bench.liveParts.contains(group) && only.contains("live"))
        }
    }

    /// `live` is `latency`, `didopen`, `memory` and `language`.
    static let liveParts = ["latency", "didopen", "memory", "language"]
    static let groups =
        [
            "ingest", "viewtree", "layout", "render", "text", "content", "steady", "live", "pipeline", "swiftcode",
            "snapshot", "viewport", "cells",
        ]
        + liveParts

    static func main() {
        do {
            let options = try parse(Array(CommandLine.arguments.dropFirst()))
            try run(options)
        } catch {
            StandardError.write("skeleton-bench: \(error)\n")
            exit(1)
        }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let v = rest.popFirst() else { throw BenchError("\(name) needs a value") }
            return v
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs":
                guard let n = Int(try value(argument)), n >= 1 else {
                    throw BenchError("--runs needs a positive integer")
                }
                options.runs = n
            case "--messages":
                guard let n = Int(try value(argument)), n >= 1 else {
                    throw BenchError("--messages needs a positive integer")
                }
                options.messages = n
            case "--document-mb":
                guard let n = Double(try value(argument)), n > 0 else {
                    throw BenchError("--document-mb needs a positive number")
                }
                options.documentMB = n
                options.documentMBGiven = true
            case "--only":
                let which = try value(argument).split(separator: ",").map(String.init)
                guard !which.isEmpty, which.allSatisfy(groups.contains) else {
                    throw BenchError("--only takes a comma-separated list of \(groups.joined(separator: ", "))")
                }
                options.only = Set(which)
            case "--profile":
                let which = try value(argument)
                let profiles = [
                    "ingest", "viewtree", "ingest-proto", "viewtree-proto", "layout", "render", "content-frame",
                    "content-frame-plain", "skeleton-frame", "skeleton-frame-plain",
                ]
                guard profiles.contains(which) else {
                    throw BenchError("--profile takes \(profiles.joined(separator: ", "))")
                }
                options.profile = which
            case "--skeletond": options.skeletond = try value(argument)
            case "--python": options.python = try value(argument)
            case "--cairo-script": options.cairoScript = try value(argument)
            case "--cairo-text-script": options.cairoTextScript = try value(argument)
            case "--edits":
                guard let n = Int(try value(argument)), n >= 10 else {
                    throw BenchError("--edits needs an integer >= 10")
                }
                options.edits = n
            case "--latency-seconds":
                guard let n = Double(try value(argument)), n > 0 else {
                    throw BenchError("--latency-seconds needs a positive number")
                }
                options.latencySeconds = n
            case "--layout-nodes":
                guard let n = Int(try value(argument)), n >= 20 else {
                    throw BenchError("--layout-nodes needs an integer >= 20")
                }
                options.layoutNodes = n
            case "--write-card": options.writeCard = try value(argument)
            case "--echo": options.echo = try value(argument)
            case "--clangd": options.clangd = try value(argument)
            case "--pipeline-messages":
                guard let n = Int(try value(argument)), n >= 1 else {
                    throw BenchError("--pipeline-messages needs a positive integer")
                }
                options.pipelineMessages = n
            case "-h", "--help":
                print(
                    "usage: skeleton-bench [--runs N] [--messages N] [--document-mb N] [--only \(groups.joined(separator: "|"))[,...]] [--skeletond PATH] [--python PATH] [--cairo-script PATH] [--cairo-text-script PATH] [--edits N] [--latency-seconds S] [--layout-nodes N] [--profile ingest|viewtree|ingest-proto|viewtree-proto|layout|render]"
                )
                exit(0)
            default:
                throw BenchError("unknown argument \(argument)")
            }
        }
        return options
    }

    static func run(_ options: Options) throws {
        if let path = options.writeCard {
            let document =
                options.documentMBGiven
                ? CardDocument.make(bytes: Int(options.documentMB * 1_000_000))
                : CardDocument.make(nodes: options.layoutNodes)
            guard FileManager.default.createFile(atPath: path, contents: Data(document.text)) else {
                throw BenchError("cannot write \(path)")
            }
            print(
                "\(document.nodeCount) nodes; the bench's edit is at line \(document.editLine), column \(document.editColumn)"
            )
            return
        }
        if let profile = options.profile { return try Self.profile(profile, options) }
        let progress: (String) -> Void = { StandardError.write("  \($0)\n") }
        print("# skeleton-bench\n")
        print("Medians of \(options.runs) runs after a warm-up, all rows measured side by side in this one process.\n")
        if options.wants("ingest") {
            let corpus = IngestCorpus.make(count: options.messages)
            let bench = Benchmark(
                title: "ingest", contenders: IngestBench.contenders(stream: corpus.stream),
                references: IngestBench.references(stream: corpus.stream))
            let results = try bench.run(runs: options.runs, progress: progress)
            Report.ingest(results, messages: options.messages, corpus: corpus)
        }
        if options.wants("viewtree") {
            let document = ViewTreeDocument.make(targetBytes: Int(options.documentMB * 1_000_000))
            let bench = Benchmark(
                title: "view tree", contenders: ViewTreeBench.contenders(document: document),
                references: ViewTreeBench.references(document: document))
            let results = try bench.run(runs: options.runs, progress: progress)
            Report.viewTree(results, document: document)
        }
        try runSkeleton(options, progress: progress)
    }

    /// Issues 3, 5 and 6.
    static func runSkeleton(_ options: Options, progress: (String) -> Void) throws {
        if options.wants("layout") {
            let document = CardDocument.make(nodes: options.layoutNodes)
            try LayoutBench.validate(document)
            let bench = Benchmark(
                title: "layout", contenders: LayoutBench.contenders(document),
                references: try LayoutBench.references(document))
            // The contenders compute different things (a display list, a parse tree): compare them by validate().
            let results = try bench.runUnchecked(runs: options.runs, progress: progress)
            Report.layout(results, document: document)
        }
        if options.wants("render") {
            let result = try RenderBench.run(
                runs: options.runs, python: options.python, script: options.cairoScript, progress: progress)
            Report.render(result)
            Report.scaling(try ScalingBench.run(runs: options.runs, progress: progress))
        }
        if options.wants("text") {
            Report.text(
                try TextBench.run(
                    runs: options.runs, python: options.python, script: options.cairoTextScript, progress: progress))
        }
        if options.wants("content") {
            Report.content(try ContentBench.run(runs: options.runs, progress: progress))
        }
        if options.wants("swiftcode") {
            SwiftCodeBench.report(try SwiftCodeBench.run(runs: options.runs, progress: progress))
        }
        if options.wants("steady") {
            Report.steady(try LiveBench.steady(executable: options.skeletond, progress: progress))
        }
        if options.wants("viewport") {
            Report.viewport(
                try ViewportBench.cpu(executable: options.skeletond, progress: progress),
                try ViewportBench.memory(executable: options.skeletond, progress: progress))
        }
        if options.wants("cells") {
            CellsBench.report(try CellsBench.run(executable: options.skeletond, progress: progress))
        }
        if options.wants("latency") {
            Report.latency(
                try LiveBench.latency(
                    executable: options.skeletond, edits: options.edits, seconds: options.latencySeconds,
                    progress: progress))
        }
        if options.wants("didopen") {
            Report.didOpen(
                try LiveBench.didOpen(
                    executable: options.skeletond, sizesMB: [1, 10], runs: max(3, min(options.runs, 5)),
                    progress: progress))
        }
        if options.wants("pipeline") {
            let peers = [
                PipelineBench.Peer(
                    name: "floor (C echo, no JSON)", executable: options.echo, arguments: [], isLanguageServer: false),
                PipelineBench.Peer(
                    name: "jansson floor (C: json_loadb, id, preformatted error)", executable: options.echo,
                    arguments: ["--jansson"], isLanguageServer: false),
                PipelineBench.Peer(
                    name: "skeletond", executable: options.skeletond, arguments: ["--log-level", "error"],
                    isLanguageServer: true),
                PipelineBench.Peer(
                    name: "clangd", executable: options.clangd, arguments: ["--log=error"], isLanguageServer: true),
            ]
            Report.pipeline(
                try PipelineBench.run(
                    peers: peers, messages: options.pipelineMessages, runs: max(3, min(options.runs, 7)),
                    progress: progress))
        }
        if options.wants("language") {
            Report.language(
                try LanguageBench.run(
                    executable: options.skeletond, nodes: options.layoutNodes, rounds: 300, progress: progress))
        }
        if options.wants("memory") {
            Report.memory(
                try LiveBench.memory(
                    executable: options.skeletond, plan: [(100, 1000), (1000, 100), (10_000, 10)], progress: progress))
        }
    }
}

extension Bench {
    /// Our path alone, for a profiler: no Foundation contenders, no tables.
    static func profile(_ which: String, _ options: Options) throws {
        var checksum = 0
        if which == "layout" {
            let document = CardDocument.make(nodes: options.layoutNodes)
            for _ in 0..<options.runs { checksum &+= try LayoutBench.layout(document.text) }
        } else if which == "render" {
            let list = RenderBench.scene()
            var rasterizer = Rasterizer()
            rasterizer.parallel = false  // one thread: instruction counts stay deterministic
            var frame = try Frame(width: RenderBench.width, height: RenderBench.height)
            for _ in 0..<options.runs {
                try rasterizer.render(list, scale: 1, into: &frame)
                checksum &+= Int(frame.pixels[checksum & 1023])
            }
        } else if which.hasSuffix("-frame") || which.hasSuffix("-frame-plain") {
            checksum = try ContentBench.profile(which, runs: options.runs)
        } else if which.hasPrefix("ingest") {
            let corpus = IngestCorpus.make(count: options.messages)
            let path = which == "ingest" ? IngestBench.ours : Prototypes.ingest
            for _ in 0..<options.runs { checksum &+= path(corpus.stream) }
        } else {
            let document = ViewTreeDocument.make(targetBytes: Int(options.documentMB * 1_000_000))
            let path = which == "viewtree" ? OursViewTree.checksum : Prototypes.viewTree
            for _ in 0..<options.runs { checksum &+= try document.withUnsafeBytes { try path($0) } }
        }
        StandardError.write("profile \(which): checksum \(checksum)\n")
    }
}

/// Progress and errors, kept off stdout (which carries the table).
enum StandardError {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
