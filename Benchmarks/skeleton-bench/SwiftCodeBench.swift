import SwiftCode
import SwiftParser
import SwiftSyntax

/// (o) Reading an app's Swift file (`SwiftCodeReader.read`: parse, classes, statements, hints) against swift-syntax's
/// bare parse of the same bytes, at 100 KB, 400 KB, 2 MB and just under the 4 MiB limit: the ratio stays flat when
/// reading is linear like the parse.
enum SwiftCodeBench {
    /// The file sizes measured.
    static let sizes = [100_000, 400_000, 2_000_000, SwiftCodeReader.maxBytes - 4_096]

    struct Row {
        let bytes: Int
        let hints: Int
        let read: Double
        let parse: Double
    }

    static func run(runs: Int, progress: (String) -> Void) throws -> [Row] {
        try sizes.map { size in
            let text = SwiftSource.make(bytes: size)
            let bytes = text.utf8.count
            guard bytes <= SwiftCodeReader.maxBytes else {
                throw BenchError("swiftcode: \(bytes) bytes is over the limit")
            }
            let hints = SwiftCodeReader.read(text: text).allHints.count
            var read: [Double] = []
            var parse: [Double] = []
            for _ in 0...runs {
                read.append(Measure.time { SwiftCodeReader.read(text: text).classes.count }.seconds)
                parse.append(Measure.time { Parser.parse(source: text).statements.count }.seconds)
            }
            progress("swiftcode: \(bytes) bytes")
            // The first run of each is the warm-up.
            return Row(
                bytes: bytes, hints: hints, read: Measure.median(Array(read.dropFirst())),
                parse: Measure.median(Array(parse.dropFirst())))
        }
    }

    static func report(_ rows: [Row]) {
        print("## (o) Reading a Swift file against swift-syntax's parse of the same bytes\n")
        print("| file | hints | read ms | parse ms | read / parse | read MB/s |")
        print("|---:|---:|---:|---:|---:|---:|")
        for r in rows {
            let mb = Double(r.bytes) / 1e6
            print(
                "| \(Report.fixed(mb, 2)) MB | \(r.hints) | \(Report.ms(r.read)) | \(Report.ms(r.parse)) | "
                    + "\(Report.fixed(r.read / max(r.parse, 1e-9), 2)) | \(Report.fixed(mb / max(r.read, 1e-9), 1)) |")
        }
        print("")
    }
}
