import JSON

/// A text map's value spans (`JSONSourceLocator.valueSpans`), kept as the scan gave them plus the shifts of the edits
/// made inside one scalar value since (see `DocumentTextMap.updated(by:in:)`).
///
/// Such an edit moves every boundary after it by its length change and changes nothing else, so it is recorded, not
/// applied: each read applies the recorded shifts to the one span it returns, and an edit costs O(1) however many
/// spans follow it. After `maximumShifts` shifts they are applied to every span once (O(spans)), which bounds what a
/// read costs.
struct SpanTable: RandomAccessCollection, Sendable {
    typealias Element = JSONSourceLocator.ValueSpan

    /// One edit inside a scalar value, in the coordinates of the text it was made in: the replaced bytes
    /// `start..<oldEnd` and the change in length.
    struct Shift: Sendable, Hashable {
        var start: Int
        var oldEnd: Int
        var delta: Int
        /// Whether the edit only inserts, right before the value's first byte (a value that ends there, written
        /// against it in lenient text, then stays).
        var insertsBeforeValue: Bool

        /// Where a value's or key's first byte (or a key's end) goes: it moves when it lies after the edit's start
        /// (the edited value's own first byte stays, even when the edit inserts right before it).
        func lower(_ offset: Int) -> Int { offset > start ? offset + delta : offset }

        /// Where a value's end goes: it moves when it lies at or after the replaced bytes' end (the edited value's
        /// own end moves, even when the edit appends right after its last byte), but for an end at an insertion
        /// right before the edited value (the end of a value before it).
        func upper(_ offset: Int) -> Int {
            offset > oldEnd || (offset == oldEnd && !insertsBeforeValue) ? offset + delta : offset
        }
    }

    /// Recorded shifts past this count are applied to every span.
    static let maximumShifts = 8

    private var base: [Element]
    private var shifts: [Shift] = []
    /// First bytes changed by edits (a literal retyped from its first byte: `154` → `254`), by span index.
    private var firstBytes: [Int: UInt8] = [:]

    init(_ spans: [Element]) { base = spans }

    var startIndex: Int { 0 }
    var endIndex: Int { base.count }

    subscript(k: Int) -> Element {
        let span = base[k]
        if shifts.isEmpty, firstBytes.isEmpty { return span }
        return Self.adjusted(span, shifts, firstByte: firstBytes[k])
    }

    /// `span` with `shifts` applied in order, and its first byte replaced when given.
    private static func adjusted(_ span: Element, _ shifts: [Shift], firstByte: UInt8?) -> Element {
        var span = span
        var lower = span.value.lowerBound
        var upper = span.value.upperBound
        var key = span.key.map { ($0.lowerBound, $0.upperBound) }
        for shift in shifts {
            lower = shift.lower(lower)
            upper = shift.upper(upper)
            if let (from, to) = key { key = (shift.lower(from), shift.lower(to)) }
        }
        span.value = lower..<Swift.max(lower, upper)
        span.key = key.map { $0.0..<Swift.max($0.0, $0.1) }
        if let firstByte { span.firstByte = firstByte }
        return span
    }

    /// Records an edit inside the scalar value at `k` (see `Shift`), which may change that value's first byte.
    mutating func shift(_ shift: Shift, firstByteOf k: Int, to firstByte: UInt8) {
        if self[k].firstByte != firstByte { firstBytes[k] = firstByte }
        if shift.delta != 0 { shifts.append(shift) }
        if shifts.count >= Self.maximumShifts || firstBytes.count >= Self.maximumShifts { applyShifts() }
    }

    /// Applies the recorded shifts and first bytes to every span.
    private mutating func applyShifts() {
        let shifts = self.shifts
        if !shifts.isEmpty {
            for k in base.indices { base[k] = Self.adjusted(base[k], shifts, firstByte: nil) }
        }
        for (k, byte) in firstBytes { base[k].firstByte = byte }
        self.shifts = []
        firstBytes = [:]
    }
}
