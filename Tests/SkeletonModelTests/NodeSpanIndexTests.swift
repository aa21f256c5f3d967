import SkeletonModel
import SkeletondTestSupport
import Testing

@Suite struct NodeSpanIndexTests {
    static let text = """
        {"appearance": {"skeletonCornerRadius": 2}, "root": {"type": "UIView", "id": "s", "frame": [0, 0, 300, 300],
         "comment": "a { brace and a \\"children\\": [ in a string",
         "children": [
          {"type": "UILabel", "frame": [0, 0, 10, 10], "children": []},
          {"type": "UIView", "frame": [0, 20, 100, 100], "chil\\u0064ren": [
            {"type": "UIImageView", "id": "pic", "frame": [1, 2, 3, 4]},
            {"type": "UIButton", "frame": [5, 6, 7, 8]}
          ]},
          {"type": "UILabel", "frame": [0, 130, 10, 10]}
         ]}}
        """

    func index(_ text: String) throws -> NodeSpanIndex {
        var bytes = Array(text.utf8)
        return try #require(
            bytes.withUnsafeMutableBufferPointer { NodeSpanIndex.build(document: UnsafeBufferPointer($0)) })
    }

    func slice(_ text: String, _ span: NodeSpanIndex.Span) -> String {
        String(decoding: Array(text.utf8)[span.start..<span.end], as: UTF8.self)
    }

    @Test func findsEveryNodeObjectInPreorderWithItsIndexPath() throws {
        let spans = try index(Self.text)
        #expect(spans.spans.count == 6)  // what the decoder counts
        #expect(try decodeValid(Self.text).nodeCount == 6)
        #expect(
            slice(Self.text, spans.spans[3]) == "{\"type\": \"UIImageView\", \"id\": \"pic\", \"frame\": [1, 2, 3, 4]}")
        #expect(spans.spans.map(\.parent) == [-1, 0, 0, 2, 2, 0])
        #expect(spans.spans.map(\.subtreeEnd) == [6, 2, 5, 4, 5, 6])
        #expect(spans.indexPath(of: 4) == [1, 1])
        #expect(spans.indexPath(of: 5) == [2])
        // Each node's text decodes on its own to the node the whole document has.
        let document = try decodeValid(Self.text)
        let bytes = Array(Self.text.utf8)
        let result = bytes[spans.spans[2].start..<spans.spans[2].end].withUnsafeBytes {
            DocumentDecoder().decodeSubtree(bytes: $0, indexPath: [1])
        }
        #expect(result.problems.isEmpty)
        #expect(result.node == document.root.children[1])
        #expect(result.nodeCount == 3)
    }

    @Test func theInnermostNodeHoldsAnEditBetweenItsBraces() throws {
        let spans = try index(Self.text)
        let pic = spans.spans[3]
        #expect(spans.innermostNode(containing: (pic.start + 5)..<(pic.start + 9)) == 3)
        #expect(spans.innermostNode(containing: (pic.start + 1)..<(pic.start + 1)) == 3)
        #expect(spans.innermostNode(containing: pic.start..<(pic.start + 1)) == 2)  // its brace is the parent's
        #expect(spans.innermostNode(containing: (pic.end - 1)..<(pic.end - 1)) == 3)
        #expect(spans.innermostNode(containing: pic.end..<pic.end) == 2)
        #expect(spans.innermostNode(containing: 3..<4) == nil)  // the document's own members
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func splicingAfterEditsInsideANodeMatchesARescan(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var text = Self.text
        var spans = try index(text)
        for _ in 0..<40 {
            // Grow or shrink one node's text: a number retyped, or a child added to it.
            let k = 1 + Int(random.next() % UInt64(spans.spans.count - 1))
            let node = spans.spans[k]
            var bytes = Array(text.utf8)
            let nodeText = slice(text, node)
            // A digit retyped (the length kept, the common keystroke): only the node's own spans change.
            if random.next() % 3 == 0, let digit = nodeText.utf8.firstIndex(where: { (0x31...0x39).contains($0) }) {
                var bytes = Array(text.utf8)
                let at = node.start + nodeText.utf8.distance(from: nodeText.utf8.startIndex, to: digit)
                bytes[at] = bytes[at] == 0x39 ? 0x31 : bytes[at] + 1
                text = String(decoding: bytes, as: UTF8.self)
                let replacement = try #require(
                    bytes[node.start..<node.end].withUnsafeBufferPointer { NodeSpanIndex.build(node: $0) })
                spans.splice(k, with: replacement, byteDelta: 0)
                #expect(spans == (try index(text)))
                continue
            }
            let insertion: [UInt8]
            if random.next() % 3 == 0, !nodeText.contains("\"children\"") {
                insertion = Array(", \"children\": [{\"type\": \"UIView\", \"frame\": [0, 0, 1, 1]}]".utf8)
            } else {
                insertion = Array(", \"cornerRadius\": \(random.next() % 1000)".utf8)
            }
            let at = node.end - 1
            bytes.insert(contentsOf: insertion, at: at)
            text = String(decoding: bytes, as: UTF8.self)
            let nodeBytes = Array(bytes[node.start..<(node.end + insertion.count)])
            let replacement = try #require(nodeBytes.withUnsafeBufferPointer { NodeSpanIndex.build(node: $0) })
            spans.splice(k, with: replacement, byteDelta: insertion.count)
            #expect(spans == (try index(text)))
        }
    }
}
