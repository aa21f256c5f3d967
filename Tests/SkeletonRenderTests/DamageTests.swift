import SkeletonGraphics
import Testing

@testable import SkeletonRender

@Suite struct Damage {
    @Test func nothingChangedIsEmptyAndNoOldListIsTheWholeCanvas() throws {
        let list = Fixtures.list(50, 40, [Fixtures.layer("a", 1, 1, 10, 10)])
        #expect(try LayerDamage.between(list, list, scale: 2).isEmpty)
        #expect(try LayerDamage.between(nil, list, scale: 2) == [PixelRect(x: 0, y: 0, width: 100, height: 80)])
        var bg = list
        bg.background = .black
        #expect(try LayerDamage.between(list, bg, scale: 1) == [PixelRect(x: 0, y: 0, width: 50, height: 40)])
    }

    @Test func changedAddedRemovedLayersDamageTheirBounds() throws {
        let a = Fixtures.list(50, 40, [Fixtures.layer("a", 1.5, 1, 10, 10), Fixtures.layer("b", 30, 20, 5, 5)])
        var b = a
        b.layers[0].shape.rect.x = 3.2
        #expect(
            DamageRegion(try LayerDamage.between(a, b, scale: 1)).bounds == PixelRect(x: 1, y: 1, width: 13, height: 10)
        )
        b = a
        b.layers.remove(at: 1)
        #expect(try LayerDamage.between(a, b, scale: 2) == [PixelRect(x: 60, y: 40, width: 10, height: 10)])
        b.layers.append(Fixtures.layer("c", -5, -5, 10, 10))
        #expect(try LayerDamage.between(a, b, scale: 1).contains(PixelRect(x: 0, y: 0, width: 5, height: 5)))
        // Clips bound the damage.
        var c = a
        c.layers[0].clips = [RoundedRect(rect: Rect(x: 0, y: 0, width: 4, height: 4))]
        let d = try LayerDamage.between(a, c, scale: 1)
        #expect(d == [PixelRect(x: 1, y: 1, width: 11, height: 10)])
    }

    @Test func damageCoversEveryChangedPixel() throws {
        var rng = SeededRandom(seed: 21)
        for _ in 0..<200 {
            let a = Fixtures.randomList(&rng)
            let b = Fixtures.mutate(a, &rng)
            let scale = [1.0, 2.0][rng.int(0, 1)]
            let fa = try Fixtures.render(a, scale: scale)
            let fb = try Fixtures.render(b, scale: scale)
            let damage = try LayerDamage.between(a, b, scale: scale)
            for y in 0..<fa.height {
                for x in 0..<fa.width where fa[x, y] != fb[x, y] {
                    if !damage.contains(where: { $0.contains(px: x, py: y) }) {
                        Issue.record("pixel \(x),\(y) changed outside the damage \(damage)")
                        return
                    }
                }
            }
        }
    }

    @Test func damageRegionKeepsAFewRectsAndCollapses() {
        var region = DamageRegion()
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 2, y: 2, width: 3, height: 3))
        #expect(region.rects.count == 1)
        region.add(PixelRect(x: -1, y: -1, width: 20, height: 20))
        #expect(region.rects == [PixelRect(x: -1, y: -1, width: 20, height: 20)])
        for i in 0..<40 { region.add(PixelRect(x: 100 + i * 3, y: 0, width: 1, height: 1)) }
        #expect(region.rects.count <= DamageRegion.maxRects)
        #expect(region.bounds == PixelRect(x: -1, y: -1, width: 219, height: 20))
    }

    @Test func tileDiffCoversExactlyTheDifferingTiles() throws {
        var rng = SeededRandom(seed: 22)
        for _ in 0..<150 {
            let a = Fixtures.randomList(&rng, width: 150, height: 70)
            let b = Fixtures.mutate(a, &rng)
            let fa = try Fixtures.render(a)
            let fb = try Fixtures.render(b)
            let damage = try LayerDamage.between(a, b, scale: 1)
            let rects = try TileDiff.changedRects(from: fa, to: fb, within: damage)
            let tw = TileDiff.tileWidth
            let th = TileDiff.tileHeight
            let cols = (fa.width + tw - 1) / tw
            let rows = (fa.height + th - 1) / th
            var expected = Set<Int>()
            for y in 0..<fa.height {
                for x in 0..<fa.width where fa[x, y] != fb[x, y] { expected.insert((y / th) * cols + x / tw) }
            }
            var covered = [Int](repeating: 0, count: cols * rows)
            for r in rects {
                #expect(fa.bounds.contains(r))
                #expect(r.x % tw == 0 && r.y % th == 0)
                for ty in (r.minY / th)...((r.maxY - 1) / th) {
                    for tx in (r.minX / tw)...((r.maxX - 1) / tw) { covered[ty * cols + tx] += 1 }
                }
            }
            #expect(Set(covered.indices.filter { covered[$0] > 0 }) == expected)
            #expect(covered.allSatisfy { $0 <= 1 }, "rects overlap")
            // Nothing changed → no rects.
            #expect(try TileDiff.changedRects(from: fa, to: fa).isEmpty)
        }
    }

    @Test func tileRunsMergeIntoRects() throws {
        let a = try Frame(width: 300, height: 64)
        var b = a
        b.fill(PixelRect(x: 10, y: 3, width: 150, height: 40), with: RGB8(r: 9, g: 9, b: 9))
        let rects = try TileDiff.changedRects(from: a, to: b)
        #expect(rects == [PixelRect(x: 0, y: 0, width: 192, height: 48)])
    }

    @Test func tightenedRectsAreTheBoundingBoxesOfTheDifferences() throws {
        var rng = SeededRandom(seed: 23)
        for _ in 0..<150 {
            let a = Fixtures.randomList(&rng, width: 150, height: 70)
            let b = Fixtures.mutate(a, &rng)
            let fa = try Fixtures.render(a)
            let fb = try Fixtures.render(b)
            let tiles = try TileDiff.changedRects(from: fa, to: fb)
            let rects = TileDiff.tightened(tiles, from: fa, to: fb)
            #expect(rects.count <= tiles.count)
            for r in rects { #expect(tiles.contains { $0.contains(r) }, "a tightened rect leaves its tiles") }
            Self.expectMinimalCover(rects, of: fa, fb)
            #expect(TileDiff.tightened(tiles, from: fa, to: fa).isEmpty)
        }
    }

    /// `rects` cover every pixel that differs between `fa` and `fb` exactly once (they do not overlap where it
    /// matters), and are minimal: each edge row and column holds a differing pixel.
    static func expectMinimalCover(_ rects: [PixelRect], of fa: Frame, _ fb: Frame) {
        var covered = [Int](repeating: 0, count: fa.width * fa.height)
        for r in rects {
            #expect((r.minX..<r.maxX).contains { fa[$0, r.minY] != fb[$0, r.minY] })
            #expect((r.minX..<r.maxX).contains { fa[$0, r.maxY - 1] != fb[$0, r.maxY - 1] })
            #expect((r.minY..<r.maxY).contains { fa[r.minX, $0] != fb[r.minX, $0] })
            #expect((r.minY..<r.maxY).contains { fa[r.maxX - 1, $0] != fb[r.maxX - 1, $0] })
            for y in r.minY..<r.maxY {
                for x in r.minX..<r.maxX { covered[y * fa.width + x] += 1 }
            }
        }
        for y in 0..<fa.height {
            for x in 0..<fa.width where fa[x, y] != fb[x, y] {
                #expect(covered[y * fa.width + x] == 1, "pixel (\(x), \(y)) differs and is not covered once")
            }
        }
    }

    /// Small damage is cut to its pixels directly, big damage through tiles: either way every differing pixel in
    /// the damage is covered once, by rectangles whose every edge holds a difference.
    @Test func changedPixelsAreTheDifferencesInTheDamage() throws {
        var rng = SeededRandom(seed: 25)
        var direct = 0
        var tiled = 0
        for _ in 0..<160 {
            let a = Fixtures.randomList(&rng, width: 200, height: 80, count: rng.int(1, 12))
            let b = Fixtures.mutate(a, &rng)
            let fa = try Fixtures.render(a)
            let fb = try Fixtures.render(b)
            let damage = try LayerDamage.between(a, b, scale: 1)
            let rects = try TileDiff.changedPixels(from: fa, to: fb, within: damage)
            let area = TileDiff.disjoint(damage.map { $0.intersection(fa.bounds) }.filter { !$0.isEmpty })
                .reduce(0) { $0 + $1.area }
            if area <= TileDiff.directPixels { direct += 1 } else { tiled += 1 }
            for (i, r) in rects.enumerated() {
                #expect(fa.bounds.contains(r))
                #expect(rects[(i + 1)...].allSatisfy { $0.intersection(r).isEmpty }, "rects overlap")
            }
            Self.expectMinimalCover(rects, of: fa, fb)
            #expect(try TileDiff.changedPixels(from: fa, to: fa, within: damage).isEmpty)
        }
        #expect(direct > 10 && tiled > 10, "direct \(direct), tiled \(tiled)")
    }

    @Test func overlappingDamageIsMergedIntoDisjointRects() {
        let rects = TileDiff.disjoint([
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 20, y: 0, width: 10, height: 10),
            PixelRect(x: 5, y: 5, width: 20, height: 2), PixelRect(x: 100, y: 100, width: 1, height: 1),
        ])
        #expect(
            rects == [
                PixelRect(x: 0, y: 0, width: 30, height: 10), PixelRect(x: 100, y: 100, width: 1, height: 1),
            ])
    }

    @Test func aOnePixelColumnIsSentAsOnePixelColumn() throws {
        let a = try Frame(width: 300, height: 64)
        var b = a
        b.fill(PixelRect(x: 130, y: 5, width: 1, height: 40), with: RGB8(r: 9, g: 9, b: 9))
        let rects = TileDiff.tightened(try TileDiff.changedRects(from: a, to: b), from: a, to: b)
        #expect(rects == [PixelRect(x: 130, y: 5, width: 1, height: 40)])
    }

    @Test func aSplicedListIsDamagedOnlyWhereItsRunsAre() throws {
        var rng = SeededRandom(seed: 24)
        for _ in 0..<150 {
            let old = Fixtures.randomList(&rng, width: 150, height: 70, count: rng.int(1, 12))
            let start = rng.int(0, old.layers.count)
            let end = rng.int(start, old.layers.count)
            let replacement = (0..<rng.int(0, 4)).map {
                Fixtures.randomLayer(&rng, id: "new\($0)", width: 150, height: 70)
            }
            let layers = Array(old.layers[..<start]) + replacement + Array(old.layers[end...])
            let new = DisplayList(splicing: old, replaced: start..<end, with: replacement)
            #expect(new.layers == layers)
            let damage = try LayerDamage.between(old, new, scale: 1)
            // Exactly the runs' bounds: the kept layers are not looked at.
            var expected = DamageRegion()
            for layer in old.layers[start..<end] + replacement {
                if let r = LayerDamage.pixelBounds(layer, scale: 1, canvas: try Fixtures.render(new).bounds) {
                    expected.add(r)
                }
            }
            #expect(damage == expected.rects)
            // And it covers every pixel that differs.
            let (fa, fb) = (try Fixtures.render(old), try Fixtures.render(new))
            for y in 0..<fa.height {
                for x in 0..<fa.width where fa[x, y] != fb[x, y] {
                    #expect(damage.contains { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) })
                }
            }
        }
    }

    /// A solid layer whose rectangle alone changed (an edited width, a moved view, with or without its own clip)
    /// damages only the strips its moving edges sweep: every pixel that differs is in them, whatever the radius,
    /// clips and scale, through a splice (an edit's list) and through the layer-by-layer comparison alike; a width
    /// edit damages less than the layer's bounds.
    @Test func aMovedEdgeDamagesOnlyItsStrip() throws {
        var rng = SeededRandom(seed: 61)
        var smaller = 0
        for trial in 0..<300 {
            var list = Fixtures.randomList(&rng, width: 120, height: 60, count: rng.int(1, 5))
            let k = rng.int(0, list.layerCount - 1)
            var layer = list.layers[k]
            layer.fill = .solid(RGBA(red: rng.double(0, 1), green: 0.4, blue: 0.6, alpha: rng.bool(0.7) ? 1 : 0.5))
            layer.content = nil
            layer.shape.cornerRadius = [0, 2, 7.5, 40][rng.int(0, 3)]
            if rng.bool(0.5) { layer.clips = [] }
            // Half the time the view clips to its own bounds (`clipsToBounds`): its clip moves with it.
            let clipsToBounds = rng.bool(0.5)
            if clipsToBounds { layer.clips.append(RoundedRect(rect: layer.shape.rect, cornerRadius: 6)) }
            list.layers[k] = layer
            var moved = layer
            var rect = moved.shape.rect
            switch trial % 4 {
            case 0: rect.width += rng.double(-rect.width * 0.9, 3)  // the right edge
            case 1: rect.x += rng.double(-4, 4)  // a move: both sides
            case 2: rect.height += rng.double(-rect.height * 0.9, 3)
            default:
                rect.y += rng.double(-2, 2)
                rect.width += rng.double(-1, 1)
            }
            moved.shape.rect = rect
            if clipsToBounds { moved.clips[moved.clips.count - 1] = RoundedRect(rect: rect, cornerRadius: 6) }
            let scale = [1.0, 1.5, 2.0, 3.0][rng.int(0, 3)]
            let spliced = DisplayList(splicing: list, replaced: k..<(k + 1), with: [moved])
            var whole = list
            whole.layers[k] = moved
            let (fa, fb) = (try Fixtures.render(list, scale: scale), try Fixtures.render(whole, scale: scale))
            let canvas = fa.bounds
            for (name, new) in [("splice", spliced), ("aligned", whole)] {
                let damage = try LayerDamage.between(list, new, scale: scale)
                for y in 0..<fa.height {
                    for x in 0..<fa.width where fa[x, y] != fb[x, y] {
                        #expect(
                            damage.contains { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) },
                            "\(name), trial \(trial): (\(x), \(y)) differs outside the damage")
                    }
                }
                let bounds = [layer, moved].compactMap { LayerDamage.pixelBounds($0, scale: scale, canvas: canvas) }
                    .reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
                #expect(damage.allSatisfy { bounds.contains($0) }, "\(name): damage beyond the layer's bounds")
                let area = damage.reduce(0) { $0 + $1.area }
                if name == "splice", trial % 4 == 0, area < bounds.width * bounds.height { smaller += 1 }
            }
        }
        #expect(smaller > 40, "a width edit damaged its whole bounds (\(smaller) of 75 smaller)")
    }

    /// A rectangle far beyond any pixel coordinate, or not a number, that moves: its damage is its bounds (cut to the
    /// canvas) or nothing, never a crash or a strip computed from it.
    @Test func aMovedEdgeBeyondAnyPixelFallsBackToTheBounds() throws {
        let solid = Fill.solid(RGBA(red: 0.2, green: 0.4, blue: 0.6))
        func list(_ rect: Rect) -> DisplayList {
            DisplayList(
                size: Size(width: 100, height: 50), background: .white,
                layers: [
                    Layer(
                        id: "a", node: "n", kind: .block, shape: RoundedRect(rect: rect, cornerRadius: 4), fill: solid)
                ])
        }
        let canvas = PixelRect(x: 0, y: 0, width: 200, height: 100)
        // A huge width growing: the strip lies beyond 32-bit pixels, so the damage is the bounds on the canvas.
        let wide = list(Rect(x: 10, y: 10, width: 1e15, height: 20))
        let wider = DisplayList(
            splicing: wide, replaced: 0..<1, with: [list(Rect(x: 10, y: 10, width: 2e15, height: 20)).layers[0]])
        #expect(try LayerDamage.between(wide, wider, scale: 2) == [PixelRect(x: 20, y: 20, width: 180, height: 40)])
        // A rectangle that is not a number damages nothing it could name, and does not trap.
        let nan = DisplayList(
            splicing: wide, replaced: 0..<1, with: [list(Rect(x: .nan, y: 10, width: 5, height: 20)).layers[0]])
        let damage = try LayerDamage.between(wide, nan, scale: 2)
        #expect(damage.allSatisfy { canvas.intersection($0) == $0 })
        // A far move of an ordinary rectangle: both bounds, the strips would sweep more.
        let near = list(Rect(x: 10, y: 10, width: 20, height: 20))
        let far = DisplayList(
            splicing: near, replaced: 0..<1, with: [list(Rect(x: 70, y: 10, width: 20, height: 20)).layers[0]])
        let moved = try LayerDamage.between(near, far, scale: 1)
        #expect(moved.allSatisfy { $0.width <= 22 })
        #expect(moved.contains { $0.contains(PixelRect(x: 10, y: 10, width: 20, height: 20)) })
        #expect(moved.contains { $0.contains(PixelRect(x: 70, y: 10, width: 20, height: 20)) })
    }

    @Test func aListSplicedFromAnotherIsComparedLayerByLayer() throws {
        var rng = SeededRandom(seed: 25)
        var a = Fixtures.randomList(&rng, width: 150, height: 70, count: 6)
        for k in a.layers.indices { a.layers[k].clips = [] }
        var b = a
        b.layers[2].shape = RoundedRect(rect: Rect(x: 10, y: 10, width: 20, height: 20), cornerRadius: 0)
        let c = DisplayList(splicing: a, replaced: 2..<3, with: [b.layers[2]])
        #expect(c == b)
        // Compared with a list that is not its parent (here `a` changed elsewhere), `c` gets the full comparison.
        var other = a
        other.layers[4].shape = RoundedRect(rect: Rect(x: 100, y: 40, width: 20, height: 20), cornerRadius: 0)
        let damage = try LayerDamage.between(other, c, scale: 1)
        let (fo, fc) = (try Fixtures.render(other), try Fixtures.render(c))
        var differing = 0
        for y in 0..<fo.height {
            for x in 0..<fo.width where fo[x, y] != fc[x, y] {
                differing += 1
                #expect(damage.contains { $0.contains(PixelRect(x: x, y: y, width: 1, height: 1)) }, "(\(x), \(y))")
            }
        }
        #expect(differing > 0)
        #expect(try LayerDamage.between(a, a, scale: 1).isEmpty)
        // A copy shares the identity; a change makes a new one and forgets the derivation.
        var d = c
        #expect(d.identity == c.identity && d.derivation == c.derivation && c.derivation?.parent == a.identity)
        d.layers[0].opacity = 0.25
        #expect(d.identity != c.identity && d.derivation == nil)
        #expect(d != c && b == c, "equality is about what is drawn, not where a list came from")
    }
}
