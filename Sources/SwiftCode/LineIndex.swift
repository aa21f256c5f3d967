internal import SwiftSyntax

/// 1-based lines and UTF-8 columns of a text's byte offsets, as the server places hints: lines end at `\n` (a `\r`
/// before it ends the line's text; a lone `\r` is an ordinary character).
///
/// The line starts are found in one pass over the bytes; a position is then a binary search, so placing every hint
/// and fact of a file costs (hints × log lines), never a scan from the start per position.
struct LineIndex {
    /// The byte offset where each line starts; the first is 0.
    let lineStarts: [Int]
    /// The text's length in bytes.
    let byteCount: Int

    init(_ text: String) {
        var starts = [0]
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            if byte == 0x0A { starts.append(offset) }
        }
        lineStarts = starts
        byteCount = offset
    }

    /// The 0-based index of the line holding `offset` (clamped to the text), and how many line starts the search
    /// compared it with (at most ⌈log₂ lines⌉ + 1).
    func line(containing offset: Int) -> (index: Int, probes: Int) {
        let offset = min(max(offset, 0), byteCount)
        var low = 0
        var high = lineStarts.count - 1
        var probes = 0
        while low < high {
            probes += 1
            let mid = low + (high - low + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low, probes)
    }
}

/// Positions of syntax nodes as 1-based lines and UTF-8 columns, through the file's `LineIndex`; counts the work
/// (the line starts compared) so tests can hold placing positions to its bound.
final class SourceLocations {
    let index: LineIndex
    /// The file every range is in (a uri or a path), when the reader was told.
    let file: String?
    /// Positions placed so far, and line starts compared for them.
    private(set) var placed = 0
    private(set) var probes = 0

    init(index: LineIndex, file: String? = nil) {
        self.index = index
        self.file = file
    }

    /// The 1-based line and UTF-8 column of a position in the file.
    func position(_ position: AbsolutePosition) -> CodePosition {
        let offset = min(max(position.utf8Offset, 0), index.byteCount)
        let (line, probes) = index.line(containing: offset)
        self.probes += probes
        placed += 1
        return CodePosition(line: line + 1, column: offset - index.lineStarts[line] + 1)
    }

    /// A range between two positions of the file.
    func range(from start: CodePosition, to end: CodePosition) -> CodeRange {
        CodeRange(start: start, end: end, file: file)
    }

    /// The node's range without its trivia.
    func range(of node: some SyntaxProtocol) -> CodeRange {
        CodeRange(
            start: position(node.positionAfterSkippingLeadingTrivia),
            end: position(node.endPositionBeforeTrailingTrivia), file: file)
    }
}
