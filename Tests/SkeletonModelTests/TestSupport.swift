import SkeletonModel
import Testing

/// Decodes a document that must be valid.
func decodeValid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SkeletonDocument {
    let result = SkeletonDocument.decode(text: text)
    #expect(result.errors.isEmpty, "\(result.errors)", sourceLocation: sourceLocation)
    return try #require(result.document, sourceLocation: sourceLocation)
}

/// The problems of a document that must be rejected, as "code pointer" strings.
func problems(_ text: String, limits: DocumentLimits = .default) -> [String] {
    let result = DocumentDecoder(limits: limits).decode(text: text)
    return result.problems.map { "\($0.code.rawValue) \($0.pointer)" }
}

extension Node {
    /// Every node in preorder.
    var all: [Node] { [self] + children.flatMap(\.all) }
}
