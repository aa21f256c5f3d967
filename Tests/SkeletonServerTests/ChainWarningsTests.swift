import SkeletonEngine
import SkeletondTestSupport
import Testing

@testable import SkeletonServer

/// Opening a document finds its `not-skeletonable-ancestor` warnings on the decoded tree instead of the text map:
/// on random trees (ids on some nodes only, any mix of skeletonable and not) both walks give the same warnings in
/// the same order, and the tree walk declines texts only the text map can walk (tables, unknown members).
@Suite struct ChainWarningsTests {
    /// A random node's JSON text: nested views and labels, some with ids, each skeletonable or not.
    static func node(_ random: inout SplitMix64, depth: Int, counter: inout Int) -> String {
        counter += 1
        let type = depth > 0 && random.next() % 2 == 0 ? "UIView" : "UILabel"
        let id = random.next() % 2 == 0 ? #""id": "n\#(counter)", "# : ""
        var text = #"{"type": "\#(type)", \#(id)"frame": [0, 0, 100, 20], "isSkeletonable": "#
        text += random.next() % 3 == 0 ? "false" : "true"
        if type == "UIView" {
            let count = Int(random.next() % 4)
            let children = (0..<count).map { _ in node(&random, depth: depth - 1, counter: &counter) }
            text += #", "children": ["# + children.joined(separator: ", ") + "]"
        }
        return text + "}"
    }

    @Test(arguments: 0..<60)
    func theTreeWalkGivesTheTextMapsWarnings(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        var counter = 0
        let root = Self.node(&random, depth: 4, counter: &counter)
        let text = Array(#"{"root": "#.utf8) + Array(root.utf8) + Array("}".utf8)
        let result = text.withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
        let document = try #require(result.document, "seed \(seed)")
        let map = DocumentTextMap(bytes: text)
        let fromTree = try #require(SkeletonableChain.warnings(of: document, problems: result.problems))
        #expect(fromTree == SkeletonableChain.warnings(map, text), "seed \(seed)")
    }

    @Test func declinesWhatOnlyTheTextMapWalks() throws {
        let texts = [
            #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10], "templates": {"T": {"type": "UIView"}}}}"#,
            #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10], "children": [{"type": "UITableView", "#
                + #""frame": [0, 0, 10, 10], "rowHeight": 5, "sections": [{"rows": 1, "cell": "C"}], "#
                + #""templates": {"C": {"type": "UITableViewCell", "frame": [0, 0, 10, 5], "isSkeletonable": true}}}]}}"#,
        ]
        for text in texts {
            let result = Array(text.utf8).withUnsafeBytes { DocumentDecoder().decode(bytes: $0) }
            let document = try #require(result.document, "\(text)")
            #expect(SkeletonableChain.warnings(of: document, problems: result.problems) == nil, "\(text)")
        }
    }
}
