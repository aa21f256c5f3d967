#if canImport(Glibc)
import Glibc
#endif

/// skeleton-bench: our JSON path against Foundation's, side by side in one process; prints Markdown tables.
///
///     skeleton-bench [--runs N] [--messages N] [--document-mb N] [--only ingest|viewtree]
///     skeleton-bench --profile ingest|viewtree[-proto] [--runs N] ...   (one path only, for callgrind or perf)
///
/// Every figure is the median of N timed runs (default 7, at least 5 recommended) after a warm-up; ratios are
/// between medians of the same run of this program. See Benchmarks.md.
@main
enum Bench {
    struct Options {
        var runs = 7
        var messages = 100_000
        var documentMB = 5.0
        var only: String?
        /// Runs only our path of one benchmark, `runs` times, untimed (for callgrind or perf).
        var profile: String?
    }

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
                guard let n = Int(try value(argument)), n >= 1 else { throw BenchError("--runs needs a positive integer") }
                options.runs = n
            case "--messages":
                guard let n = Int(try value(argument)), n >= 1 else { throw BenchError("--messages needs a positive integer") }
                options.messages = n
            case "--document-mb":
                guard let n = Double(try value(argument)), n > 0 else { throw BenchError("--document-mb needs a positive number") }
                options.documentMB = n
            case "--only":
                let which = try value(argument)
                guard which == "ingest" || which == "viewtree" else { throw BenchError("--only takes ingest or viewtree") }
                options.only = which
            case "--profile":
                let which = try value(argument)
                guard ["ingest", "viewtree", "ingest-proto", "viewtree-proto"].contains(which) else {
                    throw BenchError("--profile takes ingest, viewtree, ingest-proto or viewtree-proto")
                }
                options.profile = which
            case "-h", "--help":
                print("usage: skeleton-bench [--runs N] [--messages N] [--document-mb N] [--only ingest|viewtree] [--profile ingest|viewtree|ingest-proto|viewtree-proto]")
                exit(0)
            default:
                throw BenchError("unknown argument \(argument)")
            }
        }
        return options
    }

    static func run(_ options: Options) throws {
        if let profile = options.profile { return try Self.profile(profile, options) }
        let progress: (String) -> Void = { StandardError.write("  \($0)\n") }
        print("# skeleton-bench\n")
        print("Medians of \(options.runs) runs after a warm-up, all rows measured side by side in this one process.\n")
        if options.only != "viewtree" {
            let corpus = IngestCorpus.make(count: options.messages)
            let bench = Benchmark(
                title: "ingest", contenders: IngestBench.contenders(stream: corpus.stream),
                references: IngestBench.references(stream: corpus.stream))
            let results = try bench.run(runs: options.runs, progress: progress)
            Report.ingest(results, messages: options.messages, corpus: corpus)
        }
        if options.only != "ingest" {
            let document = ViewTreeDocument.make(targetBytes: Int(options.documentMB * 1_000_000))
            let bench = Benchmark(
                title: "view tree", contenders: ViewTreeBench.contenders(document: document),
                references: ViewTreeBench.references(document: document))
            let results = try bench.run(runs: options.runs, progress: progress)
            Report.viewTree(results, document: document)
        }
    }
}

extension Bench {
    /// Our path alone, for a profiler: no Foundation contenders, no tables.
    static func profile(_ which: String, _ options: Options) throws {
        var checksum = 0
        if which.hasPrefix("ingest") {
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
