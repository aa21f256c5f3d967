import Dispatch
import SkeletonGraphics
import Synchronization
import Testing

@testable import SkeletonText

/// Coverage masks: placement in device pixels, determinism across engines and threads, pinned bytes, bad input.
@Suite struct MaskTests {
    static let hello = TextContent(text: "Hello, World", font: body)

    @Test func aMaskSitsInAbsoluteDevicePixelsAroundTheText() {
        let box = Rect(x: 10, y: 20, width: 200, height: 40)
        let mask = engine.mask(Self.hello, in: box, scale: 2)
        #expect(!mask.isEmpty)
        #expect(mask.coverage.count == mask.width * mask.height)
        #expect(mask.x >= 20 && mask.x < 24)
        // Ink between the cap height above the baseline and the comma's tail below it.
        let baseline = Int(((20 + engine.layout(Self.hello, in: box.size).lines[0].baseline) * 2).rounded())
        #expect(mask.y < baseline && mask.y + mask.height > baseline)
        #expect(mask.coverage.contains(255))
        // Moving the box by whole device pixels moves the mask and keeps its bytes.
        let moved = engine.mask(Self.hello, in: Rect(x: 13, y: 21.5, width: 200, height: 40), scale: 2)
        #expect(moved.x == mask.x + 6 && moved.y == mask.y + 3)
        #expect(moved.coverage == mask.coverage)
        // A quarter-pixel phase changes the bytes (the pen's phase is honoured), not the size much.
        let phased = engine.mask(Self.hello, in: Rect(x: 10.125, y: 20, width: 200, height: 40), scale: 2)
        #expect(phased.coverage != mask.coverage)
        #expect(abs(phased.width - mask.width) <= 1)
    }

    @Test func theSameInputsGiveTheSameBytesOnAnyEngineAndThread() {
        let contents = [
            Self.hello,
            TextContent(text: lorem, font: FontSpec(size: 15, weight: .semibold), alignment: .justified, maxLines: 0),
            TextContent(text: "مرحبا بالعالم Hello שלום 漢字", font: body, maxLines: 2, isRightToLeft: true),
        ]
        let box = Rect(x: 3.3, y: 7.7, width: 180, height: 120)
        let reference = contents.map { TextEngine().mask($0, in: box, scale: 3) }
        #expect(reference.allSatisfy { !$0.isEmpty })
        // Two threads at once on one cold engine, each masking everything several times.
        let shared = TextEngine()
        let results = Mutex<[[CoverageMask]]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            var mine: [CoverageMask] = []
            for _ in 0..<3 {
                for content in contents { mine.append(shared.mask(content, in: box, scale: 3)) }
                shared.removeCachedData()
            }
            results.withLock { $0.append(mine) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 2)
        for masks in all {
            for (k, mask) in masks.enumerated() { #expect(mask == reference[k % contents.count]) }
        }
    }

    /// Masks pinned by checksum, on Debian 12's fonts-inter 4.0~beta7+ds-1, fonts-noto-core 20201225-1,
    /// fonts-noto-cjk 1:20220127+repack1-1, fonts-dejavu-core 2.37-6, FreeType 2.12.1, HarfBuzz 6.0.0, FriBidi 1.0.8.
    /// Other versions draw other bytes: recompute them, and say why in the commit.
    @Test func masksKeepTheirBytes() {
        let cases: [(TextContent, Rect, Double)] = [
            (Self.hello, Rect(x: 0, y: 0, width: 120, height: 22), 3),
            (
                TextContent(text: lorem, font: FontSpec(size: 13), maxLines: 3),
                Rect(x: 5.5, y: 2, width: 160, height: 60), 2
            ),
            (
                TextContent(text: "مرحبا بالعالم — שלום עולם", font: FontSpec(size: 17, weight: .bold)),
                Rect(x: 0, y: 0, width: 240, height: 24), 2
            ),
            (TextContent(text: "日本語のテキスト、中文。", font: body, maxLines: 0), Rect(x: 0, y: 0, width: 100, height: 50), 1.5),
        ]
        let crcs = cases.map { crc32(engine.mask($0.0, in: $0.1, scale: $0.2).coverage) }
        #expect(crcs == [2_748_544_116, 1_785_604_208, 1_749_565_114, 1_686_886_069])
    }

    @Test func badInputGivesAnEmptyMask() {
        let box = Rect(x: 0, y: 0, width: 100, height: 30)
        let nan = Double.nan
        let inf = Double.infinity
        for scale in [0, -1, nan, inf, 1e300, 1e-300] {
            #expect(engine.mask(Self.hello, in: box, scale: scale).isEmpty)
        }
        for bad in [
            Rect(x: nan, y: 0, width: 100, height: 30), Rect(x: 0, y: inf, width: 100, height: 30),
            Rect(x: 0, y: 0, width: -5, height: 30), Rect(x: 0, y: 0, width: 0, height: 30),
            Rect(x: 0, y: 0, width: nan, height: 30), Rect(x: 0, y: 0, width: 1e300, height: 1e300),
            Rect(x: 1e300, y: 0, width: 100, height: 30), Rect(x: 0, y: 0, width: 100, height: -inf),
        ] {
            #expect(engine.mask(Self.hello, in: bad, scale: 2).isEmpty)
        }
        for font in [
            FontSpec(size: 0), FontSpec(size: -3), FontSpec(size: nan), FontSpec(size: inf), FontSpec(size: 1e9),
            FontSpec(lineHeight: 0), FontSpec(lineHeight: nan),
        ] {
            #expect(engine.mask(TextContent(text: "Hi", font: font), in: box, scale: 2).isEmpty)
        }
        for insets in [EdgeInsets(left: nan), EdgeInsets(left: 60, right: 60), EdgeInsets(top: -inf)] {
            #expect(engine.mask(TextContent(text: "Hi", font: body, insets: insets), in: box, scale: 2).isEmpty)
        }
        #expect(engine.mask(TextContent(text: "", font: body), in: box, scale: 2).isEmpty)
        #expect(engine.mask(TextContent(text: "   \n\t", font: body), in: box, scale: 2).isEmpty)
        // Odd scalars: controls, unassigned, private use, noncharacters, lone marks: drawn or not, never a crash.
        let odd = "\u{0}\u{7}\u{1B}\u{85}\u{FFFE}\u{E000}\u{10FFFF}\u{0301}\u{200D}\u{202E}abc\u{2066}"
        _ = engine.mask(TextContent(text: odd, font: body, maxLines: 0), in: box, scale: 2)
        // Huge counts and sizes within the limits stay bounded by the box.
        let big = engine.mask(
            TextContent(text: lorem, font: FontSpec(size: 1_000), maxLines: Int.max), in: box, scale: 4)
        #expect(big.width * big.height <= 16_384 * 16_384)
        let negativeLines = engine.layout(
            TextContent(text: lorem, font: body, maxLines: -7), in: Size(width: 100, height: 60))
        #expect(negativeLines.lines.count == 2)
    }

    @Test func masksAreCachedAndCheapToHit() {
        let engine = TextEngine()
        let content = TextContent(text: String(repeating: "cache ", count: 200_000), font: body, maxLines: 2)
        let box = Rect(x: 0, y: 0, width: 200, height: 60)
        let first = engine.mask(content, in: box, scale: 2)
        let glyphs = engine.counters.rasterizedGlyphs.load(ordering: .relaxed)
        let masks = engine.counters.masks.load(ordering: .relaxed)
        #expect(engine.mask(content, in: box, scale: 2) == first)
        #expect(engine.counters.masks.load(ordering: .relaxed) == masks)
        // Another box with the same glyphs rasterises nothing new.
        _ = engine.mask(content, in: Rect(x: 100, y: 40, width: 200, height: 60), scale: 2)
        #expect(engine.counters.masks.load(ordering: .relaxed) == masks + 1)
        #expect(engine.counters.rasterizedGlyphs.load(ordering: .relaxed) == glyphs)
    }
}
