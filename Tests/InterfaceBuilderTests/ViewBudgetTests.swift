import InterfaceBuilder
import SkeletonModel
import SkeletondTestSupport
import Testing

/// One budget of views per file (issue #25, row 3): every scene's views together, an embedded scene counted in
/// every scene that shows it, counted before mapping; the work is the views mapped (`IBDecodingResult.viewsMapped`).
@Suite("View budget")
struct ViewBudgetTests {
    /// The views of scene `k` of `embeddingBlowUp(scenes:fanOut:)`: its root, and per container the container and
    /// what it embeds; the last scene is its root and a label.
    static func views(scene k: Int, of scenes: Int, fanOut: Int) -> Int {
        var views = 2
        for _ in stride(from: scenes - 2, through: k, by: -1) { views = 1 + fanOut * (1 + views) }
        return views
    }

    /// Row 3: 12 scenes, each embedding the next five times (13 KB; 273,000 views and more in each of the top five
    /// scenes' documents): the five scenes over the budget are refused without mapping a view, the others are read
    /// in file order while they fit, each embedded controller expanded once per scene: 140 views for the file.
    /// Before, every scene had its own 100,000 and re-expanded what it embeds: 570,000 views on every edit.
    @Test func embeddingScenesShareOneBudgetPerFile() throws {
        let text = HostileInterfaceBuilder.embeddingBlowUp(scenes: 12, fanOut: 5)
        #expect(text.utf8.count < 16_000)
        let result = InterfaceBuilderDocument.decode(text: text)
        #expect(result.scenes.count == 12)
        let views = (0..<12).map { Self.views(scene: $0, of: 12, fanOut: 5) }
        #expect(views[4] > 100_000 && views[5] < 100_000)
        for k in 0..<5 {
            let refused = try #require(result.documents["v\(k)"])
            #expect(refused.document == nil)
            #expect(refused.problems.map(\.code) == [.tooManyNodes])
            #expect(refused.problems.first?.line == result.scenes[k].location.line)
            #expect(refused.problems.first?.message.contains("more than 100000 views") == true)
        }
        // The others are mapped, each embedded controller once per scene: a second embed of the same controller
        // would repeat its views' ids, so it is one `duplicate-id` error at its segue (four per scene), not 54,000.
        for k in 5..<11 {
            let mapped = try #require(result.documents["v\(k)"], "scene v\(k)")
            #expect(mapped.document == nil)
            #expect(mapped.problems.map(\.code) == Array(repeating: .duplicateID, count: 4 * (11 - k)), "v\(k)")
        }
        #expect(result.documents["v11"]?.document?.nodeCount == views[11])
        // Scene k maps its root and five containers per controller down the chain, and the label's scene.
        #expect(result.viewsMapped == (5...11).map { 6 * (11 - $0) + 2 }.reduce(0, +))
        #expect(result.viewsMapped == 140)
    }

    /// Scenes take their views in file order; a scene that does not fit in what is left is refused (saying what the
    /// scenes before it use), and a later one that fits is still read.
    @Test func aSceneThatDoesNotFitInWhatIsLeftIsRefusedAndLaterOnesStillRead() throws {
        var limits = DocumentLimits()
        limits.maxNodes = 40
        // v2: its root and a label (2 views); v1: 1 + 3 × (1 + 2) = 10; v0: 1 + 3 × (1 + 10) = 34. 34 + 10 > 40.
        let text = HostileInterfaceBuilder.embeddingBlowUp(scenes: 3, fanOut: 3)
        let result = InterfaceBuilderDocument.decode(bytes: Array(text.utf8), limits: limits)
        #expect(
            result.documents["v0"]?.problems.map(\.code) == [.duplicateID, .duplicateID, .duplicateID, .duplicateID])
        let refused = try #require(result.documents["v1"])
        #expect(refused.document == nil && refused.problems.map(\.code) == [.tooManyNodes])
        #expect(refused.problems.first?.message.contains("scenes before it in the file use 34 of the 40") == true)
        #expect(result.documents["v2"]?.document?.nodeCount == 2)
        // What v0 maps: its root, 3 containers, v1 once (root, 3 containers, v2 once: 2 views).
        #expect(result.viewsMapped == 10 + 2)
    }

    /// Decoding one scene on demand, again and again (every edit, every request), maps that scene's share only.
    @Test func aSceneDecodedOnDemandMapsItsOwnViewsOnly() throws {
        let file = InterfaceBuilderFile.parse(text: HostileInterfaceBuilder.embeddingBlowUp(scenes: 12, fanOut: 5))
        let refused = try #require(file.decodeScene("v0"))
        #expect(refused.problems.map(\.code) == [.tooManyNodes])
        let one = InterfaceBuilderDocument.decode(
            bytes: Array(HostileInterfaceBuilder.embeddingBlowUp(scenes: 12, fanOut: 5).utf8), scene: "v0")
        #expect(one.viewsMapped == 0)
        let small = InterfaceBuilderDocument.decode(
            bytes: Array(HostileInterfaceBuilder.embeddingBlowUp(scenes: 12, fanOut: 5).utf8), scene: "v9")
        #expect(small.viewsMapped == 6 * (11 - 9) + 2)
    }

    /// The real example storyboards still read whole: their embeds count where they are embedded.
    @Test func theExampleStoryboardIsReadWhole() throws {
        let result = InterfaceBuilderDocument.decode(bytes: try IB.fixture("Screens.storyboard"))
        #expect(
            result.scenes.allSatisfy {
                result.documents[$0.id]?.problems.contains { $0.code == .tooManyNodes } == false
            })
        #expect(result.scenes.allSatisfy { result.documents[$0.id]?.document != nil })
        #expect(result.viewsMapped > 0 && result.viewsMapped <= DocumentLimits().maxNodes)
    }
}
