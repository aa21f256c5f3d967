/// Source-over of spans at one alpha, four pixels at a time (SSE2 through Swift's SIMD types).
///
/// Each channel is computed in a 16-bit lane exactly as `blend(_:_:_:)` computes it in its packed word:
/// `t = s·a + d·(255 − a) + 128`, then `(t + t >> 8) >> 8` (t ≤ 65,153, so nothing overflows a lane), and the
/// result is opaque. So every byte equals the scalar result; the tail of a span goes through `blend` itself.
enum SpanBlend {
    private static let opaque = SIMD16<UInt8>(0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255)

    /// Four pixels of `d` under four of `s` at alpha `a` (and `ia = 255 − a`), in every lane.
    @inline(__always)
    static func blend4(_ d: SIMD16<UInt8>, _ s: SIMD16<UInt8>, _ a: SIMD8<UInt16>, _ ia: SIMD8<UInt16>) -> SIMD16<UInt8>
    {
        let dl = SIMD8<UInt16>(truncatingIfNeeded: d.lowHalf)
        let dh = SIMD8<UInt16>(truncatingIfNeeded: d.highHalf)
        let sl = SIMD8<UInt16>(truncatingIfNeeded: s.lowHalf)
        let sh = SIMD8<UInt16>(truncatingIfNeeded: s.highHalf)
        var tl = sl &* a &+ dl &* ia &+ 128
        var th = sh &* a &+ dh &* ia &+ 128
        tl = (tl &+ (tl &>> 8)) &>> 8
        th = (th &+ (th &>> 8)) &>> 8
        return SIMD16<UInt8>(
            lowHalf: SIMD8<UInt8>(truncatingIfNeeded: tl), highHalf: SIMD8<UInt8>(truncatingIfNeeded: th))
            | opaque
    }

    /// `dst[x] = blend(dst[x], src[x], a)` for `x` in `0..<count`.
    @inline(__always)
    static func blend(_ dst: UnsafeMutablePointer<UInt32>, from src: UnsafePointer<UInt32>, count: Int, alpha a: UInt32)
    {
        let av = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: a))
        let iav = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- a))
        let d = UnsafeMutableRawPointer(dst)
        let s = UnsafeRawPointer(src)
        var x = 0
        while x &+ 4 <= count {
            let r = blend4(
                d.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self),
                s.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self), av, iav)
            d.storeBytes(of: r, toByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            x &+= 4
        }
        while x < count {
            dst[x] = SkeletonRender.blend(dst[x], src[x], a)
            x &+= 1
        }
    }

    /// `dst[x] = blend(dst[x], src, a)` for `x` in `0..<count`: one colour.
    @inline(__always)
    static func blend(_ dst: UnsafeMutablePointer<UInt32>, constant src: UInt32, count: Int, alpha a: UInt32) {
        let av = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: a))
        let iav = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- a))
        let s = unsafeBitCast(SIMD4<UInt32>(repeating: src), to: SIMD16<UInt8>.self)
        let d = UnsafeMutableRawPointer(dst)
        var x = 0
        while x &+ 4 <= count {
            let r = blend4(d.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self), s, av, iav)
            d.storeBytes(of: r, toByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            x &+= 4
        }
        while x < count {
            dst[x] = SkeletonRender.blend(dst[x], src, a)
            x &+= 1
        }
    }

    /// `dst[x] = blend(dst[x], pixel(x), a)` for `x` in `0..<count`, the sources gathered four at a time.
    @inline(__always)
    static func blend(
        _ dst: UnsafeMutablePointer<UInt32>, count: Int, alpha a: UInt32, gathering pixel: (Int) -> UInt32
    ) {
        let av = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: a))
        let iav = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 255 &- a))
        let d = UnsafeMutableRawPointer(dst)
        var x = 0
        while x &+ 4 <= count {
            let quad = SIMD4<UInt32>(pixel(x), pixel(x &+ 1), pixel(x &+ 2), pixel(x &+ 3))
            let s = unsafeBitCast(quad, to: SIMD16<UInt8>.self)
            let r = blend4(d.loadUnaligned(fromByteOffset: x &* 4, as: SIMD16<UInt8>.self), s, av, iav)
            d.storeBytes(of: r, toByteOffset: x &* 4, as: SIMD16<UInt8>.self)
            x &+= 4
        }
        while x < count {
            dst[x] = SkeletonRender.blend(dst[x], pixel(x), a)
            x &+= 1
        }
    }
}
