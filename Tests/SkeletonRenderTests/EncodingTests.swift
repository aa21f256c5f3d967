import SkeletonGraphics
import SkeletonImaging
import SkeletondTestSupport
import Testing

@testable import SkeletonRender

@Suite struct Encoders {
    @Test func base64KnownVectors() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            #expect(Base64.encodeToString(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(Array(encoded.utf8)) == Array(plain.utf8))
        }
        #expect(Base64.encodeToString([0xFB, 0xFF, 0xBF]) == "+/+/")
        var rng = SeededRandom(seed: 5)
        for n in 0..<70 {
            let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.decode(Array("abc".utf8)) == nil)
    }

    @Test func crc32KnownValue() throws {
        let check = Array("123456789".utf8).withUnsafeBytes { Checksum.crc32(of: $0) }
        #expect(check == 0xCBF4_3926)
        #expect(Checksum.hex(0x0000_ABCD) == "0000abcd")
        let f = try Frame(width: 2, height: 1, color: RGB8(r: 1, g: 2, b: 3))
        let bytes: [UInt8] = [1, 2, 3, 255, 1, 2, 3, 255]
        #expect(Checksum.crc32(of: f) == bytes.withUnsafeBytes { Checksum.crc32(of: $0) })
    }

    @Test func pngRoundTripsThroughZlibInflate() throws {
        var rng = SeededRandom(seed: 31)
        for _ in 0..<20 {
            let list = Fixtures.randomList(&rng, width: 70, height: 50, count: 6)
            let f = try Fixtures.render(list, scale: 1.5)
            let x = rng.int(0, f.width - 1)
            let y = rng.int(0, f.height - 1)
            let rect = PixelRect(x: x, y: y, width: rng.int(1, f.width - x), height: rng.int(1, f.height - y))
            let png = try PNGEncoder.encode(f, rect: rect)
            let decoded = try PNGReader.decode(png)
            #expect(decoded.width == rect.width && decoded.height == rect.height)
            #expect(decoded.bytes == RectEncoder.rawBytes(f, rect))
        }
        #expect(throws: RenderError.self) {
            _ = try PNGEncoder.encode(try Frame(width: 2, height: 2), rect: PixelRect(x: 1, y: 1, width: 2, height: 1))
        }
    }

    @Test func uniformRectsAreSentAsFills() throws {
        var f = try Frame(width: 20, height: 10, color: RGB8(r: 10, g: 20, b: 30))
        f.fill(PixelRect(x: 10, y: 0, width: 10, height: 10), with: RGB8(r: 200, g: 0, b: 0))
        let rects = try RectEncoder.encode(
            f,
            rects: [
                PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 0, width: 10, height: 2),
                PixelRect(x: 15, y: 5, width: 100, height: 100),
            ], as: .raw)
        #expect(rects.count == 3)
        #expect(rects[0].encoding == .fill && rects[0].color == RGB8(r: 10, g: 20, b: 30))
        #expect(rects[0].color?.hex == "#0A141E")
        #expect(rects[1].encoding == .raw && rects[1].data.count == 10 * 2 * 4)
        #expect(rects[2].rect == PixelRect(x: 15, y: 5, width: 5, height: 5) && rects[2].encoding == .fill)
        var g = try Frame(width: 20, height: 10)
        #expect(Client.apply(rects, to: &g))
        #expect(g[7, 1] == RGB8(r: 10, g: 20, b: 30) && g[12, 1] == RGB8(r: 200, g: 0, b: 0))
    }
}

@Suite struct Cells {
    @Test func halfBlocksAverageTheirPixels() throws {
        // 4×4 frame, 2×1 grid: each cell covers 2 columns; top half rows 0–1, bottom half rows 2–3.
        var f = try Frame(width: 4, height: 4, color: RGB8(r: 0, g: 0, b: 0))
        f.fill(PixelRect(x: 0, y: 0, width: 2, height: 2), with: RGB8(r: 255, g: 0, b: 0))
        f.fill(PixelRect(x: 0, y: 2, width: 1, height: 2), with: RGB8(r: 0, g: 0, b: 255))
        let list = Fixtures.list(4, 4, [], background: .black)
        let g = try CellReference.grid(f, list, scale: 1, columns: 2, rows: 1)
        #expect(g[0, 0] == Cell(top: RGB8(r: 255, g: 0, b: 0), bottom: RGB8(r: 0, g: 0, b: 128)))
        #expect(g[1, 0] == Cell(top: RGB8(r: 0, g: 0, b: 0), bottom: RGB8(r: 0, g: 0, b: 0)))
        // A grid finer than the frame samples single pixels.
        let fine = try CellReference.grid(f, list, scale: 1, columns: 8, rows: 4)
        #expect(fine[0, 0]?.top == RGB8(r: 255, g: 0, b: 0))
        #expect(fine[7, 3]?.bottom == RGB8(r: 0, g: 0, b: 0))
        let geometry = CellGeometry(box: f.bounds, columns: 8, rows: 4)
        #expect(
            geometry.xs.map(\.start) == [0, 0, 1, 1, 2, 2, 3, 3] && geometry.xs.allSatisfy { $0.end == $0.start + 1 })
        #expect(throws: RenderError.invalidCellGrid(columns: 0, rows: 3)) { _ = try CellGrid(columns: 0, rows: 3) }
        #expect(throws: RenderError.self) { _ = try CellGrid(columns: 10, rows: 100_000) }
    }

    @Test func diffListsOnlyChangedCellsAndApplies() throws {
        let a = try CellGrid(columns: 10, rows: 5)
        var b = a
        let white = RGB8(r: 255, g: 255, b: 255)
        b.set(column: 2, halfRow: 2, to: white)
        b.set(column: 3, halfRow: 2, to: white)
        let runs = b.changes(since: a)
        #expect(
            runs == [
                CellRun(
                    row: 1, column: 2,
                    cells: [
                        Cell(top: RGB8(r: 255, g: 255, b: 255), bottom: RGB8(r: 0, g: 0, b: 0)),
                        Cell(top: RGB8(r: 255, g: 255, b: 255), bottom: RGB8(r: 0, g: 0, b: 0)),
                    ])
            ])
        var c = a
        c.apply(runs)
        #expect(c == b)
        #expect(b.changes(since: b).isEmpty)
        #expect(b.changes(since: nil).count == 5)
    }
}

@Suite struct LayerOps {
    @Test func addUpdateRemoveMove() {
        let a = Fixtures.list(
            10, 10, [Fixtures.layer("a", 0, 0, 1, 1), Fixtures.layer("b", 0, 0, 2, 2), Fixtures.layer("c", 0, 0, 3, 3)])
        var b = a
        b.layers[1].opacity = 0.5
        b.layers.remove(at: 0)
        b.layers.insert(Fixtures.layer("d", 1, 1, 1, 1), at: 1)
        let diff = LayerDiff.between(a, b)
        #expect(!diff.reset && diff.size == nil && diff.background == nil)
        #expect(diff.ops == [.remove(id: "a"), .update(b.layers[0]), .add(b.layers[1], index: 1)])
        #expect(diff.apply(to: a) == b)
        var c = a
        c.layers.swapAt(0, 2)
        let moved = LayerDiff.between(a, c)
        #expect(moved.apply(to: a) == c)
        #expect(LayerDiff.between(a, a).isEmpty)
        let key = LayerDiff.between(nil, a)
        #expect(key.reset && key.ops.count == 3 && key.apply(to: c) == a)
    }

    @Test func randomDiffsReproduceTheNewList() {
        var rng = SeededRandom(seed: 41)
        for _ in 0..<300 {
            let a = Fixtures.randomList(&rng)
            var b = Fixtures.mutate(a, &rng)
            if rng.bool(0.1) { b.size.width += 1 }
            #expect(LayerDiff.between(a, b).apply(to: a) == b)
        }
    }
}
