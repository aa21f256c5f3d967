import Foundation
import SwiftCode
import Testing

/// Test helpers: reading snippets and the shared SkeletonView fixtures.
enum Code {
    /// The facts of the one class `name` in `source`.
    static func facts(
        _ source: String, class name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ClassFacts {
        try #require(SwiftCodeReader.read(text: source).facts(forClass: name), sourceLocation: sourceLocation)
    }

    /// A file of `/work/shared/fixtures` (beside the repository: `../shared/fixtures/<path>`).
    static func sharedFixture(_ path: String) throws -> String {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/\(path)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// A range on one line (of `file`, when the reader was told the file).
    static func range(_ line: Int, _ start: Int, _ end: Int, file: String? = nil) -> CodeRange {
        CodeRange(
            start: CodePosition(line: line, column: start), end: CodePosition(line: line, column: end), file: file)
    }

    /// An assignment fact.
    static func set(
        _ target: ViewTarget, _ property: ViewProperty, _ value: CodeValue, line: Int, _ start: Int, _ end: Int
    ) -> PropertyAssignment {
        PropertyAssignment(target: target, property: property, value: value, range: range(line, start, end))
    }
}
