import JSON

/// One `textDocument/publishDiagnostics` entry as a compiler-style line:
/// `FILE:LINE:COL: severity: message [code]`, with the LSP range's start made 1-based. Columns count UTF-8 bytes
/// (the CLI negotiates the `utf-8` position encoding), as compilers count them.
struct DiagnosticLine {
    var line: Int
    var column: Int
    var severity: String
    var message: String
    var code: String?

    /// Whether this diagnostic makes the document invalid.
    var isError: Bool { severity == "error" }

    /// Reads one LSP diagnostic; missing members take harmless defaults (line 1, column 1, error).
    init(_ diagnostic: JSON) {
        let start = diagnostic["range"]?["start"]
        line = (start?["line"]?.intValue ?? 0) + 1
        column = (start?["character"]?.intValue ?? 0) + 1
        switch diagnostic["severity"]?.intValue {
        case 2: severity = "warning"
        case 3: severity = "info"
        case 4: severity = "hint"
        default: severity = "error"
        }
        message = (diagnostic["message"]?.stringValue ?? "(no message)").split(whereSeparator: \.isNewline).joined(
            separator: " ")
        code = diagnostic["code"]?.stringValue ?? diagnostic["code"]?.intValue.map(String.init)
    }

    /// The line for `path`.
    func formatted(path: String) -> String {
        "\(path):\(line):\(column): \(severity): \(message)" + (code.map { " [\($0)]" } ?? "")
    }
}
