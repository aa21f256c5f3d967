import CHarfBuzz

/// One glyph as HarfBuzz placed it, in font units of its face.
struct ShapedGlyph: Sendable {
    var glyph: UInt32
    /// The index (in the text handed to `Shaper.shape`) of the first scalar of the glyph's cluster.
    var cluster: Int
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// HarfBuzz shaping of one run (one face, one direction, one script), with the text around it as context so
/// Arabic joins across run boundaries.
enum Shaper {
    /// Shapes `text[range]` with `face`, glyphs in visual order (left to right, also for right-to-left runs).
    /// Clusters are monotone grapheme clusters (HarfBuzz's default level).
    static func shape(
        _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, face: FontFace, rightToLeft: Bool, script: hb_script_t
    ) -> [ShapedGlyph] {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.count,
            let length = Int32(exactly: text.count), let offset = UInt32(exactly: range.lowerBound),
            let itemLength = Int32(exactly: range.count), let buffer = hb_buffer_create()
        else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf32(buffer, text.baseAddress, length, offset, itemLength)
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN {
            hb_buffer_set_script(buffer, script)
        }
        // A fixed language: HarfBuzz would otherwise take the process's locale, and the bytes must not depend on it.
        hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shapingFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count > 0,
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for k in 0..<Int(count) {
            glyphs.append(
                ShapedGlyph(
                    glyph: infos[k].codepoint, cluster: Int(infos[k].cluster), advance: positions[k].x_advance,
                    xOffset: positions[k].x_offset, yOffset: positions[k].y_offset))
        }
        return glyphs
    }

    /// The script of a scalar (HarfBuzz's Unicode data).
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }

    /// Scripts that do not start a new run (spaces, digits, punctuation, combining marks).
    static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// Combining marks, joiners, variation selectors and other default-ignorables: they stay in their base's font.
    static func clingsToPrevious(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00AD, 0x034F, 0x200B...0x200F, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF, 0xE0100...0xE01EF: return true
        default: break
        }
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar)
        return category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
    }
}
