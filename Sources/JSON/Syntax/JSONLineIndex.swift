/// Where each line of a text starts, and the conversion of byte offsets to LSP positions (line, UTF-16 column)
/// and back. Built in one pass over the bytes; a position costs a binary search and its line's bytes.
package struct JSONLineIndex: Sendable, Hashable {
    /// The offset of each line's first byte (the first is 0).
    package let starts: [Int32]
    /// The text's length.
    package let count: Int

    /// The lines of `bytes` (`\n` ends a line; a `\r` before it is part of the line's end).
    /// - Important: `bytes.count <= JSONSyntaxTree.maximumBytes`.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        var starts: [Int32] = [0]
        for i in bytes.indices where bytes[i] == 0x0A { starts.append(Int32(truncatingIfNeeded: i + 1)) }
        self.starts = starts
        count = bytes.count
    }

    /// The index of lines starting at `starts` in a text of `count` bytes (worked out from another's).
    init(starts: [Int32], count: Int) {
        self.starts = starts
        self.count = count
    }

    /// The line holding `offset` (clamped to the text).
    package func line(of offset: Int) -> Int {
        let offset = min(max(offset, 0), count)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The LSP position of `offset` (clamped to the text): its line and its UTF-16 column.
    package func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, character: Int) {
        let offset = min(max(offset, 0), min(count, bytes.count))
        let line = line(of: offset)
        var units = 0
        var i = Int(starts[line])
        while i < offset {
            let b = bytes[i]
            // A lead byte of four bytes is two UTF-16 units; continuation bytes count nothing.
            if b & 0xC0 != 0x80 { units += b >= 0xF0 ? 2 : 1 }
            i += 1
        }
        return (line, units)
    }

    /// The byte offset of an LSP position: past the line's end it is the line's end (before its `\r\n`), past the
    /// last line the text's end.
    package func offset(line: Int, character: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard line >= 0 else { return 0 }
        guard line < starts.count else { return min(count, bytes.count) }
        let end = line + 1 < starts.count ? Int(starts[line + 1]) - 1 : min(count, bytes.count)
        var i = Int(starts[line])
        var units = 0
        while i < end, units < character {
            let b = bytes[i]
            if b == 0x0D, i + 1 == end { break }
            units += b >= 0xF0 ? 2 : 1
            i += 1
            while i < end, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }
}
