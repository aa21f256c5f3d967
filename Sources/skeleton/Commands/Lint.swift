import ArgumentParser
import JSON

/// `skeleton lint`: documents' diagnostics in compiler form, JSON or SARIF, and a gate on errors and warnings.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check documents (or every layout, storyboard and XIB of --project) and print their diagnostics.",
        discussion: """
            Opens each FILE (or, with --project DIR and no FILE, every *.skeleton.json, storyboard and XIB under DIR) and prints the \
            diagnostics skeletond publishes for it on stdout. --format text (the default), one per line:

                FILE:LINE:COL: severity: message [code]

            LINE and COL are 1-based (COL counts UTF-8 bytes); severity is error, warning, info or hint. A clean \
            document prints nothing. --format json prints one array of {file, line, column, severity, message, \
            code?}; --format sarif a SARIF 2.1.0 log. The exit status is 1 when there is any error, or with --werror \
            any warning, or more warnings than --max-warnings; else 0. The hints of the --code Swift files are \
            printed on stderr in text form.

            Protocol: initialize, textDocument/didOpen, textDocument/publishDiagnostics (from the daemon), \
            skeleton/isActive (as a barrier: it answers after the diagnostics), shutdown, exit.
            """
    )

    /// How diagnostics are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif
    }

    @OptionGroup var inputs: ProjectInputs

    @Option(help: "text, json or sarif (SARIF 2.1.0).")
    var format: Format = .text

    @Flag(help: "Fail (status 1) on any warning, as on an error.")
    var werror = false

    @Option(help: ArgumentHelp("Fail (status 1) when there are more warnings than N (0…1,000,000).", valueName: "n"))
    var maxWarnings: Int?

    func validate() throws {
        if let maxWarnings, !(0...1_000_000).contains(maxWarnings) {
            throw ValidationError("--max-warnings must be between 0 and 1000000, not \(maxWarnings)")
        }
    }

    func run() throws {
        try inputs.check()
        // Explicit FILEs are read before the daemon starts: a missing one is status 2 at once.
        let given = try inputs.files.map { path throws(CLIError) in try inputs.app.load(path) }
        let daemon = try DaemonSession.start(project: try inputs.app.folder())
        defer { daemon.finish() }
        var found: [(file: String, line: [DiagnosticLine])] = []
        var unreadable = 0
        if inputs.files.isEmpty {
            for path in try inputs.paths(daemon) {
                do throws(CLIError) {
                    let document = try inputs.app.load(path)
                    found.append((inputs.relative(path), try daemon.open(document)))
                } catch {
                    guard error.status == .inputOutput else { throw error }
                    StandardError.line("skeleton: \(error.message)")
                    unreadable += 1
                }
            }
        } else {
            for document in given { found.append((document.path, try daemon.open(document))) }
        }
        try printDiagnostics(found)
        let all = found.flatMap(\.line)
        let errors = all.filter(\.isError).count + unreadable
        let warnings = all.filter { $0.severity == "warning" }.count
        if errors > 0 { throw ExitCode(CLIError.Status.invalidDocument.rawValue) }
        if werror, warnings > 0 {
            throw CLIError("\(warnings) warning\(warnings == 1 ? "" : "s") (--werror)", status: .invalidDocument)
        }
        if let maxWarnings, warnings > maxWarnings {
            throw CLIError(
                "\(warnings) warning\(warnings == 1 ? "" : "s"), more than --max-warnings \(maxWarnings)",
                status: .invalidDocument)
        }
    }

    private func printDiagnostics(_ found: [(file: String, line: [DiagnosticLine])]) throws(CLIError) {
        switch format {
        case .text:
            for (file, list) in found {
                for diagnostic in list { try StandardOutput.line(diagnostic.formatted(path: file)) }
            }
        case .json:
            let items: [JSON] = found.flatMap { file, list in
                list.map { diagnostic in
                    var item: JSONObject = [
                        "file": .string(file), "line": .int(diagnostic.line), "column": .int(diagnostic.column),
                        "severity": .string(diagnostic.severity), "message": .string(diagnostic.message),
                    ]
                    if let code = diagnostic.code { item["code"] = .string(code) }
                    return .object(item)
                }
            }
            try StandardOutput.line(JSON.array(items).text)
        case .sarif:
            try StandardOutput.line(SnapshotSARIF.log(diagnostics: found, root: inputs.root).text)
        }
    }
}
