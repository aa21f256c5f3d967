import JSON
import SkeletonModel

extension Diagnostic {
    /// A document problem, placed by JSON Pointer or, for syntax errors, by jansson's byte position.
    init(_ problem: DocumentProblem) {
        let location: Location = problem.position.map { .offset($0) } ?? .pointer(problem.pointer)
        let severity: Severity = problem.severity == .error ? .error : .warning
        self.init(code: problem.code.rawValue, message: problem.message, severity: severity, location: location)
    }
}
