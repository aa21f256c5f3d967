/// The JUnit XML of a verify run: one `testsuite` per document, one `testcase` per scene × variant (and one per
/// stale baseline or document that could not be pictured), failures with the reason and the pictures to look at.
struct SnapshotJUnit {
    var run: SnapshotReportRun

    var text: String {
        var byFile: [(String, [SnapshotResult])] = []
        for result in run.results.sorted(by: { $0.path < $1.path }) {
            if let index = byFile.firstIndex(where: { $0.0 == result.file }) {
                byFile[index].1.append(result)
            } else {
                byFile.append((result.file, [result]))
            }
        }
        let failures = run.results.filter(\.failed).count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"skeleton snapshot verify\" tests=\"\(run.results.count)\" failures=\"\(failures)\" errors=\"0\">",
        ]
        for (file, results) in byFile {
            let failed = results.filter(\.failed).count
            lines.append(
                "  <testsuite name=\"\(Markup.escaped(file))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">"
            )
            for result in results {
                let name = (result.scene.map { $0 + " " } ?? "") + result.variant
                let open =
                    "    <testcase classname=\"\(Markup.escaped(file))\" name=\"\(Markup.escaped(name))\" "
                    + "file=\"\(Markup.escaped(file))\" line=\"\(result.line)\""
                guard let problem = result.problem else {
                    lines.append(open + "/>")
                    continue
                }
                var details = [problem, "baseline: \(result.path)"]
                if case .missing = result.outcome { details.append("record it with: \(run.recordCommand)") }
                if let diff = result.diffImage { details.append("diff: \(diff)") }
                if let new = result.newImage { details.append("new: \(new)") }
                if let environment = run.environment { details.append(environment) }
                lines.append(open + ">")
                lines.append(
                    "      <failure type=\"\(result.kind)\" message=\"\(Markup.escaped(problem))\">"
                        + Markup.escaped(details.joined(separator: "\n")) + "</failure>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
