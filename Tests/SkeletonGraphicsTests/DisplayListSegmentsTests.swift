import SkeletondTestSupport
import Testing

@testable import SkeletonGraphics

/// A display list holds its layers in segments that spliced lists share: a splice gives exactly the array splice,
/// keeps the segments it does not touch, and every segment's extent holds its layers.
@Suite struct DisplayListSegmentsTests {
    static func layers(_ n: Int, prefix: String) -> [Layer] {
        (0..<n).map { LayerTests.layer("\(prefix)\($0)", x: Double($0 % 50) * 3) }
    }

    static func list(_ layers: [Layer]) -> DisplayList {
        DisplayList(size: Size(width: 200, height: 100), background: .white, layers: layers)
    }

    static func checkSegments(_ list: DisplayList) {
        #expect(list.segments.allSatisfy { !$0.layers.isEmpty && $0.layers.count <= LayerSegment.capacity })
        #expect(list.segments.reduce(0) { $0 + $1.layers.count } == list.layerCount)
        for segment in list.segments {
            let extent = segment.extent
            #expect(extent != nil)
            for layer in segment.layers {
                let r = layer.shape.rect
                let holds = extent.map {
                    $0.minX <= r.minX && $0.maxX >= r.maxX && $0.minY <= r.minY && $0.maxY >= r.maxY
                }
                #expect(holds == true)
            }
        }
    }

    @Test(arguments: [0, 1, 63, 64, 65, 130, 640])
    func splicingIsTheArraySpliceAndSharesWhatItDoesNotTouch(count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        let base = Self.layers(count, prefix: "old")
        let list = Self.list(base)
        Self.checkSegments(list)
        #expect(list.layers == base)
        for trial in 0..<60 {
            let start = rng.int(0, count)
            let end = rng.int(start, min(count, start + (trial % 3 == 0 ? 200 : 5)))
            let run = Self.layers(rng.int(0, trial % 4 == 0 ? 150 : 4), prefix: "new")
            let spliced = DisplayList(splicing: list, replaced: start..<end, with: run)
            let expected = Array(base[..<start]) + run + Array(base[end...])
            #expect(spliced.layers == expected, "\(start)..<\(end) with \(run.count)")
            #expect(spliced.layerCount == expected.count)
            #expect(spliced.derivation?.replacedNew == start..<(start + run.count))
            Self.checkSegments(spliced)
            // Segments wholly before the replaced layers are the parent's own.
            var offset = 0
            for segment in list.segments {
                offset += segment.layers.count
                guard offset < start else { break }
                #expect(spliced.segments.contains { $0 === segment })
            }
        }
    }

    @Test func layersReadInRangesAndAppended() {
        var list = Self.list(Self.layers(150, prefix: "a"))
        var seen: [String] = []
        list.forEachLayer(in: 60..<70) { seen.append($0.id) }
        #expect(seen == (60..<70).map { "a\($0)" })
        let identity = list.identity
        list.append(contentsOf: Self.layers(3, prefix: "top"))
        #expect(list.layerCount == 153 && list.layers.suffix(3).map(\.id) == ["top0", "top1", "top2"])
        #expect(list.identity != identity && list.derivation == nil)
        Self.checkSegments(list)
    }

    @Test func listsWithEqualLayersAreEqualHoweverSegmented() {
        let layers = Self.layers(100, prefix: "a")
        let whole = Self.list(layers)
        // The same layers reached by a splice (segments cut elsewhere).
        let spliced = DisplayList(
            splicing: Self.list(Array(layers[..<10]) + Array(layers[40...])), replaced: 10..<10,
            with: Array(layers[10..<40]))
        #expect(spliced == whole && spliced.hashValue == whole.hashValue)
        #expect(spliced != Self.list(Array(layers.dropLast())))
    }

    @Test func aSegmentWithANonFiniteShapeMayTouchAnything() {
        var layers = Self.layers(3, prefix: "a")
        layers[1].shape = RoundedRect(rect: Rect(x: .nan, y: 0, width: 1, height: 1), cornerRadius: 0)
        #expect(Self.list(layers).segments[0].extent == nil)
        layers[1].shape = RoundedRect(rect: Rect(x: 50, y: 60, width: -20, height: -30), cornerRadius: 0)
        let extent = Self.list(layers).segments[0].extent
        #expect(extent.map { $0.minX <= 30 && $0.minY <= 30 && $0.maxX >= 50 && $0.maxY >= 60 } == true)
    }
}

extension SplitMix64 {
    /// A number in `low...high`.
    fileprivate mutating func int(_ low: Int, _ high: Int) -> Int { low + Int(next() % UInt64(high - low + 1)) }
}
