import SkeletonModel

/// One fuzz input: a control byte, then the file's text.
///
/// Control byte: bits 0-1 choose the limits (0: the defaults; 1: 64 views; 2: 1,000 views; 3: 16 views and 8
/// levels), so that small files reach the budget; bit 2 decodes only the initial scene, as a client's first request
/// does; bit 3 hands the text over as UTF-16 (little-endian, with a byte order mark), which must read exactly as the
/// UTF-8 text does; bits 4-7, when not all zero, set the budget of views to 8 times their value (8 to 120): the
/// file's budget must bound the work whatever it is, and the mutator reaches it by changing one byte.
struct IBFuzzInput {
    var limits: DocumentLimits
    var initialSceneOnly: Bool
    var asUTF16: Bool
    var text: [UInt8]

    init?(_ data: UnsafeRawBufferPointer) {
        guard let control = data.first else { return nil }
        limits = DocumentLimits()
        switch control & 0x03 {
        case 1: limits.maxNodes = 64
        case 2: limits.maxNodes = 1_000
        case 3:
            limits.maxNodes = 16
            limits.maxDepth = 8
        default: break
        }
        if control >> 4 != 0 { limits.maxNodes = 8 * Int(control >> 4) }
        initialSceneOnly = control & 0x04 != 0
        asUTF16 = control & 0x08 != 0
        text = Array(data.dropFirst())
    }

    /// The text as UTF-16LE with a byte order mark; nil when it is not UTF-8.
    var utf16: [UInt8]? {
        guard let string = String(validating: text, as: UTF8.self) else { return nil }
        var out: [UInt8] = [0xFF, 0xFE]
        for unit in string.utf16 { out += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
        return out
    }
}
