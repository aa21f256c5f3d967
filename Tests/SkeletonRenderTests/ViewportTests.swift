import SkeletonGraphics
import Testing

@testable import SkeletonRender

/// Viewports: the pixels they map to, the frames a window render gives, and streams through them.
@Suite struct ViewportTests {
    /// The window of canvas pixels `window`, cut from a whole-canvas frame, the part beyond the canvas `background`.
    static func cut(_ full: Frame, _ window: PixelRect, background: RGB8) throws -> Frame {
        var out = try Frame(width: window.width, height: window.height, color: background)
        for y in 0..<window.height {
            for x in 0..<window.width {
                guard let pixel = full[window.x + x, window.y + y] else { continue }
                out.fill(PixelRect(x: x, y: y, width: 1, height: 1), with: pixel)
            }
        }
        return out
    }

    @Test func theOriginSnapsDownAndTheSizeRoundsUp() throws {
        let v = try Viewport(Rect(x: 13.5, y: 40.25, width: 120, height: 100.25), scale: 2)
        #expect(v.pixels == PixelRect(x: 27, y: 80, width: 240, height: 201))
        let negative = try Viewport(Rect(x: -0.2, y: -3, width: 0.1, height: 1), scale: 3)
        #expect(negative.pixels == PixelRect(x: -1, y: -9, width: 1, height: 3))
        #expect(v.frameBytes == 4 * 240 * 201)
    }

    @Test func badViewportsNameTheirMember() {
        let cases: [(Rect, Double, String)] = [
            (Rect(x: .nan, y: 0, width: 1, height: 1), 1, "x"),
            (Rect(x: 0, y: .infinity, width: 1, height: 1), 1, "y"),
            (Rect(x: 0, y: 0, width: 0, height: 1), 1, "width"),
            (Rect(x: 0, y: 0, width: 1, height: -1), 1, "height"),
            (Rect(x: 0, y: 0, width: .infinity, height: 1), 1, "width"),
            (Rect(x: 1e300, y: 0, width: 1, height: 1), 1, "x"),
            (Rect(x: 0, y: 0, width: 4097, height: 1), 4, "width"),
            (Rect(x: 0, y: 0, width: 1, height: 4097), 4, "height"),
            (Rect(x: 0, y: 0, width: 6000, height: 6000), 1, "height"),
        ]
        for (rect, scale, member) in cases {
            #expect(throws: ViewportError.self) { _ = try Viewport(rect, scale: scale) }
            do { _ = try Viewport(rect, scale: scale) } catch { #expect(error.member == member, "\(rect)") }
        }
        #expect(throws: ViewportError.invalidScale(0)) {
            _ = try Viewport(Rect(x: 0, y: 0, width: 1, height: 1), scale: 0)
        }
        #expect(
            (try? Viewport(Rect(x: 0, y: 0, width: 4096, height: 512), scale: 4))?.pixels.area == RenderLimits.maxPixels
        )
    }

    @Test func aViewportMustMeetTheCanvas() throws {
        let canvas = PixelRect(x: 0, y: 0, width: 100, height: 50)
        for (rect, member) in [
            (Rect(x: 100, y: 0, width: 5, height: 5), "x"), (Rect(x: -5, y: 0, width: 5, height: 5), "x"),
            (Rect(x: 0, y: 50, width: 5, height: 5), "y"), (Rect(x: 0, y: -5, width: 5, height: 5), "y"),
        ] {
            do {
                try Viewport(rect, scale: 1).check(meets: canvas)
                Issue.record("\(rect) was taken")
            } catch { #expect(error.member == member) }
        }
        try Viewport(Rect(x: 99.5, y: -4, width: 5, height: 5), scale: 1).check(meets: canvas)
    }

    /// A window render gives each pixel exactly its bytes in a whole render, the background beyond the canvas, for
    /// windows inside, across and past every edge, at fractional and whole scales.
    @Test func aWindowRenderIsTheCutOfAWholeRender() throws {
        var rng = SeededRandom(seed: 91)
        for round in 0..<60 {
            let scale = [1.0, 2.0, 1.5, 3.0][round % 4]
            let list = Fixtures.randomList(&rng, width: 64, height: 48, count: rng.int(1, 10))
            let full = try Fixtures.render(list, scale: scale)
            let window = PixelRect(
                x: rng.int(-30, full.width - 1), y: rng.int(-30, full.height - 1), width: rng.int(1, 90),
                height: rng.int(1, 70))
            guard window.maxX > 0, window.maxY > 0 else { continue }
            var rasterizer = Rasterizer()
            var frame = try Frame(width: window.width, height: window.height, color: RGB8(r: 1, g: 2, b: 3))
            try rasterizer.render(list, scale: scale, into: &frame, window: window, regions: [window])
            let background = RGB8(pixel: backgroundPixel(list.background))
            #expect(frame == (try Self.cut(full, window, background: background)), "round \(round)")
        }
    }

    /// A stream through a viewport reassembles, at every step of a changing list, to the viewport's cut of the whole
    /// render; a moved viewport's next update is a keyframe of the new window.
    @Test(arguments: [PixelEncoding.raw, .png])
    func aStreamThroughAViewportIsTheCutAtEveryStep(_ encoding: PixelEncoding) throws {
        var rng = SeededRandom(seed: encoding == .raw ? 92 : 93)
        for round in 0..<40 {
            let scale = [1.0, 2.0, 1.5][round % 3]
            var list = Fixtures.randomList(&rng, width: 64, height: 48, count: rng.int(2, 8))
            var window = PixelRect(
                x: rng.int(-10, 40), y: rng.int(-10, 30), width: rng.int(8, 60), height: rng.int(8, 40))
            var stream = try PixelStream(scale: scale, encoding: encoding, viewport: window)
            var client = try Frame(width: window.width, height: window.height)
            for step in 0..<6 {
                if step == 3 {
                    window = PixelRect(
                        x: rng.int(0, 40), y: rng.int(0, 30), width: rng.int(8, 60), height: rng.int(8, 40))
                    stream.setViewport(window)
                    client = try Frame(width: window.width, height: window.height)
                }
                if let update = try stream.next(list) {
                    #expect(update.keyframe == (step == 0 || step == 3))
                    #expect(update.width == window.width && update.height == window.height)
                    #expect(Client.apply(update.rects, to: &client))
                } else {
                    #expect(step != 0 && step != 3, "no keyframe")
                }
                let background = RGB8(pixel: backgroundPixel(list.background))
                let expected = try Self.cut(try Fixtures.render(list, scale: scale), window, background: background)
                guard client == expected else {
                    Issue.record("round \(round) step \(step): the viewport's frame differs from the cut")
                    return
                }
                list = Fixtures.mutate(list, &rng)
            }
            #expect(stream.lastSentFrame.map { $0.width * $0.height } == window.area)
        }
    }

    /// The canvas shrinking away from a live viewport: a keyframe of the viewport's size, all background; the frames
    /// stay the viewport's size whatever the canvas.
    @Test func aCanvasShrinkingAwayFromTheViewportGivesBackground() throws {
        let big = Fixtures.list(400, 300, [Fixtures.layer("a", 300, 200, 50, 50, fill: .solid(.black))])
        let small = Fixtures.list(20, 10, [Fixtures.layer("a", 0, 0, 5, 5, fill: .solid(.black))])
        var stream = try PixelStream(
            scale: 2, encoding: .raw, viewport: PixelRect(x: 580, y: 380, width: 40, height: 40))
        var client = try Frame(width: 40, height: 40)
        #expect(Client.apply(try #require(try stream.next(big)).rects, to: &client))
        let update = try #require(try stream.next(small))
        #expect(update.keyframe && update.width == 40 && update.height == 40)
        #expect(Client.apply(update.rects, to: &client))
        #expect(client == (try Frame(width: 40, height: 40, color: RGB8(pixel: backgroundPixel(small.background)))))
        #expect(stream.lastSentFrame?.width == 40)
        #expect(try stream.next(small) == nil)
    }
}
