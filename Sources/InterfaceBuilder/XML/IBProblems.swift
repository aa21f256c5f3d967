import JSON
import SkeletonModel

/// Problems located in an Interface Builder file: the line and column go into `DocumentProblem.line` and
/// `column`; `position` stays nil and the pointer is empty.
enum IBProblems {
    static func problem(
        _ code: ProblemCode, _ message: String, at location: IBSourceLocation?,
        severity: DocumentProblem.Severity = .error
    ) -> DocumentProblem {
        DocumentProblem(
            code: code, pointer: JSONPointer(), message: message, severity: severity,
            line: location?.line, column: location?.column)
    }
}
