import Foundation
import SkeletonEngine
import SkeletonGraphics
import SkeletonModel
import Testing

@testable import SkeletonRender

/// `cells` sampled at the grid's resolution (`GridSampler`) against the full render averaged (`CellReference`):
/// within `CellTolerance` on the examples (idle with their text, every 60 fps step of an animated gradient and of a
/// pulse, light and dark) and on random lists; damage re-samples exactly what a keyframe would.
@Suite("Cells sampled at the grid's resolution")
struct CellSamplingTests {
    /// An example document's session, in `scheme`.
    static func example(_ name: String, scheme: ColorScheme) throws -> SkeletonSession {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/\(name).skeleton.json")
        let bytes = Array(try Data(contentsOf: url))
        var document = try #require(bytes.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }.document)
        document.colorScheme = scheme
        return SkeletonSession(document: document)
    }

    static let examples = ["feed", "grid", "profile-card"]
    static let grids: [(columns: Int, rows: Int)] = [(80, 24), (37, 19), (200, 60)]
    /// The 60 fps steps of one cycle (1.6 s) sampled for each example: every one for the feed, every sixth for the
    /// others (the reference renders the whole canvas each step).
    static func steps(_ name: String) -> [Int] { Array(stride(from: 0, to: 96, by: name == "feed" ? 1 : 6)) }

    /// The sampled grid of `list` and its difference from the reference.
    static func compare(_ list: DisplayList, scale: Double, columns: Int, rows: Int, viewport: Rect? = nil) throws
        -> (CellGrid, CellDifference)
    {
        var stream = try CellStream(scale: scale, columns: columns, rows: rows, viewport: viewport)
        let update = try #require(try stream.next(list))
        #expect(update.keyframe)
        var grid = try CellGrid(columns: columns, rows: rows)
        grid.apply(update.runs)
        let reference = try CellReference.grid(
            list, scale: scale, columns: columns, rows: rows, viewport: viewport)
        return (grid, CellDifference(grid, reference))
    }

    @Test(arguments: examples)
    func examplesIdleWithTextAreWithinTolerance(name: String) throws {
        for scheme in ColorScheme.allCases {
            let list = try Self.example(name, scheme: scheme).layers(at: 0)
            #expect(list.layers.contains { if case .text = $0.content { true } else { false } })
            for (columns, rows) in Self.grids {
                for scale in columns == 37 ? [1.0, 3.0] : [2.0] {
                    let (_, difference) = try Self.compare(list, scale: scale, columns: columns, rows: rows)
                    #expect(
                        difference.isWithinTolerance, "\(name) \(scheme) \(columns)×\(rows) @\(scale): \(difference)")
                }
            }
        }
    }

    /// Every 60 fps step of one cycle of the animation, streamed: each update applied to the last grid gives the
    /// keyframe of that step exactly, and that grid is within tolerance of the reference.
    @Test(arguments: examples)
    func everyStepOfAnimatedGradientAndPulse(name: String) throws {
        let shows = [
            ShowOptions(type: .gradient, animated: true, transition: .none),
            ShowOptions(type: .solid, animated: true, transition: .none),
        ]
        for scheme in ColorScheme.allCases {
            for options in shows {
                var session = try Self.example(name, scheme: scheme)
                _ = try session.show(options, at: 0)
                var stream = try CellStream(scale: 1, columns: 80, rows: 24)
                var grid = try CellGrid(columns: 80, rows: 24)
                var worst = CellDifference(grid, grid)
                var changed = 0
                for step in Self.steps(name) {
                    let list = session.layers(at: 1 + Double(step) / 60)
                    if let update = try stream.next(list) {
                        grid.apply(update.runs)
                        changed += 1
                    }
                    var fresh = try CellStream(scale: 1, columns: 80, rows: 24)
                    var expected = try CellGrid(columns: 80, rows: 24)
                    expected.apply(try #require(try fresh.next(list)).runs)
                    #expect(grid == expected, "\(name) \(scheme) \(options.type) step \(step)")
                    let difference = CellDifference(
                        grid, try CellReference.grid(list, scale: 1, columns: 80, rows: 24))
                    if difference.largest > worst.largest || difference.differing > worst.differing {
                        worst = difference
                    }
                    #expect(
                        difference.isWithinTolerance, "\(name) \(scheme) \(options.type) step \(step): \(difference)")
                }
                #expect(changed > 10, "\(name) \(scheme) \(options.type) animates")
            }
        }
    }

    @Test func randomListsStreamExactlyAndStayWithinTolerance() throws {
        var rng = SeededRandom(seed: 54)
        for _ in 0..<40 {
            var stream = try CellStream(scale: 1, columns: 12, rows: 6)
            var list = Fixtures.randomList(&rng)
            let key = try #require(try stream.next(list))
            var grid = try CellGrid(columns: 12, rows: 6)
            grid.apply(key.runs)
            for _ in 0..<3 {
                list = Fixtures.mutate(list, &rng)
                if let u = try stream.next(list) { grid.apply(u.runs) }
                var fresh = try CellStream(scale: 1, columns: 12, rows: 6)
                var expected = try CellGrid(columns: 12, rows: 6)
                expected.apply(try #require(try fresh.next(list)).runs)
                #expect(grid == expected)
                let difference = CellDifference(grid, try CellReference.grid(list, scale: 1, columns: 12, rows: 6))
                #expect(difference.isWithinTolerance, "\(difference)")
            }
        }
    }

    /// Solid rectangles on whole points with half-cells of whole sub-samples: the same grid as the reference.
    @Test func alignedRectanglesMatchTheReferenceExactly() throws {
        let list = Fixtures.list(
            80, 48,
            [
                Fixtures.layer("a", 0, 0, 40, 24, fill: .solid(RGBA(red: 1, green: 0, blue: 0))),
                Fixtures.layer("b", 20, 12, 60, 36, fill: .solid(RGBA(red: 0, green: 0.5, blue: 1))),
                Fixtures.layer("c", 8, 4, 8, 40, fill: .solid(RGBA(red: 0, green: 0, blue: 0, alpha: 0.5))),
            ])
        let (_, difference) = try Self.compare(list, scale: 2, columns: 20, rows: 6)
        #expect(difference.largest == 0, "\(difference)")
    }
}
