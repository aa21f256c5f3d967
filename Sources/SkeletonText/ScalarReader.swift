import SkeletonGraphics

/// Reads a string's Unicode scalars one at a time, paragraph separators folded into one item, so a long text is
/// only read as far as its visible lines need.
struct ScalarReader {
    enum Item: Equatable {
        case scalar(UInt32)
        /// `\n`, `\r`, `\r\n`, U+0085, U+2028 or U+2029.
        case separator
    }

    private let scalars: String.UnicodeScalarView
    private var index: String.UnicodeScalarView.Index
    /// Scalars of the string consumed so far.
    private(set) var offset = 0
    /// Invisible scalars skipped right before the item `next()` returned last.
    private(set) var skippedBeforeLast = 0
    /// Invisible scalars returned in a row (the run's first `InvisibleScalars.keptRun` are; the rest are skipped).
    private var invisibleRun = 0
    /// Invisible scalars skipped so far: at most `TextLimits.maxSkippedScalars`, then they are read like any other.
    private var skipped = 0

    init(_ text: String) {
        scalars = text.unicodeScalars
        index = scalars.startIndex
    }

    var isAtEnd: Bool { index == scalars.endIndex }

    /// The next scalar, mapped for layout: a tab is a space; other control characters are zero-width spaces (one
    /// scalar for one, so offsets stay those of the string). Of a run of invisible scalars (`InvisibleScalars`),
    /// only the first `InvisibleScalars.keptRun` are returned: the others draw nothing and cannot move a line
    /// break, and the run costs a scan, not a layout (`skippedBeforeLast` says how many went).
    mutating func next() -> Item? {
        skippedBeforeLast = 0
        var value: UInt32
        while true {
            guard index != scalars.endIndex else { return nil }
            value = scalars[index].value
            scalars.formIndex(after: &index)
            offset += 1
            guard InvisibleScalars.contains(value) else {
                invisibleRun = 0
                break
            }
            if invisibleRun < InvisibleScalars.keptRun || skipped >= TextLimits.maxSkippedScalars {
                invisibleRun += 1
                break
            }
            skipped += 1
            skippedBeforeLast += 1
        }
        switch value {
        case 0x0D:
            if index != scalars.endIndex, scalars[index].value == 0x0A {
                scalars.formIndex(after: &index)
                offset += 1
            }
            return .separator
        case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: return .separator
        case 0x09: return .scalar(0x20)
        case 0x00...0x1F, 0x7F...0x9F: return .scalar(0x200B)
        default: return .scalar(value)
        }
    }

    /// Whether anything but white space, invisible scalars and separators follows, looking at most `limit` items
    /// ahead (true when the limit is reached: so much text is taken to show).
    func hasVisibleText(within limit: Int) -> Bool {
        var copy = self
        var seen = 0
        while let item = copy.next() {
            if case .scalar(let s) = item, !LineBreaker.isBlank(s) { return true }
            seen += 1
            if seen >= limit { return true }
        }
        return false
    }
}
