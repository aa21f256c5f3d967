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
}
