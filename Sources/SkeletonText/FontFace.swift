import CFreeType
import CHarfBuzz
import Synchronization

/// A glyph's coverage as FreeType rendered it: `width × height` bytes, row-major, placed with its top-left corner at
/// (`left`, −`top`) from the pen position on the baseline (y grows downwards).
struct GlyphBitmap: Sendable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    var pixels: [UInt8]

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, pixels: [])

    /// What the glyph cache charges for it.
    var byteCost: Int { pixels.count + 64 }
}

/// One opened font: HarfBuzz's view for shaping and cmap lookups, FreeType's for rasterising.
///
/// HarfBuzz fonts are immutable once made and safe to shape with from any thread; the font works in font units
/// (its scale is the em), so shaping does not depend on the size and the same shaped run serves every size.
/// FreeType faces are not thread-safe: the face and its library sit behind a lock, taken only to rasterise a glyph
/// that the glyph cache does not hold.
// Safety: `hbFace` and `hbFont` are immutable after init (hb_font_make_immutable) and HarfBuzz documents them as
// safe to use from several threads; the FreeType handles are only touched under `freeType`'s lock.
final class FontFace: @unchecked Sendable {

    /// The role this face was opened for (the name glyphs carry).
    let role: FontRole
    let file: FontFile
    /// Units per em (shaping results are in these units).
    let unitsPerEm: Int
    /// The family name the file gives (for reports).
    let familyName: String
    private let hbFace: OpaquePointer
    private let hbFont: OpaquePointer

    // Safety: only ever inside `freeType`'s `Mutex`, whose lock every use of the handles takes.
    private struct FreeTypeState: @unchecked Sendable {
        var library: FT_Library
        var face: FT_Face
        /// The size last set on the face, in 26.6 pixels per em (−1: none).
        var ppem26: Int
    }
    private let freeType: Mutex<FreeTypeState>

    /// Opens `file` for `role` from its mapped bytes (`FontData.map`: a regular file within the size limit, checked
    /// on the descriptor that is mapped); the problem when it is not one or either library cannot read it.
    static func open(role: FontRole, file: FontFile) -> Result<FontFace, FontFileProblem> {
        guard file.faceIndex >= 0, file.faceIndex < 1 << 16 else { return .failure(.notAFont) }
        switch FontData.map(file.path) {
        case .failure(let problem): return .failure(problem)
        case .success(let data):
            guard let face = FontFace(role: role, file: file, data: data) else { return .failure(.notAFont) }
            return .success(face)
        }
    }

    /// The mapped file both libraries read (released after their faces, in deinit's order).
    private let data: FontData

    private init?(role: FontRole, file: FontFile, data: FontData) {
        // `FontData` holds at most `TextLimits.maxFontFileBytes`: the length fits both libraries' types.
        guard let length = UInt32(exactly: data.count), let ftLength = FT_Long(exactly: data.count),
            let blob = hb_blob_create(
                data.bytes.assumingMemoryBound(to: CChar.self), length, HB_MEMORY_MODE_READONLY, nil, nil)
        else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(file.faceIndex)) else { return nil }
        let upem = Int(hb_face_get_upem(face))
        guard hb_face_get_glyph_count(face) > 0, upem > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        hb_font_make_immutable(font)

        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            hb_font_destroy(font)
            hb_face_destroy(face)
            return nil
        }
        var ftFace: FT_Face?
        guard
            FT_New_Memory_Face(
                library, data.bytes.assumingMemoryBound(to: FT_Byte.self), ftLength, FT_Long(file.faceIndex), &ftFace)
                == 0, let ftFace
        else {
            FT_Done_FreeType(library)
            hb_font_destroy(font)
            hb_face_destroy(face)
            return nil
        }
        self.data = data
        self.role = role
        self.file = file
        self.unitsPerEm = upem
        self.familyName = ftFace.pointee.family_name.map { String(cString: $0) } ?? "?"
        self.hbFace = face
        self.hbFont = font
        self.freeType = Mutex(FreeTypeState(library: library, face: ftFace, ppem26: -1))
    }

    deinit {
        freeType.withLock { state in
            FT_Done_Face(state.face)
            FT_Done_FreeType(state.library)
        }
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// The HarfBuzz font, for shaping (font units).
    var shapingFont: OpaquePointer { hbFont }

    /// Whether the font's cmap maps `scalar` to a glyph.
    func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && glyph != 0
    }

    /// The coverage of `glyph` at `ppem26` (pixels per em in 26.6), its outline moved right by `phase` quarter
    /// pixels, unhinted (so the shapes follow HarfBuzz's unhinted advances). Empty for outline-less glyphs, errors
    /// and bitmaps over `TextLimits.maxGlyphBitmapBytes`.
    func rasterize(glyph: UInt32, ppem26: Int, phase: Int) -> GlyphBitmap {
        guard ppem26 > 0, ppem26 <= TextLimits.maxPixelsPerEm * 64, (0..<4).contains(phase) else { return .empty }
        return freeType.withLock { state -> GlyphBitmap in
            if state.ppem26 != ppem26 {
                guard FT_Set_Char_Size(state.face, 0, FT_F26Dot6(ppem26), 72, 72) == 0 else {
                    state.ppem26 = -1
                    return .empty
                }
                state.ppem26 = ppem26
            }
            guard FT_Load_Glyph(state.face, FT_UInt(glyph), skd_ft_load_unhinted_outline()) == 0,
                let slot = state.face.pointee.glyph, skd_ft_is_outline(slot) != 0
            else { return .empty }
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 16), 0)
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
            var bitmap = slot.pointee.bitmap
            guard skd_ft_is_gray(&bitmap) != 0 else { return .empty }
            let width = Int(bitmap.width)
            let height = Int(bitmap.rows)
            let pitch = Int(bitmap.pitch)
            guard width > 0, height > 0, let buffer = bitmap.buffer, abs(pitch) >= width,
                width <= TextLimits.maxGlyphBitmapBytes / height
            else { return .empty }
            var pixels = [UInt8](repeating: 0, count: width * height)
            pixels.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    // A negative pitch means rows go upwards from the buffer's start (never for FreeType's own
                    // renderer, but the format allows it).
                    let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                    guard let destination = out.baseAddress?.advanced(by: row * width) else { continue }
                    destination.update(from: source, count: width)
                }
            }
            return GlyphBitmap(
                left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: width,
                height: height, pixels: pixels)
        }
    }
}
