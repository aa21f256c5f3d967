import CFriBidi

/// The Unicode bidirectional algorithm (UAX #9) through FriBidi: embedding levels for a paragraph's text, and the
/// visual order of a line's runs.
///
/// A paragraph is resolved in chunks of a few thousand scalars (`ParagraphLayout`), so a long paragraph costs what
/// its visible lines cost; a chunk ends after white space, where no bidi rule looks across.
enum Bidi {
    /// The direction of the first strong character (rules P2, P3, skipping isolates): true for right to left,
    /// false for left to right, nil when there is none.
    static func firstStrongIsRightToLeft(_ scalars: [UInt32]) -> Bool? {
        guard !scalars.isEmpty, let count = Int32(exactly: scalars.count) else { return nil }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        scalars.withUnsafeBufferPointer { text in
            types.withUnsafeMutableBufferPointer { out in
                fribidi_get_bidi_types(text.baseAddress, count, out.baseAddress)
            }
        }
        let direction = fribidi_get_par_direction(types, count)
        if direction == skd_fribidi_par_rtl() { return true }
        if direction == skd_fribidi_par_ltr() { return false }
        return nil
    }

    /// The resolved embedding level of every scalar of a paragraph (or a chunk of one) whose base direction is
    /// given, and which scalars are white space for rule L1. Levels are all the base level if FriBidi fails.
    static func levels(_ scalars: [UInt32], rightToLeft: Bool) -> (levels: [UInt8], whiteSpace: [Bool]) {
        let base: UInt8 = rightToLeft ? 1 : 0
        guard !scalars.isEmpty, let count = Int32(exactly: scalars.count) else { return ([], []) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var direction: FriBidiParType = rightToLeft ? skd_fribidi_par_rtl() : skd_fribidi_par_ltr()
        let ok = scalars.withUnsafeBufferPointer { text -> Bool in
            types.withUnsafeMutableBufferPointer { t in
                fribidi_get_bidi_types(text.baseAddress, count, t.baseAddress)
            }
            brackets.withUnsafeMutableBufferPointer { b in
                fribidi_get_bracket_types(text.baseAddress, count, types, b.baseAddress)
            }
            return levels.withUnsafeMutableBufferPointer { l in
                fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, l.baseAddress) != 0
            }
        }
        let whiteSpace = types.map { skd_fribidi_is_l1_white_space($0) != 0 }
        guard ok else { return ([UInt8](repeating: base, count: scalars.count), whiteSpace) }
        // Levels are at most 125 (FriBidi's FRIBIDI_BIDI_MAX_EXPLICIT_LEVEL + 1); never negative on success.
        return (levels.map { UInt8(clamping: $0) }, whiteSpace)
    }

    /// Rule L2 on runs: the visual order (left to right) of runs given in logical order with their levels; from the
    /// highest level down to the lowest odd level, every maximal sequence of runs at that level or higher is
    /// reversed.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
