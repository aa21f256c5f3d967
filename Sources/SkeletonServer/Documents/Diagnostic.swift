package import JSON

/// A problem in a document's text, before it is placed in the text.
package struct Diagnostic: Sendable, Hashable {
    package enum Severity: Int, Sendable {
        case error = 1
        case warning, information, hint
    }

    /// Where the problem is: a value by JSON Pointer (found by a light scan of the text), or a byte offset
    /// (jansson's position for syntax errors).
    package enum Location: Sendable, Hashable {
        case pointer(JSONPointer)
        /// The name of the object member the pointer leads to (its key, quotes included), not its value: for a
        /// problem with the member itself, such as an unknown field. Its value when the member is not found.
        case memberName(JSONPointer)
        case offset(Int)
        /// 1-based line and column, the column in UTF-8 bytes (Interface Builder XML problems).
        case lineColumn(line: Int, column: Int)
        /// From one 1-based line and UTF-8 column to another, end exclusive (Swift code hints).
        case lineColumns(line: Int, column: Int, endLine: Int, endColumn: Int)
    }

    /// A stable code per kind of problem (listed in `Protocol/`).
    package var code: String
    package var message: String
    package var severity: Severity
    package var location: Location

    package init(code: String, message: String, severity: Severity = .error, location: Location) {
        self.code = code
        self.message = message
        self.severity = severity
        self.location = location
    }

    /// The LSP `Diagnostic` for this problem in `buffer`, a pointer located in a syntax tree of its own (for texts
    /// no document entry holds; an entry's problems use `lsp(in:encoding:tree:)` with the entry's tree).
    package func lsp(in buffer: TextBuffer, encoding: PositionEncoding) -> JSON {
        lsp(in: buffer, encoding: encoding) { JSONSyntaxTree(bytes: buffer.bytes) }
    }

    /// The LSP `Diagnostic` for this problem in `buffer`, a pointer located in `tree()` (the syntax tree of `buffer`'s
    /// text, asked for only when the location is a pointer).
    func lsp(in buffer: TextBuffer, encoding: PositionEncoding, tree: () -> JSONSyntaxTree) -> JSON {
        lsp(in: buffer, range: byteRange(in: buffer, tree: tree), encoding: encoding)
    }

    /// The LSP `Diagnostic` for this problem in `buffer`, underlining `range` (its `byteRange`, located already).
    func lsp(in buffer: TextBuffer, range: Range<Int>, encoding: PositionEncoding) -> JSON {
        [
            "range": buffer.lspRange(of: range, encoding: encoding),
            "severity": .int(severity.rawValue),
            "code": .string(code),
            "source": "skeletond",
            "message": .string(message),
        ]
    }

    /// The bytes to underline, a pointer found in `tree()` (the syntax tree of `buffer`'s text, asked for only when
    /// the location is a pointer: the document entry's, shared by every problem of one text version).
    func byteRange(in buffer: TextBuffer, tree: () -> JSONSyntaxTree) -> Range<Int> {
        let count = buffer.bytes.count
        switch location {
        case .offset(let offset):
            let start = min(max(offset, 0), count)
            return start..<min(start + 1, count)
        case .pointer(let pointer):
            guard let found = tree().locate(pointer) else { return 0..<0 }
            return found.preferred
        case .memberName(let pointer):
            guard let found = tree().locate(pointer) else { return 0..<0 }
            if found.matchedTokens == pointer.tokens.count, let key = found.key { return key }
            return found.preferred
        case .lineColumn(let line, let column):
            // From that column to the end of its line (at least one byte).
            let start = Self.offset(line: line, column: column, in: buffer)
            let lineEnd = Self.lineBounds(line, in: buffer).upperBound
            return start..<min(max(lineEnd, start + 1), count)
        case .lineColumns(let line, let column, let endLine, let endColumn):
            let start = Self.offset(line: line, column: column, in: buffer)
            return start..<max(start, Self.offset(line: endLine, column: endColumn, in: buffer))
        }
    }

    /// The bytes of a 1-based line (clamped to the text), without its line break.
    private static func lineBounds(_ line: Int, in buffer: TextBuffer) -> Range<Int> {
        let index = min(max(line, 1), buffer.lineCount) - 1
        let lineStart = buffer.lineStarts[index]
        var lineEnd = index + 1 < buffer.lineCount ? buffer.lineStarts[index + 1] - 1 : buffer.bytes.count
        if lineEnd > lineStart, buffer.bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        return lineStart..<max(lineStart, lineEnd)
    }

    /// The byte offset of a 1-based line and UTF-8 column, clamped to that line.
    private static func offset(line: Int, column: Int, in buffer: TextBuffer) -> Int {
        let bounds = lineBounds(line, in: buffer)
        return bounds.lowerBound + min(max(column, 1) - 1, bounds.count)
    }
}
