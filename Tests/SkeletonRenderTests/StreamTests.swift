import SkeletonGraphics
import Testing

@testable import SkeletonRender

@Suite struct Streams {
    /// The invariant: applying the encoded diff rects of frame B to frame A's pixels gives exactly frame B's pixels.
    @Test(arguments: [PixelEncoding.raw, .png])
    func applyingDiffRectsToFrameAGivesFrameB(_ encoding: PixelEncoding) throws {
        var rng = SeededRandom(seed: encoding == .raw ? 51 : 52)
        for _ in 0..<(encoding == .raw ? 300 : 150) {
            let scale = [1.0, 2.0, 1.5][rng.int(0, 2)]
            var stream = try PixelStream(scale: scale, encoding: encoding)
            let a = Fixtures.randomList(&rng)
            let key = try #require(try stream.next(a))
            #expect(key.keyframe)
            var client = try Frame(width: key.width, height: key.height, color: RGB8(r: 7, g: 7, b: 7))
            #expect(Client.apply(key.rects, to: &client))
            #expect(client == (try Fixtures.render(a, scale: scale)))
            var current = a
            for _ in 0..<3 {
                let b = Fixtures.mutate(current, &rng)
                let expected = try Fixtures.render(b, scale: scale)
                if let update = try stream.next(b) {
                    #expect(!update.keyframe)
                    #expect(!update.rects.isEmpty)
                    #expect(Client.apply(update.rects, to: &client))
                } else {
                    #expect(expected == client, "no frame although pixels changed")
                }
                if client != expected {
                    Issue.record("reassembled frame differs")
                    return
                }
                current = b
            }
            #expect(try stream.next(current) == nil)
        }
    }

    @Test func skippedFramesStillConverge() throws {
        var rng = SeededRandom(seed: 53)
        var stream = try PixelStream(scale: 1, encoding: .raw)
        var list = Fixtures.randomList(&rng, count: 6)
        var client = try Frame(canvas: list.size, scale: 1)
        #expect(Client.apply(try #require(try stream.next(list)).rects, to: &client))
        for step in 0..<60 {
            list = Fixtures.mutate(list, &rng)
            guard step % 4 == 3 else { continue }  // frames in between are never built
            if let u = try stream.next(list) { #expect(Client.apply(u.rects, to: &client)) }
            #expect(client == (try Fixtures.render(list, scale: 1)))
        }
        stream.requestKeyframe()
        #expect(try stream.next(list)?.keyframe == true)
        #expect(throws: RenderError.invalidScale(0)) { _ = try PixelStream(scale: 0, encoding: .png) }
    }

    @Test func cellStreamRefusesAnEmptyGrid() throws {
        #expect(throws: RenderError.self) { _ = try CellStream(scale: 1, columns: 0, rows: 1) }
    }
}
