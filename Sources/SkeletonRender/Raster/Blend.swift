/// 8-bit source-over arithmetic on packed pixels (two channels per 32-bit word, exact rounding).

/// `round(x / 255)` for `x` in `0...65025`, exact (Blinn's form).
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// The 8-bit alpha of a source pixel of alpha `a8` drawn at coverage `c8`: `round(a8 × c8 / 255)`.
@inline(__always)
func effectiveAlpha(_ a8: UInt32, _ c8: UInt32) -> UInt32 {
    div255(a8 &* c8)
}

/// Source-over of `src` (any alpha byte; its colour channels are used) at alpha `a` (0...255) onto the opaque `dst`:
/// each channel `round((s × a + d × (255 − a)) / 255)`; the result's alpha byte is 255.
@inline(__always)
func blend(_ dst: UInt32, _ src: UInt32, _ a: UInt32) -> UInt32 {
    let ia = 255 &- a
    let s = src | 0xFF00_0000
    var rb = (s & 0x00FF_00FF) &* a &+ (dst & 0x00FF_00FF) &* ia &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ga = ((s >> 8) & 0x00FF_00FF) &* a &+ ((dst >> 8) & 0x00FF_00FF) &* ia &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ga
}

/// Packs a straight-alpha colour (channels clipped to 0...1, alpha multiplied by `opacity`) into a pixel word
/// whose alpha byte is the 8-bit source alpha.
@inline(__always)
func packColor(red: Double, green: Double, blue: Double, alpha: Double) -> UInt32 {
    UInt32(quantize(red)) | UInt32(quantize(green)) << 8 | UInt32(quantize(blue)) << 16 | UInt32(quantize(alpha)) << 24
}

/// `round(clip(v, 0, 1) × 255)`; NaN is 0.
@inline(__always)
func quantize(_ v: Double) -> UInt8 {
    guard v > 0 else { return 0 }
    guard v < 1 else { return 255 }
    return UInt8(v * 255 + 0.5)
}
