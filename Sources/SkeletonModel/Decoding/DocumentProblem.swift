public import JSON

/// Stable problem codes: clients may match on them.
public enum ProblemCode: String, Sendable, Hashable, CaseIterable {
    case jsonSyntax = "json-syntax"
    case unknownType = "unknown-type"
    case invalidFrame = "invalid-frame"
    case duplicateID = "duplicate-id"
    case invalidID = "invalid-id"
    case unknownTemplate = "unknown-template"
    case templateCycle = "template-cycle"
    case unknownColor = "unknown-color"
    case tooDeep = "too-deep"
    case tooManyNodes = "too-many-nodes"
    case canvasTooLarge = "canvas-too-large"
    case invalidRowHeight = "invalid-row-height"
    case invalidValue = "invalid-value"
    case missingField = "missing-field"
    /// A warning: a member the format does not define for that node type (it is ignored).
    case unknownField = "unknown-field"
    /// A warning: more problems were found than `DocumentLimits.maxProblems`; the rest are not listed.
    case tooManyProblems = "too-many-problems"
}

/// One thing wrong with a document, located by JSON Pointer.
public struct DocumentProblem: Sendable, Hashable, Error, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        /// The document is rejected.
        case error
        /// Reported, but the document is still used.
        case warning
    }

    public var code: ProblemCode
    public var pointer: JSONPointer
    public var message: String
    public var severity: Severity
    /// For `json-syntax`: 1-based line and column and 0-based byte offset, as jansson reports them.
    public var line: Int?
    public var column: Int?
    public var position: Int?

    public init(
        code: ProblemCode, pointer: JSONPointer, message: String, severity: Severity = .error,
        line: Int? = nil, column: Int? = nil, position: Int? = nil
    ) {
        self.code = code; self.pointer = pointer; self.message = message; self.severity = severity
        self.line = line; self.column = column; self.position = position
    }

    public var description: String {
        let at = pointer.description.isEmpty ? "(document)" : pointer.description
        return "\(severity.rawValue) \(code.rawValue) at \(at): \(message)"
    }
}

/// The outcome of decoding: a document when there is no error, and every problem found.
public struct DocumentDecodingResult: Sendable {
    /// nil when any problem is an error.
    public var document: SkeletonDocument?
    public var problems: [DocumentProblem]

    public var errors: [DocumentProblem] { problems.filter { $0.severity == .error } }
    public var warnings: [DocumentProblem] { problems.filter { $0.severity == .warning } }
}
