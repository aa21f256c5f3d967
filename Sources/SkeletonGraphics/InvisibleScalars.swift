/// Scalars that take no width and draw nothing: control characters (but line and paragraph separators and the tab),
/// the soft hyphen, joiners and zero-width spaces, the left-to-right and right-to-left marks, variation selectors,
/// the byte order mark and tags. Text is cut before layout counting only the other scalars, and a long run of them
/// is read as its first `InvisibleScalars.keptRun` (`SkeletonText`): so text after 300,000 of them still shows.
package enum InvisibleScalars {
    /// Of a run of invisible scalars, the ones laid out (the rest change nothing a line shows).
    package static let keptRun = 32

    /// Whether `scalar` is invisible.
    package static func contains(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x08, 0x0E...0x1F, 0x7F...0x84, 0x86...0x9F: true
        case 0x00AD, 0x034F, 0x180E, 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF: true
        case 0xE0000...0xE007F, 0xE0100...0xE01EF: true
        default: false
        }
    }
}
