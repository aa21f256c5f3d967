/// One way of doing a benchmark's work, timed side by side with the others in the same process.
struct Contender {
    /// The row label.
    let name: String
    /// Does the whole job once and returns a checksum that every contender of the benchmark must agree on
    /// (so none can skip work, and all provably produce the same result).
    let run: () throws -> Int
}

/// The medians of one contender over several runs.
struct ContenderResult {
    let name: String
    let seconds: [Double]
    let checksum: Int

    var median: Double { Measure.median(seconds) }
}

/// A comparison: contenders run in rotation (each run times every contender once, in a shifted order so none
/// always runs first), after one untimed warm-up round.
struct Benchmark {
    let title: String
    /// Compared rows: their checksums must agree (they do the same job).
    let contenders: [Contender]
    /// Reference rows (parts of the job): timed alongside, checksums not compared.
    var references: [Contender] = []

    func run(runs: Int, progress: (String) -> Void) throws -> [ContenderResult] {
        try run(runs: runs, compare: true, progress: progress)
    }

    /// As `run`, for contenders that do different jobs (their agreement is checked elsewhere): each must still
    /// give the same checksum on every run.
    func runUnchecked(runs: Int, progress: (String) -> Void) throws -> [ContenderResult] {
        try run(runs: runs, compare: false, progress: progress)
    }

    private func run(runs: Int, compare: Bool, progress: (String) -> Void) throws -> [ContenderResult] {
        let contenders = contenders + references
        var times = Array(repeating: [Double](), count: contenders.count)
        var checksums = Array(repeating: 0, count: contenders.count)
        for (i, contender) in contenders.enumerated() {
            checksums[i] = try contender.run()  // warm-up, and the checksum
        }
        for i in 1..<self.contenders.count where compare && checksums[i] != checksums[0] {
            throw BenchError(
                "\(title): \(contenders[i].name) disagrees with \(contenders[0].name) (checksum \(checksums[i]) vs \(checksums[0]))"
            )
        }
        for run in 0..<runs {
            for k in 0..<contenders.count {
                let i = (k + run) % contenders.count
                let (seconds, checksum) = try Measure.time(contenders[i].run)
                guard checksum == checksums[i] else {
                    throw BenchError("\(contenders[i].name) gave checksum \(checksum), then \(checksums[i])")
                }
                times[i].append(seconds)
            }
            progress("\(title): run \(run + 1)/\(runs)")
        }
        return contenders.indices.map {
            ContenderResult(name: contenders[$0].name, seconds: times[$0], checksum: checksums[$0])
        }
    }
}

/// A bench failure: contenders disagree, or an input does not parse.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
