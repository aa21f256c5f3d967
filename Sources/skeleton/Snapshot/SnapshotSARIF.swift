import Foundation
import JSON

/// SARIF 2.1.0 logs: the documents' diagnostics (`lint`) and a verify run's failures, each with the file and line
/// (relative to `%SRCROOT%`, the project root) so CI services annotate the lines of a pull request.
enum SnapshotSARIF {
    /// A log of `diagnostics` and, with a run, its failing pictures.
    static func log(
        diagnostics: [(file: String, line: [DiagnosticLine])], results: [SnapshotResult] = [], root: String,
        recordCommand: String? = nil
    ) -> JSON {
        var rules: [String: String] = [:]
        var entries: [JSON] = []
        for (file, list) in diagnostics {
            for diagnostic in list {
                let rule = diagnostic.code ?? "skeleton"
                rules[rule] = rules[rule] ?? "A skeleton document diagnostic (\(rule))"
                let level =
                    switch diagnostic.severity {
                    case "error": "error"
                    case "warning": "warning"
                    default: "note"
                    }
                entries.append(
                    result(
                        rule: rule, level: level, message: diagnostic.message, file: file, line: diagnostic.line,
                        column: diagnostic.column))
            }
        }
        for failure in results where failure.failed {
            let rule = "snapshot-\(failure.kind)"
            rules[rule] = rules[rule] ?? "A skeleton snapshot that is \(failure.kind)"
            var message = "\(failure.label): \(failure.problem ?? "")"
            if case .missing = failure.outcome, let recordCommand { message += "; record it with: \(recordCommand)" }
            entries.append(
                result(rule: rule, level: "error", message: message, file: failure.file, line: failure.line, column: 1))
        }
        let rootURI = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL.absoluteString
        let driver: JSON = [
            "name": "skeleton", "version": .string(Skeleton.configuration.version),
            "rules": .array(
                rules.keys.sorted().map { ["id": .string($0), "shortDescription": ["text": .string(rules[$0] ?? $0)]] }),
        ]
        return [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                [
                    "tool": ["driver": driver],
                    "originalUriBaseIds": [
                        "%SRCROOT%": ["uri": .string(rootURI.hasSuffix("/") ? rootURI : rootURI + "/")]
                    ],
                    "results": .array(entries),
                ]
            ],
        ]
    }

    /// A verify run's log: its documents' diagnostics and its failures.
    static func log(run: SnapshotReportRun, lint: Bool) -> JSON {
        log(
            diagnostics: lint ? run.diagnostics : [], results: run.results, root: run.root,
            recordCommand: run.recordCommand)
    }

    private static func result(rule: String, level: String, message: String, file: String, line: Int, column: Int)
        -> JSON
    {
        let relative = !file.hasPrefix("/")
        var location: JSONObject = [
            "uri": .string(
                relative
                    ? (file.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? file)
                    : URL(fileURLWithPath: file).absoluteString)
        ]
        if relative { location["uriBaseId"] = "%SRCROOT%" }
        return [
            "ruleId": .string(rule), "level": .string(level), "message": ["text": .string(message)],
            "locations": [
                [
                    "physicalLocation": [
                        "artifactLocation": .object(location),
                        "region": ["startLine": .int(max(1, line)), "startColumn": .int(max(1, column))],
                    ]
                ]
            ],
        ]
    }
}
