import JSON

/// `textDocument/foldingRange`: every object and array of a JSON document that spans lines (node objects, their
/// `children`, templates, sections), from its opening line to the line before its closing bracket. Storyboards and
/// XIBs: none.
enum FoldingRanges {
    static func answer(_ request: TextDocumentRequest) throws -> JSON {
        guard !request.isInterfaceBuilder else { return [] }
        let map = request.map
        let buffer = request.text.buffer
        var ranges: [JSON] = []
        for span in map.spans where span.isObject || span.isArray {
            let start = buffer.line(of: span.value.lowerBound)
            let end = buffer.line(of: max(span.value.upperBound - 1, span.value.lowerBound)) - 1
            guard end > start else { continue }
            ranges.append(["startLine": .int(start), "endLine": .int(end)])
        }
        return .array(ranges)
    }
}
