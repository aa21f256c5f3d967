import SkeletonServer

/// One fuzz input for documents: a first text, then edits, separated by NUL bytes.
///
/// - Byte 0 (control): bit 0 picks the position encoding (UTF-16 or UTF-8), bit 1 reads the text as Interface
///   Builder XML instead of JSON, bits 2–7 give the time the display list is sampled at (in tenths of a second).
/// - Then the first text, up to a NUL byte.
/// - Then edits, each up to the next NUL: four bytes (start line, start character, end line, end character) and
///   the replacement text; an edit shorter than four bytes replaces the whole text with what it holds.
struct DocumentFuzzInput {
    var encoding: PositionEncoding
    var interfaceBuilder: Bool
    var time: Double
    var text: [UInt8]
    var edits: [(range: TextRange?, text: [UInt8])]

    init?(_ data: UnsafeRawBufferPointer) {
        guard let control = data.first else { return nil }
        encoding = control & 1 == 0 ? .utf16 : .utf8
        interfaceBuilder = control & 2 != 0
        time = Double(control >> 2) / 10
        let parts = data.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        text = parts.first ?? []
        edits = parts.dropFirst().map { part in
            guard part.count >= 4 else { return (nil, part) }
            let range = TextRange(
                start: TextPosition(line: Int(part[0]), character: Int(part[1])),
                end: TextPosition(line: Int(part[2]), character: Int(part[3])))
            return (range, Array(part.dropFirst(4)))
        }
    }
}
