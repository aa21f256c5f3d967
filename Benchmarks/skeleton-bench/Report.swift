/// The Markdown tables.
enum Report {
    static func ingest(_ results: [ContenderResult], messages: Int, corpus: (stream: [UInt8], bodyBytes: Int)) {
        let average = Double(corpus.bodyBytes) / Double(messages)
        print(
            "## (a) Ingest: \(group(messages)) LSP-framed messages (bodies average \(fixed(average, 0)) B, stream \(fixed(Double(corpus.stream.count) / 1e6, 1)) MB), 64 KiB reads\n"
        )
        print("| path | median ms | min–max ms | msgs/s | MB/s | ours is × faster |")
        print("|---|---:|---:|---:|---:|---:|")
        let ours = results[0].median
        for r in results {
            let perSecond = Double(messages) / r.median
            let mbs = Double(corpus.stream.count) / r.median / 1e6
            print(
                "| \(r.name) | \(ms(r.median)) | \(ms(r.seconds.min() ?? 0))–\(ms(r.seconds.max() ?? 0)) | \(group(Int(perSecond))) | \(fixed(mbs, 1)) | \(ratio(r.median / ours)) |"
            )
        }
        print("")
        aims([
            ("ours / JSONSerialization", results[1].median / ours, 2.0),
            ("ours / JSONDecoder (generic params, the equivalent message)", results[2].median / ours, 2.5),
            ("ours / JSONDecoder (params typed per method)", results[3].median / ours, nil),
        ])
    }

    static func viewTree(_ results: [ContenderResult], document: [UInt8]) {
        let mb = Double(document.count) / 1e6
        print("## (b) View tree: a \(fixed(mb, 2)) MB document into a plain Swift tree\n")
        print("| path | median ms | min–max ms | MB/s | ours is × faster |")
        print("|---|---:|---:|---:|---:|")
        let ours = results[0].median
        for r in results {
            print(
                "| \(r.name) | \(ms(r.median)) | \(ms(r.seconds.min() ?? 0))–\(ms(r.seconds.max() ?? 0)) | \(fixed(mb / r.median, 1)) | \(ratio(r.median / ours)) |"
            )
        }
        print("")
        aims([
            ("ours / JSONSerialization", results[1].median / ours, nil),
            ("ours / JSONDecoder (typed mirror)", results[2].median / ours, 1.5),
            ("ours / JSONDecoder (generic properties)", results[3].median / ours, nil),
        ])
    }

    private static func aims(_ rows: [(String, Double, Double?)]) {
        for (name, value, aim) in rows {
            if let aim {
                print("- **\(name): \(ratio(value))** (aim ≥ \(fixed(aim, 1))×: \(value >= aim ? "met" : "NOT met"))")
            } else {
                print("- **\(name): \(ratio(value))**")
            }
        }
        print("")
    }

    static func ms(_ seconds: Double) -> String { fixed(seconds * 1000, seconds < 0.1 ? 1 : 0) }

    static func ratio(_ r: Double) -> String { fixed(r, 2) + "×" }

    /// `x` with `digits` decimals, without Foundation's formatters.
    static func fixed(_ x: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (x * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return String(x) }
        let n = Int(scaled)
        if digits == 0 { return String(n) }
        let sign = n < 0 ? "-" : ""
        let magnitude = abs(n)
        let whole = magnitude / Int(scale)
        let fraction = magnitude % Int(scale)
        let text = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count) + text
    }

    /// 100000 → "100,000".
    static func group(_ n: Int) -> String {
        let digits = Array(String(abs(n)))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }
}
