/// A document's text as UTF-8 bytes with a line index, converting between byte offsets and LSP positions.
///
/// Lines end at `\n`; a `\r` before it belongs to the line ending, not the line (LSP counts `\r\n`, `\n` and `\r`
/// alike; a lone `\r` is rare in JSON documents and is treated as an ordinary character here).
package struct TextBuffer: Sendable, Equatable {
    package private(set) var bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    package private(set) var lineStarts: [Int]

    package init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    /// A text whose line index is already known.
    ///
    /// - Important: `lineStarts` must be `0` followed by the offset after every `\n` of `bytes`, ascending.
    init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
    package var lineCount: Int { lineStarts.count }

    /// Why an edit was refused.
    package enum EditError: Error, Equatable, CustomStringConvertible {
        case lineOutOfRange(line: Int, lineCount: Int)
        case negativePosition
        case rangeOutOfOrder

        package var description: String {
            switch self {
            case .lineOutOfRange(let line, let count): "line \(line) is beyond the document's \(count) lines"
            case .negativePosition: "positions must not be negative"
            case .rangeOutOfOrder: "the range ends before it starts"
            }
        }
    }

    /// The byte offset of `position`. A character past the line's end clamps to the end of the line (before its
    /// line ending); a character inside a surrogate pair or a multi-byte sequence rounds down to the scalar start.
    /// A line past the last one is an error.
    package func offset(of position: TextPosition, encoding: PositionEncoding) throws(EditError) -> Int {
        guard position.line >= 0, position.character >= 0 else { throw .negativePosition }
        guard position.line < lineStarts.count else {
            throw .lineOutOfRange(line: position.line, lineCount: lineStarts.count)
        }
        let start = lineStarts[position.line]
        var end = bytes.count
        if position.line + 1 < lineStarts.count {
            end = lineStarts[position.line + 1] - 1  // the \n
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        }
        return Self.offset(ofCharacter: position.character, from: start, to: end, encoding: encoding) { bytes[$0] }
    }

    /// The byte offset of `character` (in `encoding`'s units) in the line `start..<end` (its line ending left out),
    /// whose bytes `byte` reads: clamped to `end`, rounded down to the start of a multi-byte sequence. In UTF-8 it
    /// costs at most four reads; in UTF-16 the line is walked up to the offset.
    ///
    /// - Important: the line is valid UTF-8 (every text is: jansson checked it, edits are Swift strings).
    static func offset(
        ofCharacter character: Int, from start: Int, to end: Int, encoding: PositionEncoding, byte: (Int) -> UInt8
    ) -> Int {
        if encoding == .utf8 {
            guard character < end - start else { return end }
            var offset = start + character
            // Back to the first byte of the sequence that holds it.
            while offset > start, byte(offset) & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        var offset = start
        var units = 0
        while offset < end {
            let length = sequenceLength(byte(offset))
            let width: Int
            switch encoding {
            case .utf8: width = length
            case .utf16: width = length == 4 ? 2 : 1
            }
            if units + width > character { break }
            units += width
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The position of a byte offset (clamped to the text).
    package func position(of offset: Int, encoding: PositionEncoding) -> TextPosition {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var character = 0
        var i = lineStarts[low]
        while i < offset {
            let length = Self.sequenceLength(bytes[i])
            switch encoding {
            case .utf8: character += length
            case .utf16: character += length == 4 ? 2 : 1
            }
            i += length
        }
        return TextPosition(line: low, character: character)
    }

    /// Replaces `range` (or everything, when nil) with `text`. Returns the bytes the edit replaced and their
    /// replacement's length (nil for a full replacement).
    @discardableResult
    package mutating func apply(range: TextRange?, text: String, encoding: PositionEncoding) throws(EditError)
        -> ByteEdit?
    {
        guard let range else {
            self = TextBuffer(text)
            return nil
        }
        let start = try offset(of: range.start, encoding: encoding)
        let end = try offset(of: range.end, encoding: encoding)
        guard range.start <= range.end, start <= end else { throw .rangeOutOfOrder }
        var inserted = text
        return inserted.withUTF8 { utf8 in replace(start..<end, with: utf8, firstLine: range.start.line) }
    }

    /// Replaces the bytes of `range` with `replacement`, keeping the line index in step.
    @discardableResult
    package mutating func replace(_ range: Range<Int>, with replacement: some Collection<UInt8>) -> ByteEdit {
        // The line holding the range's start: the last line starting at or before it.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= range.lowerBound { low = mid } else { high = mid - 1 }
        }
        return replace(range, with: replacement, firstLine: low)
    }

    private mutating func replace(_ range: Range<Int>, with replacement: some Collection<UInt8>, firstLine: Int)
        -> ByteEdit
    {
        let start = range.lowerBound
        let end = range.upperBound
        bytes.replaceSubrange(range, with: replacement)
        let newLength = replacement.count
        // Lines starting inside the replaced bytes go; the inserted text's lines come in; later lines move.
        let delta = newLength - (end - start)
        var after = firstLine + 1
        while after < lineStarts.count, lineStarts[after] <= end { after += 1 }
        var added: [Int] = []
        for i in start..<(start + newLength) where bytes[i] == 0x0A { added.append(i + 1) }
        if delta != 0 {
            for j in after..<lineStarts.count { lineStarts[j] += delta }
        }
        lineStarts.replaceSubrange((firstLine + 1)..<after, with: added)
        return ByteEdit(start: start, oldEnd: end, newEnd: start + newLength)
    }

    /// The one byte range that turns this text into `other` (their common prefix and suffix left out), or nil
    /// when they are equal.
    package func difference(to other: [UInt8]) -> (range: Range<Int>, replacement: ArraySlice<UInt8>)? {
        let shorter = min(bytes.count, other.count)
        var prefix = 0
        while prefix < shorter, bytes[prefix] == other[prefix] { prefix += 1 }
        if prefix == shorter, bytes.count == other.count { return nil }
        var suffix = 0
        while suffix < shorter - prefix, bytes[bytes.count - 1 - suffix] == other[other.count - 1 - suffix] {
            suffix += 1
        }
        return (prefix..<(bytes.count - suffix), other[prefix..<(other.count - suffix)])
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// Bytes in the UTF-8 sequence that starts with `lead` (1 for a stray continuation byte).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}

/// Where an edit landed in a text's bytes.
package struct ByteEdit: Sendable, Hashable {
    /// The first replaced byte.
    package var start: Int
    /// Just past the replaced bytes, in the text before the edit.
    package var oldEnd: Int
    /// Just past the inserted bytes, in the text after the edit.
    package var newEnd: Int
    /// The change in the text's length.
    package var delta: Int { newEnd - oldEnd }

    /// The one edit that does what this edit and then `next` (made on the text this one made) do: the hull of the
    /// two, from the first text to the last.
    package func followed(by next: ByteEdit) -> ByteEdit {
        // The bytes of the middle text either edit touched end here; past it, the texts only moved.
        let middleEnd = max(newEnd, next.oldEnd)
        return ByteEdit(
            start: min(start, next.start), oldEnd: middleEnd - delta, newEnd: middleEnd + next.delta)
    }
}
