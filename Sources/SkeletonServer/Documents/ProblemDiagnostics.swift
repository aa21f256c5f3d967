package import JSON
package import SkeletonModel

extension Diagnostic {
    /// A document problem, placed by JSON Pointer or, for syntax errors, by jansson's byte position.
    init(_ problem: DocumentProblem) {
        let location: Location
        if let position = problem.position {
            location = .offset(position)
        } else if let line = problem.line, problem.pointer.tokens.isEmpty {
            location = .lineColumn(line: line, column: problem.column ?? 1)
        } else if problem.code == .unknownField || problem.code == .notSkeletonableAncestor {
            location = .memberName(problem.pointer)  // the key is what is wrong, whatever its value
        } else {
            location = .pointer(problem.pointer)
        }
        let severity: Severity =
            switch problem.severity {
            case .error: .error
            case .warning: .warning
            case .information: .information
            }
        self.init(code: problem.code.rawValue, message: problem.message, severity: severity, location: location)
    }
}

/// Document problems as LSP diagnostics (for the server and for the document fuzzer).
package enum DocumentDiagnostics {
    /// The LSP `Diagnostic` of `problem` placed in `buffer`.
    package static func lsp(_ problem: DocumentProblem, in buffer: TextBuffer, encoding: PositionEncoding) -> JSON {
        Diagnostic(problem).lsp(in: buffer, encoding: encoding)
    }
}
