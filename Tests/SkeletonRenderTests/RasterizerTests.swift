import SkeletonGraphics
import Testing

@testable import SkeletonRender

@Suite struct BlendArithmetic {
    @Test func div255IsExactRounding() {
        for a in 0...255 {
            for b in 0...255 {
                let x = UInt32(a * b)
                #expect(div255(x) == UInt32((Double(x) / 255).rounded()))
            }
        }
    }

    @Test func packedBlendMatchesPerChannelFormula() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<5000 {
            let s = UInt32(truncatingIfNeeded: rng.next())
            let d = UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000
            let a = UInt32(rng.int(0, 255))
            let out = blend(d, s, a)
            for shift in [0, 8, 16] {
                let sc = (s >> UInt32(shift)) & 0xFF
                let dc = (d >> UInt32(shift)) & 0xFF
                let expected = UInt32((Double(sc * a + dc * (255 - a)) / 255).rounded())
                #expect((out >> UInt32(shift)) & 0xFF == expected)
            }
            #expect(out >> 24 == 255)
        }
    }

    /// The four-pixels-at-a-time spans give exactly the scalar blend, at every alpha, for every span length (the
    /// vector body and the scalar tail), from contiguous, constant and gathered sources.
    @Test func spanBlendsMatchTheScalarBlendAtEveryAlpha() {
        var rng = SeededRandom(seed: 11)
        for a in UInt32(0)...255 {
            let count = rng.int(0, 19)
            let src = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let dst = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            let constant = UInt32(truncatingIfNeeded: rng.next())
            var contiguous = dst
            var single = dst
            var gathered = dst
            contiguous.withUnsafeMutableBufferPointer { d in
                src.withUnsafeBufferPointer { s in
                    guard let dp = d.baseAddress, let sp = s.baseAddress else { return }
                    SpanBlend.blend(dp, from: sp, count: count, alpha: a)
                }
            }
            single.withUnsafeMutableBufferPointer { d in
                guard let dp = d.baseAddress else { return }
                SpanBlend.blend(dp, constant: constant, count: count, alpha: a)
            }
            gathered.withUnsafeMutableBufferPointer { d in
                guard let dp = d.baseAddress else { return }
                SpanBlend.blend(dp, count: count, alpha: a) { src[count - 1 - $0] }
            }
            #expect(contiguous == zip(dst, src).map { blend($0, $1, a) })
            #expect(single == dst.map { blend($0, constant, a) })
            #expect(gathered == dst.indices.map { blend(dst[$0], src[count - 1 - $0], a) })
        }
    }
}

@Suite struct Coverage {
    @Test func halfCoveredEdgePixelGetsHalfAlpha() throws {
        // Black over white; the rect starts half-way through column 2 and row 3.
        let f = try Fixtures.render(Fixtures.list(10, 10, [Fixtures.layer("a", 2.5, 3.5, 5, 5)]))
        #expect(f[1, 5] == RGB8(r: 255, g: 255, b: 255))
        #expect(f[2, 5] == RGB8(r: 127, g: 127, b: 127))  // c8 = 128 → 255 − 128
        #expect(f[3, 5] == RGB8(r: 0, g: 0, b: 0))
        #expect(f[5, 3] == RGB8(r: 127, g: 127, b: 127))
        #expect(f[7, 5] == RGB8(r: 127, g: 127, b: 127))  // right edge at 7.5
        #expect(f[2, 3] == RGB8(r: 191, g: 191, b: 191))  // quarter covered: c8 = 64 → 255 − 64
        #expect(f[8, 5] == RGB8(r: 255, g: 255, b: 255))
    }

    @Test func pixelAlignedRectIsSharp() throws {
        let f = try Fixtures.render(Fixtures.list(8, 8, [Fixtures.layer("a", 2, 2, 4, 4)]))
        for y in 0..<8 {
            for x in 0..<8 {
                let inside = (2..<6).contains(x) && (2..<6).contains(y)
                #expect(f[x, y] == (inside ? RGB8(r: 0, g: 0, b: 0) : RGB8(r: 255, g: 255, b: 255)))
            }
        }
    }

    @Test func roundedCornersAreAntialiasedAndSymmetric() throws {
        let f = try Fixtures.render(Fixtures.list(40, 40, [Fixtures.layer("a", 0, 0, 40, 40, radius: 10)]))
        // The corner pixel is outside the arc, the centre of the corner circle is inside.
        #expect(f[0, 0] == RGB8(r: 255, g: 255, b: 255))
        #expect(f[10, 10] == RGB8(r: 0, g: 0, b: 0))
        #expect(f[20, 0] == RGB8(r: 0, g: 0, b: 0))
        // Along the diagonal the arc crosses at 10 − 10/√2 ≈ 2.93: pixel 2 (centre 2.5) is about 0.5 − 0.61 → mostly
        // outside, pixel 3 mostly inside; some grey exists.
        let p2 = try #require(f[2, 2])
        let p3 = try #require(f[3, 3])
        #expect(p2.r > 200)
        #expect(p3.r < 80)
        // Four corners mirror each other.
        for y in 0..<12 {
            for x in 0..<12 {
                #expect(f[x, y] == f[39 - x, y])
                #expect(f[x, y] == f[x, 39 - y])
                #expect(f[x, y] == f[y, x])
            }
        }
    }

    @Test func cornerPixelOnTheArcIsAboutHalfCovered() throws {
        // Circle of radius 10 centred at (10.5, 10.5) from a 21×21 rect at 0.5: the pixel whose centre (x+0.5)
        // is exactly r away straight left of the centre has d = 0 → coverage min(1, 0.5) = 0.5.
        let f = try Fixtures.render(Fixtures.list(30, 30, [Fixtures.layer("a", 5, 0, 20, 30, radius: 10)]))
        // Row 10 (centre 10.5, dy = 0 → not in a band) is full on the straight edge; row 0 (dy = 9.5) is in the band.
        #expect(f[5, 15] == RGB8(r: 0, g: 0, b: 0))
        // Pixel (14, 0): centre (14.5, 0.5); circle centre (15, 10); distance √(0.25 + 90.25) ≈ 9.513 → d ≈ −0.487,
        // coverage 0.987 → c8 = 252 → 3.
        #expect(f[14, 0] == RGB8(r: 3, g: 3, b: 3))
    }

    @Test func radiusIsClampedToHalfTheShorterSide() throws {
        let a = try Fixtures.render(Fixtures.list(30, 20, [Fixtures.layer("a", 2, 3, 24, 10, radius: 1000)]))
        let b = try Fixtures.render(Fixtures.list(30, 20, [Fixtures.layer("a", 2, 3, 24, 10, radius: 5)]))
        let c = try Fixtures.render(Fixtures.list(30, 20, [Fixtures.layer("a", 2, 3, 24, 10, radius: 4)]))
        #expect(a == b)
        #expect(a != c)
        let neg = try Fixtures.render(Fixtures.list(30, 20, [Fixtures.layer("a", 2, 3, 24, 10, radius: -3)]))
        let sharp = try Fixtures.render(Fixtures.list(30, 20, [Fixtures.layer("a", 2, 3, 24, 10)]))
        #expect(neg == sharp)
    }

    @Test func clipsCutTheLayerAndRoundedClipsRoundIt() throws {
        let clip = RoundedRect(rect: Rect(x: 5, y: 5, width: 10, height: 10))
        let f = try Fixtures.render(Fixtures.list(20, 20, [Fixtures.layer("a", 0, 0, 20, 20, clips: [clip])]))
        #expect(f[4, 10] == RGB8(r: 255, g: 255, b: 255))
        #expect(f[5, 10] == RGB8(r: 0, g: 0, b: 0))
        #expect(f[14, 14] == RGB8(r: 0, g: 0, b: 0))
        #expect(f[15, 14] == RGB8(r: 255, g: 255, b: 255))
        // A rounded clip makes the same pixels as a layer with that radius.
        let rounded = RoundedRect(rect: Rect(x: 5, y: 5, width: 10, height: 10), cornerRadius: 4)
        let g = try Fixtures.render(Fixtures.list(20, 20, [Fixtures.layer("a", 0, 0, 20, 20, clips: [rounded])]))
        let h = try Fixtures.render(Fixtures.list(20, 20, [Fixtures.layer("a", 5, 5, 10, 10, radius: 4)]))
        #expect(g == h)
        #expect(g[5, 5] == RGB8(r: 255, g: 255, b: 255))
        // Two clips: the intersection.
        let c1 = RoundedRect(rect: Rect(x: 0, y: 0, width: 12, height: 20))
        let c2 = RoundedRect(rect: Rect(x: 8, y: 0, width: 12, height: 20))
        let k = try Fixtures.render(Fixtures.list(20, 20, [Fixtures.layer("a", 0, 0, 20, 20, clips: [c1, c2])]))
        #expect(k[7, 3] == RGB8(r: 255, g: 255, b: 255))
        #expect(k[8, 3] == RGB8(r: 0, g: 0, b: 0))
        #expect(k[11, 3] == RGB8(r: 0, g: 0, b: 0))
        #expect(k[12, 3] == RGB8(r: 255, g: 255, b: 255))
        // An empty clip hides the layer.
        let none = try Fixtures.render(
            Fixtures.list(20, 20, [Fixtures.layer("a", 0, 0, 20, 20, clips: [RoundedRect(rect: .zero)])]))
        #expect(none == (try Fixtures.render(Fixtures.list(20, 20, []))))
    }

    @Test func opacityAndAlphaCompositeSourceOverIn8Bit() throws {
        let red = Fill.solid(RGBA(red: 1, green: 0, blue: 0))
        let f = try Fixtures.render(Fixtures.list(4, 4, [Fixtures.layer("a", 0, 0, 4, 4, fill: red, opacity: 0.5)]))
        // a8 = round(0.5 × 255) = 128; green: round(255 × 127 / 255) = 127.
        #expect(f[1, 1] == RGB8(r: 255, g: 127, b: 127))
        let halfRed = Fill.solid(RGBA(red: 1, green: 0, blue: 0, alpha: 0.5))
        let g = try Fixtures.render(Fixtures.list(4, 4, [Fixtures.layer("a", 0, 0, 4, 4, fill: halfRed)]))
        #expect(f == g)
        let zero = try Fixtures.render(Fixtures.list(4, 4, [Fixtures.layer("a", 0, 0, 4, 4, fill: red, opacity: 0)]))
        #expect(zero[1, 1] == RGB8(r: 255, g: 255, b: 255))
        // Layers stack in order.
        let blue = Fill.solid(RGBA(red: 0, green: 0, blue: 1))
        let s = try Fixtures.render(
            Fixtures.list(
                4, 4,
                [
                    Fixtures.layer("a", 0, 0, 4, 4, fill: red),
                    Fixtures.layer("b", 0, 0, 4, 4, fill: blue, opacity: 0.25),
                ]))
        // a8 = round(63.75) = 64: r = round(255 × 191 / 255) = 191, b = round(255 × 64 / 255) = 64.
        #expect(s[2, 2] == RGB8(r: 191, g: 0, b: 64))
    }

    @Test func backgroundIsOpaqueAndExtendedColoursAreClipped() throws {
        let f = try Fixtures.render(
            Fixtures.list(
                3, 3,
                [
                    Fixtures.layer("a", 0, 0, 3, 3, fill: .solid(RGBA(red: 1.4, green: -0.2, blue: 0.5)))
                ]))
        #expect(f[0, 0] == RGB8(r: 255, g: 0, b: 128))
        let g = try Fixtures.render(Fixtures.list(2, 2, [], background: RGBA(red: 1, green: 1, blue: 1, alpha: 0.5)))
        #expect(g[0, 0] == RGB8(r: 128, g: 128, b: 128))
        #expect(g.bytes[3] == 255)
    }

    @Test func scaleMultipliesPixelsAndRoundsUp() throws {
        let list = Fixtures.list(10.2, 5, [Fixtures.layer("a", 1, 1, 2, 2)])
        let f = try Fixtures.render(list, scale: 3)
        #expect(f.width == 31 && f.height == 15)
        #expect(f[3, 3] == RGB8(r: 0, g: 0, b: 0))
        #expect(f[8, 8] == RGB8(r: 0, g: 0, b: 0))
        #expect(f[9, 9] == RGB8(r: 255, g: 255, b: 255))
        let half = try Fixtures.render(Fixtures.list(3, 3, [Fixtures.layer("a", 0, 0, 1, 1)]), scale: 1.5)
        #expect(half.width == 5)
        #expect(half[1, 0] == RGB8(r: 127, g: 127, b: 127))
    }
}

@Suite struct Gradients {
    static let base = RGBA(r8: 0xEC, g8: 0xF0, b8: 0xF1), highlight = RGBA(r8: 0x20, g8: 0x40, b8: 0xA0)

    @Test func horizontalGradientMatchesReferenceAtEveryPixel() throws {
        let g = LinearGradient(colors: [.black, .white], start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
        let rect = Rect(x: 0, y: 0, width: 256, height: 4)
        let f = try Fixtures.render(
            Fixtures.list(256, 4, [Fixtures.layer("g", 0, 0, 256, 4, fill: .linearGradient(g))]))
        for x in 0..<256 {
            #expect(Reference.close(f[x, 2], Reference.gradientColor(g, layer: rect, px: Double(x) + 0.5, py: 2.5)))
            #expect(f[x, 0] == f[x, 3])
        }
        #expect(f[0, 0] == RGB8(r: 0, g: 0, b: 0) || f[0, 0] == RGB8(r: 1, g: 1, b: 1))
    }

    @Test(arguments: Fixtures.directions.map(\.name))
    func slidingDirectionsAtStartMidAndEnd(_ name: String) throws {
        guard let dir = Fixtures.directions.first(where: { $0.name == name }) else { return }
        let rect = Rect(x: 3, y: 2, width: 60, height: 30)
        for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let start = Point(
                x: dir.from.0.x + (dir.to.0.x - dir.from.0.x) * p, y: dir.from.0.y + (dir.to.0.y - dir.from.0.y) * p)
            let end = Point(
                x: dir.from.1.x + (dir.to.1.x - dir.from.1.x) * p, y: dir.from.1.y + (dir.to.1.y - dir.from.1.y) * p)
            let g = LinearGradient(colors: [Self.base, Self.highlight, Self.base], start: start, end: end)
            let f = try Fixtures.render(
                Fixtures.list(
                    66, 34, [Fixtures.layer("g", rect.x, rect.y, rect.width, rect.height, fill: .linearGradient(g))]))
            for y in stride(from: 3, to: 31, by: 3) {
                for x in stride(from: 4, to: 62, by: 3) {
                    let expected = Reference.gradientColor(g, layer: rect, px: Double(x) + 0.5, py: Double(y) + 0.5)
                    #expect(
                        Reference.close(f[x, y], expected),
                        "\(name) p=\(p) at \(x),\(y): \(String(describing: f[x, y])) vs \(expected)")
                }
            }
            if p == 0 || p == 1 {
                // The band is entirely outside the layer: every pixel is the extended base colour.
                let b = Self.base.bytes
                #expect(f[30, 15] == RGB8(r: b.r, g: b.g, b: b.b))
            }
        }
    }

    @Test func highlightIsAtTheMidpoint() throws {
        let g = LinearGradient(
            colors: [Self.base, Self.highlight, Self.base], start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
        let f = try Fixtures.render(
            Fixtures.list(101, 3, [Fixtures.layer("g", 0, 0, 101, 3, fill: .linearGradient(g))]))
        let h = Self.highlight.bytes
        #expect(f[50, 1] == RGB8(r: h.r, g: h.g, b: h.b))
    }

    @Test func coloursBeyondTheEndsAreExtended() throws {
        let red = RGBA(red: 1, green: 0, blue: 0)
        let blue = RGBA(red: 0, green: 0, blue: 1)
        let g = LinearGradient(colors: [red, blue], start: Point(x: 0.25, y: 0.5), end: Point(x: 0.75, y: 0.5))
        let f = try Fixtures.render(
            Fixtures.list(100, 2, [Fixtures.layer("g", 0, 0, 100, 2, fill: .linearGradient(g))]))
        for x in 0..<25 { #expect(f[x, 0] == RGB8(r: 255, g: 0, b: 0)) }
        for x in 75..<100 { #expect(f[x, 0] == RGB8(r: 0, g: 0, b: 255)) }
        let v = LinearGradient(colors: [red, blue], start: Point(x: 0.5, y: 0.25), end: Point(x: 0.5, y: 0.75))
        let fv = try Fixtures.render(
            Fixtures.list(2, 100, [Fixtures.layer("g", 0, 0, 2, 100, fill: .linearGradient(v))]))
        for y in 0..<25 { #expect(fv[1, y] == RGB8(r: 255, g: 0, b: 0)) }
        for y in 75..<100 { #expect(fv[1, y] == RGB8(r: 0, g: 0, b: 255)) }
    }

    @Test func locationsAndManyStopsAndDegenerateAxes() throws {
        let c = [
            RGBA(red: 1, green: 0, blue: 0), RGBA(red: 0, green: 1, blue: 0), RGBA(red: 0, green: 0, blue: 1), .white,
        ]
        let g = LinearGradient(
            colors: c, locations: [0, 0.1, 0.2, 1], start: Point(x: 0, y: 0), end: Point(x: 1, y: 1))
        let rect = Rect(x: 0, y: 0, width: 80, height: 50)
        let f = try Fixtures.render(
            Fixtures.list(80, 50, [Fixtures.layer("g", 0, 0, 80, 50, fill: .linearGradient(g))]))
        for (x, y) in [(5, 5), (10, 3), (40, 25), (70, 45), (2, 40), (77, 1)] {
            let e = Reference.gradientColor(g, layer: rect, px: Double(x) + 0.5, py: Double(y) + 0.5)
            // Diagonal ramps have at most 4 entries per pixel: on this steep stop (≈ 27 levels per pixel) a
            // pixel may be an eighth of a pixel off, ≈ 3 levels.
            #expect(Reference.close(f[x, y], e, tolerance: 4), "\(x),\(y)")
        }
        // start == end: the first colour everywhere; one colour: solid.
        let d = LinearGradient(colors: c, start: Point(x: 0.3, y: 0.3), end: Point(x: 0.3, y: 0.3))
        let fd = try Fixtures.render(
            Fixtures.list(10, 10, [Fixtures.layer("g", 0, 0, 10, 10, fill: .linearGradient(d))]))
        #expect(fd[5, 5] == RGB8(r: 255, g: 0, b: 0))
        let one = LinearGradient(colors: [c[1]], start: .zero, end: Point(x: 1, y: 1))
        let fo = try Fixtures.render(
            Fixtures.list(10, 10, [Fixtures.layer("g", 0, 0, 10, 10, fill: .linearGradient(one))]))
        #expect(fo[5, 5] == RGB8(r: 0, g: 255, b: 0))
        let empty = LinearGradient(colors: [], start: .zero, end: Point(x: 1, y: 1))
        let fe = try Fixtures.render(
            Fixtures.list(10, 10, [Fixtures.layer("g", 0, 0, 10, 10, fill: .linearGradient(empty))]))
        #expect(fe[5, 5] == RGB8(r: 255, g: 255, b: 255))
    }

    @Test func gradientOpacityAndGradientAlpha() throws {
        let g = LinearGradient(
            colors: [RGBA(red: 0, green: 0, blue: 0, alpha: 0), .black], start: Point(x: 0, y: 0.5),
            end: Point(x: 1, y: 0.5))
        let f = try Fixtures.render(
            Fixtures.list(100, 2, [Fixtures.layer("g", 0, 0, 100, 2, fill: .linearGradient(g), opacity: 0.5)]))
        // Near the right end alpha ≈ 0.5 → ≈ 127; near the left ≈ 255.
        let right = try #require(f[99, 0])
        let left = try #require(f[0, 0])
        #expect(abs(Int(right.r) - 128) <= 2)
        #expect(left.r >= 253)
    }
}

@Suite struct Determinism {
    @Test func sameListSameBytesAcrossRasterizers() throws {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<40 {
            let list = Fixtures.randomList(&rng)
            var a = Rasterizer()
            var b = Rasterizer()
            let fa = try a.render(list, scale: 2)
            // A rasterizer that drew something else first (scratch reuse) gives the same bytes.
            _ = try b.render(Fixtures.randomList(&rng), scale: 2)
            let fb = try b.render(list, scale: 2)
            #expect(fa == fb)
        }
    }

    @Test func regionRenderEqualsTheSameRegionOfAFullRenderAndTouchesNothingElse() throws {
        var rng = SeededRandom(seed: 12)
        for _ in 0..<120 {
            let list = Fixtures.randomList(&rng)
            let scale = [1.0, 1.5, 2, 3][rng.int(0, 3)]
            let full = try Fixtures.render(list, scale: scale)
            let x = rng.int(0, full.width - 1)
            let y = rng.int(0, full.height - 1)
            let region = PixelRect(x: x, y: y, width: rng.int(1, full.width - x), height: rng.int(1, full.height - y))
            var partial = try Frame(width: full.width, height: full.height, color: RGB8(r: 1, g: 2, b: 3))
            var r = Rasterizer()
            try r.render(list, scale: scale, into: &partial, region: region)
            for py in 0..<full.height {
                for px in 0..<full.width {
                    let expected = region.contains(px: px, py: py) ? full[px, py] : RGB8(r: 1, g: 2, b: 3)
                    if partial[px, py] != expected {
                        Issue.record("pixel \(px),\(py) differs for region \(region)")
                        return
                    }
                }
            }
        }
    }

    @Test func occlusionCullingChangesNoByte() throws {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<150 {
            let list = Fixtures.randomList(&rng, width: 60, height: 50, count: rng.int(2, 14))
            let scale = [1.0, 2.0, 1.25][rng.int(0, 2)]
            var culled = Rasterizer()
            var plain = Rasterizer()
            plain.occlusionEnabled = false
            #expect(try culled.render(list, scale: scale) == (try plain.render(list, scale: scale)))
        }
        // A layer entirely under an opaque one is skipped; the result is the top layer.
        let hidden = Fixtures.list(
            20, 20,
            [
                Fixtures.layer("under", 5, 5, 5, 5, fill: .solid(RGBA(red: 1, green: 0, blue: 0))),
                Fixtures.layer("over", 0, 0, 20, 20, radius: 2, fill: .solid(.black)),
            ])
        #expect(try Fixtures.render(hidden)[7, 7] == RGB8(r: 0, g: 0, b: 0))
    }

    @Test func badInputIsAnErrorNotACrash() throws {
        var r = Rasterizer()
        #expect(throws: RenderError.invalidScale(0.5)) { _ = try r.render(Fixtures.list(10, 10, []), scale: 0.5) }
        #expect(throws: RenderError.invalidScale(5)) { _ = try r.render(Fixtures.list(10, 10, []), scale: 5) }
        #expect(throws: RenderError.self) { _ = try r.render(Fixtures.list(.nan, 10, []), scale: 1) }
        #expect(throws: RenderError.self) { _ = try r.render(Fixtures.list(0, 10, []), scale: 1) }
        #expect(throws: RenderError.canvasTooLarge(width: 16_000, height: 16_000)) {
            _ = try r.render(Fixtures.list(4000, 4000, []), scale: 4)
        }
        // A side past the limit is named as it is, not as an overflowed Int (it read 9223372036854775807×4).
        #expect(throws: RenderError.canvasTooLarge(width: 65_536, height: 4)) {
            _ = try CanvasGeometry.pixelSize(of: Size(width: 16_384, height: 1), scale: 4)
        }
        #expect(
            RenderError.canvasTooLarge(width: 65_536, height: 4).description
                == "canvas of 65536×4 pixels exceeds the limit of 33554432 pixels or 16384 per side")
        #expect(
            RenderError.canvasTooLarge(width: 4e20, height: .infinity).description.hasPrefix("canvas of 4e+20×∞ pixels")
        )
        #expect(RenderError.invalidScale(9).field == "scale")
        var f = try Frame(width: 10, height: 10)
        #expect(throws: RenderError.regionOutsideCanvas(PixelRect(x: 5, y: 5, width: 10, height: 1))) {
            try r.render(
                Fixtures.list(10, 10, []), scale: 1, into: &f, region: PixelRect(x: 5, y: 5, width: 10, height: 1))
        }
        #expect(throws: RenderError.frameSizeMismatch) { try r.render(Fixtures.list(11, 10, []), scale: 1, into: &f) }
        // Non-finite and huge geometry draws nothing or clips, never traps.
        let weird = Fixtures.list(
            10, 10,
            [
                Fixtures.layer("a", .nan, 0, 5, 5), Fixtures.layer("b", -1e300, -1e300, 1e301, 1e301, radius: 1e300),
                Fixtures.layer("c", 0, 0, .infinity, 5), Fixtures.layer("d", 1, 1, 5, 5, opacity: .nan),
                Fixtures.layer(
                    "e", 0, 0, 10, 10,
                    fill: .linearGradient(
                        LinearGradient(
                            colors: [.black, .white], locations: [.nan, .infinity], start: Point(x: 0, y: 0),
                            end: Point(x: 1e-300, y: 0)))),
            ])
        _ = try r.render(weird, scale: 4)
    }
}
