import JSON

/// Writes LSP `Range`s of byte ranges of one text straight into a `JSONWriter`, as `TextBuffer.lspRange` gives them
/// (the same bytes), without building `JSON` values: a line is found by binary search in the buffer's line index, and
/// on an ASCII line a byte offset is its character in either encoding (other lines are scanned, as the buffer does).
struct LSPRangeWriter {
    let buffer: TextBuffer
    let encoding: PositionEncoding
    /// Per line: whether every byte is ASCII (`TextMapCache.asciiLines`).
    let asciiLines: [Bool]

    /// The zero-based line and character of a byte offset (clamped to the text).
    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), buffer.bytes.count)
        let line = buffer.line(of: offset)
        if line < asciiLines.count, asciiLines[line] { return (line, offset - buffer.lineStarts[line]) }
        let p = buffer.position(of: offset, encoding: encoding)
        return (p.line, p.character)
    }

    /// Appends `{"start":{"line":…,"character":…},"end":{…}}`.
    func write(_ range: Range<Int>, into out: inout JSONWriter) {
        out.writeRaw(#"{"start":"#)
        write(position(of: range.lowerBound), into: &out)
        out.writeRaw(#","end":"#)
        write(position(of: range.upperBound), into: &out)
        out.writeRaw("}")
    }

    private func write(_ p: (line: Int, character: Int), into out: inout JSONWriter) {
        out.writeRaw(#"{"line":"#)
        out.writeInt(p.line)
        out.writeRaw(#","character":"#)
        out.writeInt(p.character)
        out.writeRaw("}")
    }
}
