package import JSON

extension TextBuffer {
    /// The LSP `Position` of a byte offset.
    package func lspPosition(of offset: Int, encoding: PositionEncoding) -> JSON {
        let p = position(of: offset, encoding: encoding)
        return ["line": .int(p.line), "character": .int(p.character)]
    }

    /// The LSP `Range` of a byte range.
    package func lspRange(of range: Range<Int>, encoding: PositionEncoding) -> JSON {
        [
            "start": lspPosition(of: range.lowerBound, encoding: encoding),
            "end": lspPosition(of: range.upperBound, encoding: encoding),
        ]
    }
}

extension TextBuffer {
    /// The zero-based line holding a byte offset (clamped to the text).
    package func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
