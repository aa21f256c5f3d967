package import JSON

/// Stable problem codes: clients may match on them.
package enum ProblemCode: String, Sendable, Hashable, CaseIterable {
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
    /// A text node's skeleton lines, or a table's or collection's, are over `DocumentLimits.maxLinesPerText` or
    /// `maxLines`.
    case tooManyLines = "too-many-lines"
    /// A table or collection has more sections than `DocumentLimits.maxSections`.
    case tooManySections = "too-many-sections"
    /// A row height, item size or line height is positive but below `DocumentLimits.minimumSize`.
    case sizeTooSmall = "size-too-small"
    case invalidRowHeight = "invalid-row-height"
    case invalidValue = "invalid-value"
    case missingField = "missing-field"
    /// A warning: a member the format does not define for that node type (it is ignored).
    case unknownField = "unknown-field"
    /// A warning: a table or collection with no cell template (no `cell`, no section naming one): it gets no
    /// skeleton rows or items.
    case missingCellTemplate = "missing-cell-template"
    /// A warning (found by the server, from the text): a skeletonable node under an ancestor that is not, so its
    /// skeleton never shows (SkeletonView only recurses through skeletonable views).
    case notSkeletonableAncestor = "not-skeletonable-ancestor"
    /// A warning (found by the server, from the decoded tree): a skeletonable label or text view whose skeleton lines
    /// do not fit its frame: one block instead of lines, a label stretched past its frame, or a text view's lines
    /// drawn below it.
    case linesDoNotFit = "lines-do-not-fit"
    /// A warning (found by the server, from the decoded tree): `isHiddenWhenSkeletonIsActive` on a view that is not
    /// skeletonable (nor the root), which SkeletonView never applies.
    case hiddenFlagIgnored = "hidden-flag-ignored"
    /// A warning: more problems were found than `DocumentLimits.maxProblems`; the rest are not listed.
    case tooManyProblems = "too-many-problems"
    /// Interface Builder files: not well-formed XML (or a DTD); carries `line` and `column`.
    case xmlSyntax = "xml-syntax"
    /// Interface Builder files: XML, but not an Interface Builder document.
    case notInterfaceBuilder = "not-interface-builder"
    /// Interface Builder files: no scene (no view controller with a view, no top-level view).
    case noScenes = "no-scenes"
    /// Interface Builder files: view controllers that contain or lead to each other in a loop.
    case referenceCycle = "reference-cycle"
    /// Interface Builder files: a platform skeletond does not preview (macOS's AppKit, `targetRuntime="MacOSX.Cocoa"`).
    case unsupportedPlatform = "unsupported-platform"
    /// Interface Builder files, information: a root view on IB's generic 600 × 600 canvas is previewed at a phone's
    /// size; the message names it.
    case genericCanvas = "generic-canvas"
    /// Interface Builder files, information: what applying the app's code to a scene could not do, when it is not
    /// about a range of a Swift file (`Protocol/swift-code.md`).
    case codeLinking = "code-linking"
}

/// One thing wrong with a document, located by JSON Pointer.
package struct DocumentProblem: Sendable, Hashable, Error, CustomStringConvertible {
    /// How bad a problem is.
    package enum Severity: String, Sendable, Hashable {
        /// The document is rejected.
        case error
        /// Reported, but the document is still used.
        case warning
        /// Nothing is wrong: what skeletond assumed, said so (published as LSP severity 3, information).
        case information
    }

    /// The stable problem code.
    package var code: ProblemCode
    /// Where the problem is (RFC 6901).
    package var pointer: JSONPointer
    /// What is wrong, in words.
    package var message: String
    /// Error (rejects the document), warning or information.
    package var severity: Severity
    /// For `json-syntax`: 1-based line and column and 0-based byte offset, as jansson reports them.
    /// For Interface Builder files: the 1-based line of the element (every problem has one).
    package var line: Int?
    /// 1-based column (json-syntax, and Interface Builder files, in UTF-8 bytes).
    package var column: Int?
    /// 0-based byte offset (json-syntax only).
    package var position: Int?

    package init(
        code: ProblemCode, pointer: JSONPointer, message: String, severity: Severity = .error,
        line: Int? = nil, column: Int? = nil, position: Int? = nil
    ) {
        self.code = code
        self.pointer = pointer
        self.message = message
        self.severity = severity
        self.line = line
        self.column = column
        self.position = position
    }

    /// A readable form.
    package var description: String {
        let at = pointer.description.isEmpty ? "(document)" : pointer.description
        return "\(severity.rawValue) \(code.rawValue) at \(at): \(message)"
    }
}

/// The outcome of decoding: a document when there is no error, and every problem found.
package struct DocumentDecodingResult: Sendable {
    /// nil when any problem is an error.
    package var document: SkeletonDocument?
    /// Every problem found, in document order.
    package var problems: [DocumentProblem]

    /// Creates a value with the given members (for decoders of other formats, such as Interface Builder files).
    package init(document: SkeletonDocument?, problems: [DocumentProblem]) {
        self.document = document
        self.problems = problems
    }

    /// The problems that reject the document.
    package var errors: [DocumentProblem] { problems.filter { $0.severity == .error } }
    /// The problems that do not.
    package var warnings: [DocumentProblem] { problems.filter { $0.severity == .warning } }
}
