#ifndef SKELETOND_CFREETYPE_SHIM_H
#define SKELETOND_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/* FreeType's flags are macros built from other macros; these are what Swift sees. */
static inline FT_Int32 skd_ft_load_unhinted_outline(void) {
    return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP | FT_LOAD_NO_AUTOHINT;
}
static inline int skd_ft_is_outline(FT_GlyphSlot slot) { return slot->format == FT_GLYPH_FORMAT_OUTLINE; }
static inline int skd_ft_is_gray(const FT_Bitmap *bitmap) { return bitmap->pixel_mode == FT_PIXEL_MODE_GRAY; }
#endif
