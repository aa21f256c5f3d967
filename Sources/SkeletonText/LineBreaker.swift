import SkeletonGraphics

/// Where lines may break, after UAX #14's main rules as UILabel applies them (`.byWordWrapping`): after white
/// space, after hyphens and dashes inside words, before and after ideographs, kana and Hangul syllables (not
/// before closing punctuation, small kana or "…", not after opening punctuation), after a zero-width space. A word
/// longer than the line breaks between grapheme clusters (`ParagraphLayout`).
enum LineBreaker {
    /// Spaces that hang at the end of a line and separate words (justification stretches them). Not the no-break
    /// spaces (U+00A0, U+2007, U+202F).
    static func isSpace(_ s: UInt32) -> Bool {
        switch s {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// White space and invisible scalars (`InvisibleScalars`): what draws nothing, so text made only of it left
    /// after the last shown line does not truncate it.
    static func isBlank(_ s: UInt32) -> Bool { isSpace(s) || InvisibleScalars.contains(s) }

    /// Hyphens and dashes a line may break after.
    static func isHyphen(_ s: UInt32) -> Bool {
        switch s {
        case 0x2D, 0x2010, 0x2012, 0x2013, 0x2014: true
        default: false
        }
    }

    /// Ideographs, kana, Hangul syllables, fullwidth forms: a line may break before and after each.
    static func isIdeographic(_ s: UInt32) -> Bool {
        switch s {
        case 0x2E80...0x2FFF, 0x3040...0x30FF, 0x3100...0x312F, 0x3190...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF,
            0x20000...0x3FFFD:
            true
        default: false
        }
    }

    /// Closing punctuation, small kana and the like: never first on a line (kinsoku).
    static func closes(_ s: UInt32) -> Bool {
        switch s {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2026, 0x2019, 0x201D, 0x3001, 0x3002, 0x3009,
            0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F, 0x3041, 0x3043, 0x3045,
            0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096, 0x309D, 0x309E, 0x30A1, 0x30A3,
            0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x30FB, 0x30FC, 0x30FD,
            0x30FE, 0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63,
            0xFF64:
            true
        default: false
        }
    }

    /// Opening punctuation: never last on a line.
    static func opens(_ s: UInt32) -> Bool {
        switch s {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018,
            0x301A, 0x301D, 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62:
            true
        default: false
        }
    }

    /// Whether a line may break between `scalars[i - 1]` and `scalars[i]` (`i` > 0).
    static func canBreak(before i: Int, in scalars: UnsafeBufferPointer<UInt32>) -> Bool {
        guard i > 0, i < scalars.count else { return false }
        let previous = scalars[i - 1]
        let current = scalars[i]
        if isSpace(current) || current == 0x200B { return false }
        if isSpace(previous) || previous == 0x200B { return true }
        if closes(current) || opens(previous) { return false }
        if isHyphen(previous) {
            // After a hyphen inside a word ("well-known"), not after a leading one ("-5", " -x").
            if i >= 2, !isSpace(scalars[i - 2]), !isHyphen(scalars[i - 2]), !isDigit(current) { return true }
        }
        return isIdeographic(previous) || isIdeographic(current)
    }

    private static func isDigit(_ s: UInt32) -> Bool { (0x30...0x39).contains(s) }
}
