/// A text under a run of range edits (one `didChange` with many changes): its bytes in a gap buffer and its line
/// starts split at the gap, so an edit costs its own length plus the distance from the previous edit, not the
/// length of the text. Edits in document order (either way) cost one pass over the text in all.
///
/// The bytes an edit visits are counted (`bytesVisited`: the gap's travel, and the bytes walked along a line to
/// find a UTF-16 column) and bounded by `visitBudget`: edits that jump back and forth across a large text, or far
/// along a long line in UTF-16, would cost edits × text size, and are refused past the budget instead.
struct GapTextBuffer {
    /// The bytes before the gap, the gap, and the bytes after it.
    private var storage: [UInt8]
    /// The gap: `storage[gapStart..<gapEnd]`; `gapStart` is also the text offset of the first byte after it.
    private var gapStart: Int
    private var gapEnd: Int
    /// Line starts at or before the gap, ascending, as text offsets.
    private var head: [Int]
    /// Line starts after the gap, as distances from the end of the text (which edits at the gap do not change),
    /// the one nearest the gap last.
    private var tail: [Int] = []
    /// Bytes visited so far: moved across the gap, copied when the storage grows or the whole text is replaced,
    /// walked to find UTF-16 columns.
    private(set) var bytesVisited = 0
    /// The most `bytesVisited` may reach.
    let visitBudget: Int

    /// The gap added when the storage grows, beyond what an edit needs.
    static let minimumGap = 4096

    /// Why an edit is refused beyond those of `TextBuffer`.
    struct BudgetExceeded: Error {}

    /// The text of `buffer`, with the gap at its end; `visitBudget` defaults to
    /// `DocumentStore.editVisitBudget(forBytes:)`.
    init(_ buffer: TextBuffer, visitBudget: Int? = nil) {
        storage = buffer.bytes
        gapStart = storage.count
        gapEnd = storage.count
        head = buffer.lineStarts
        self.visitBudget = visitBudget ?? DocumentStore.editVisitBudget(forBytes: buffer.bytes.count)
    }

    /// The text's length in bytes.
    var count: Int { storage.count - (gapEnd - gapStart) }
    var lineCount: Int { head.count + tail.count }

    /// The text as a `TextBuffer` (one copy).
    var textBuffer: TextBuffer {
        let length = count
        var starts = head
        starts.reserveCapacity(lineCount)
        for distance in tail.reversed() { starts.append(length - distance) }
        return TextBuffer(bytes: Array(storage[0..<gapStart]) + storage[gapEnd...], lineStarts: starts)
    }

    /// The byte at text offset `i`.
    @inline(__always)
    func byte(at i: Int) -> UInt8 { i < gapStart ? storage[i] : storage[i + gapEnd - gapStart] }

    /// The text offset where line `k` starts.
    func lineStart(_ k: Int) -> Int {
        k < head.count ? head[k] : count - tail[tail.count - 1 - (k - head.count)]
    }

    /// Replaces `range` (or everything, when nil) with `text`, as `TextBuffer.apply` does. Throws
    /// `BudgetExceeded` when the gap would travel past the budget.
    @discardableResult
    mutating func apply(range: TextRange?, text: String, encoding: PositionEncoding) throws -> ByteEdit? {
        guard let range else {
            let replaced = TextBuffer(text)
            try spend(replaced.bytes.count)
            let spent = bytesVisited
            self = GapTextBuffer(replaced, visitBudget: visitBudget)
            bytesVisited = spent
            return nil
        }
        let start = try offset(of: range.start, encoding: encoding)
        let end = try offset(of: range.end, encoding: encoding)
        guard range.start <= range.end, start <= end else { throw TextBuffer.EditError.rangeOutOfOrder }
        // A UTF-16 column is found by walking its line from the start: that counts too.
        if encoding == .utf16 {
            try spend(start - lineStart(range.start.line) + end - lineStart(range.end.line))
        }
        var inserted = text
        return try inserted.withUTF8 { utf8 in try replace(start..<end, with: utf8) }
    }

    /// The byte offset of `position`, as `TextBuffer.offset(of:encoding:)` finds it.
    func offset(of position: TextPosition, encoding: PositionEncoding) throws(TextBuffer.EditError) -> Int {
        guard position.line >= 0, position.character >= 0 else { throw .negativePosition }
        guard position.line < lineCount else { throw .lineOutOfRange(line: position.line, lineCount: lineCount) }
        let start = lineStart(position.line)
        var end = count
        if position.line + 1 < lineCount {
            end = lineStart(position.line + 1) - 1  // the \n
            if end > start, byte(at: end - 1) == 0x0D { end -= 1 }
        }
        return TextBuffer.offset(ofCharacter: position.character, from: start, to: end, encoding: encoding) {
            byte(at: $0)
        }
    }

    /// Replaces the bytes of `range` with `replacement`, keeping the line starts in step.
    mutating func replace(_ range: Range<Int>, with replacement: UnsafeBufferPointer<UInt8>) throws -> ByteEdit {
        try moveGap(to: range.lowerBound)
        // Line starts inside the removed bytes (after its first) go.
        let length = count
        while let last = tail.last, length - last <= range.upperBound { tail.removeLast() }
        gapEnd += range.count
        if gapEnd - gapStart < replacement.count { try grow(toFit: replacement.count) }
        for (k, b) in replacement.enumerated() {
            storage[gapStart + k] = b
            if b == 0x0A { head.append(range.lowerBound + k + 1) }
        }
        gapStart += replacement.count
        return ByteEdit(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.lowerBound + replacement.count)
    }

    /// Moves the gap to text offset `p`, carrying the bytes and line starts it passes.
    private mutating func moveGap(to p: Int) throws {
        guard p != gapStart else { return }
        let distance = abs(p - gapStart)
        try spend(distance)
        let length = count
        storage.withUnsafeMutableBufferPointer { raw in
            guard let base = raw.baseAddress else { return }
            if p < gapStart {
                (base + gapEnd - distance).update(from: base + p, count: distance)
            } else {
                base.advanced(by: gapStart).update(from: base + gapEnd, count: distance)
            }
        }
        if p < gapStart {
            gapStart -= distance
            gapEnd -= distance
            while let last = head.last, last > p {
                head.removeLast()
                tail.append(length - last)
            }
        } else {
            gapStart += distance
            gapEnd += distance
            while let last = tail.last, length - last <= p {
                tail.removeLast()
                head.append(length - last)
            }
        }
    }

    /// Makes the gap hold at least `needed` bytes (the storage doubles, so growing costs amortised linear time).
    private mutating func grow(toFit needed: Int) throws {
        let length = count
        try spend(length)
        let gap = max(needed, length, Self.minimumGap)
        var grown = [UInt8](repeating: 0, count: length + gap)
        grown.replaceSubrange(0..<gapStart, with: storage[0..<gapStart])
        let after = storage.count - gapEnd
        grown.replaceSubrange((grown.count - after)..<grown.count, with: storage[gapEnd...])
        gapEnd = grown.count - after
        storage = grown
    }

    private mutating func spend(_ bytes: Int) throws {
        guard bytes <= visitBudget - bytesVisited else { throw BudgetExceeded() }
        bytesVisited += bytes
    }
}
