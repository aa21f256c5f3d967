import JSON

/// A text map's value spans (`JSONSyntaxTree.valueSpans`), kept as the tree gave them plus the shifts of the edits
/// made inside one scalar value since (see `DocumentTextMap.updated(by:in:)`).
///
/// Such an edit moves every boundary after the edited value by its length change and changes nothing else, so it is
/// recorded, not applied: each read applies the recorded shifts to the one span it returns, and an edit costs O(1)
/// however many spans follow it. Edits of the same value in a row (typing in it) make one shift. Past
/// `maximumShifts` shifts (values edited in turn) they are applied to every span once (O(spans)), which bounds what
/// a read costs.
struct SpanTable: RandomAccessCollection, Sendable {
    typealias Element = JSONSyntaxTree.ValueSpan

    /// The length change of an edited scalar value, in the coordinates of the text before the edit: the value
    /// `start..<end` (its bytes then) grew by `delta` bytes.
    ///
    /// Every boundary after the value's first byte moves: the value's own end, the ends of the containers around it
    /// and everything after it. The value's first byte and everything before it stay (a value before it may end
    /// right where it starts, in lenient text).
    struct Shift: Sendable, Hashable {
        var start: Int
        var end: Int
        var delta: Int

        /// Where a value's or key's first byte goes.
        func lower(_ offset: Int) -> Int { offset > start ? offset + delta : offset }

        /// Where a value's or key's end goes.
        func upper(_ offset: Int) -> Int { offset >= end ? offset + delta : offset }
    }

    /// Recorded shifts past this count are applied to every span.
    static let maximumShifts = 8

    private var base: [Element]
    private var shifts: [Shift] = []
    /// The span the last recorded shift is for (the next edit of it changes that shift's length change).
    private var lastShifted: Int?
    /// First bytes changed by edits (a literal retyped from its first byte: `154` → `254`), by span index.
    private var firstBytes: [Int: UInt8] = [:]

    init(_ spans: [Element]) { base = spans }

    var startIndex: Int { 0 }
    var endIndex: Int { base.count }

    subscript(k: Int) -> Element {
        let span = base[k]
        if shifts.isEmpty, firstBytes.isEmpty { return span }
        var adjusted = Self.adjusted(span, shifts)
        if let firstByte = firstBytes[k] { adjusted.firstByte = firstByte }
        return adjusted
    }

    /// `span` with `shifts` applied in order.
    private static func adjusted(_ span: Element, _ shifts: [Shift]) -> Element {
        var span = span
        var lower = span.value.lowerBound
        var upper = span.value.upperBound
        var key = span.key.map { ($0.lowerBound, $0.upperBound) }
        for shift in shifts {
            lower = shift.lower(lower)
            upper = shift.upper(upper)
            // A key's end moves as an end does (for a scalar's shift the same as a start: no key ends inside a value).
            if let (from, to) = key { key = (shift.lower(from), shift.upper(to)) }
        }
        span.value = lower..<Swift.max(lower, upper)
        span.key = key.map { $0.0..<Swift.max($0.0, $0.1) }
        return span
    }

    /// Records an edit inside scalar value `k` (its bytes before the edit `self[k].value`) that changed its length by
    /// `delta` and made its first byte `firstByte`.
    mutating func edit(_ k: Int, delta: Int, firstByte: UInt8) {
        let span = self[k]
        if span.firstByte != firstByte { firstBytes[k] = firstByte }
        if delta != 0 {
            if lastShifted == k, let last = shifts.indices.last {
                // The same value again: its end moves on from where the first of these edits found it.
                shifts[last].delta += delta
                if shifts[last].delta == 0 {
                    shifts.removeLast()
                    lastShifted = nil
                }
            } else {
                shifts.append(Shift(start: span.value.lowerBound, end: span.value.upperBound, delta: delta))
                lastShifted = k
            }
        }
        if shifts.count >= Self.maximumShifts || firstBytes.count >= Self.maximumShifts { applyShifts() }
    }

    /// Records an edit of the bytes between two tokens (whitespace, a separator) that changed the text's length by
    /// `delta`, where `boundary` is the end of the token before them: every token starting at or after it and every
    /// end after it moves.
    mutating func shiftGap(after boundary: Int, delta: Int) {
        guard delta != 0 else { return }
        shifts.append(Shift(start: boundary - 1, end: boundary + 1, delta: delta))
        lastShifted = nil
        if shifts.count >= Self.maximumShifts { applyShifts() }
    }

    /// Applies the recorded shifts and first bytes to every span.
    private mutating func applyShifts() {
        let shifts = self.shifts
        if !shifts.isEmpty {
            for k in base.indices { base[k] = Self.adjusted(base[k], shifts) }
        }
        for (k, byte) in firstBytes { base[k].firstByte = byte }
        self.shifts = []
        lastShifted = nil
        firstBytes = [:]
    }
}
