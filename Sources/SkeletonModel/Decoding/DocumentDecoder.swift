package import JSON

/// Turns document JSON into a `SkeletonDocument`, reporting every problem it can find.
///
/// Fast path: members are looked up directly in jansson's objects, no Foundation, no `Codable`, and JSON
/// pointers are only built for problems.
package struct DocumentDecoder: Sendable {
    /// The limits the decoder enforces.
    package var limits: DocumentLimits

    package init(limits: DocumentLimits = .default) { self.limits = limits }

    /// Decodes a parsed document.
    package func decode(_ value: JSONValue) -> DocumentDecodingResult {
        var run = DecodingRun(limits: limits)
        let document = run.decodeDocument(value)
        let problems = run.collector.finished()
        return DocumentDecodingResult(document: run.collector.hasErrors ? nil : document, problems: problems)
    }

    /// Parses and decodes UTF-8 text; a JSON error becomes one `json-syntax` (or `too-deep`) problem.
    package func decode(text: String) -> DocumentDecodingResult {
        var text = text
        return text.withUTF8 { decode(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Parses and decodes UTF-8 bytes.
    package func decode(bytes: UnsafeRawBufferPointer) -> DocumentDecodingResult {
        decode { () throws(JSONParseError) in try JSONDocument.parse(bytes, limits: limits.jsonLimits) }
    }

    /// Decodes a document tree built in memory (`JSONDocument.build`: no text written or parsed); a tree over the
    /// limits of `limits.jsonLimits` becomes one `json-syntax` (or `too-deep`) problem, as its text would.
    package func decode(tree: JSON) -> DocumentDecodingResult {
        decode { () throws(JSONParseError) in try JSONDocument.build(tree, limits: limits.jsonLimits) }
    }

    /// Decodes the document `make` parses or builds; its error becomes one problem.
    private func decode(_ make: () throws(JSONParseError) -> JSONDocument) -> DocumentDecodingResult {
        let document: JSONDocument
        do {
            document = try make()
        } catch {
            return DocumentDecodingResult(document: nil, problems: [Self.problem(for: error)])
        }
        return decode(document.value)
    }

    /// A parse error as a problem.
    package static func problem(for error: JSONParseError) -> DocumentProblem {
        let code: ProblemCode
        switch error.reason {
        case .syntax, .tooLarge, .tooManyValues: code = .jsonSyntax
        case .tooDeep: code = .tooDeep
        }
        return DocumentProblem(
            code: code, pointer: JSONPointer(), message: error.message, severity: .error,
            line: error.line, column: error.column, position: error.position)
    }
}

extension SkeletonDocument {
    /// Parses and decodes document text with the default limits.
    package static func decode(text: String, limits: DocumentLimits = .default) -> DocumentDecodingResult {
        DocumentDecoder(limits: limits).decode(text: text)
    }
}
