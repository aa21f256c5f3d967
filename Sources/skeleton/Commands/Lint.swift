import ArgumentParser

/// `skeleton lint`: a document's diagnostics in compiler form.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a document and print its diagnostics.",
        discussion: """
            Opens FILE and prints the diagnostics skeletond publishes for it, one per line on stdout:

                FILE:LINE:COL: severity: message [code]

            LINE and COL are 1-based (COL counts UTF-8 bytes); severity is error, warning, info or hint. A clean \
            document prints nothing. The exit status is 1 when there is any error, 0 otherwise (warnings alone pass). \
            The hints of the --code Swift files are printed the same way on stderr.

            Protocol: initialize, textDocument/didOpen, textDocument/publishDiagnostics (from the daemon), \
            skeleton/isActive (as a barrier: it answers after the diagnostics), shutdown, exit.
            """
    )

    @OptionGroup var document: DocumentArgument

    func run() throws {
        let source = try document.load()
        let daemon = try DaemonSession.start(project: source.project)
        defer { daemon.finish() }
        let diagnostics = try daemon.open(source)
        for diagnostic in diagnostics { try StandardOutput.line(diagnostic.formatted(path: source.path)) }
        if diagnostics.contains(where: \.isError) { throw ExitCode(CLIError.Status.invalidDocument.rawValue) }
    }
}
