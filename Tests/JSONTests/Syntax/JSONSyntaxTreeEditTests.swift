import JSON
import Testing

/// A tree worked out from the previous text's tree after an edit inside one token (`init(following:…)`) equals the
/// tree built from the new text, node by node and line by line; any other edit is refused.
@Suite struct JSONSyntaxTreeEditTests {
    /// The tree of `text` with `start..<end` replaced by `replacement`, followed and built.
    static func both(_ text: [UInt8], _ start: Int, _ end: Int, _ replacement: String)
        -> (followed: JSONSyntaxTree?, built: JSONSyntaxTree)
    {
        var edited = text
        edited.replaceSubrange(start..<end, with: Array(replacement.utf8))
        let detached = JSONSyntaxTree.detach(JSONSyntaxTree(bytes: text))
        let followed = JSONSyntaxTree(
            following: detached, start: start, oldEnd: end, newEnd: start + replacement.utf8.count, bytes: edited)
        return (followed, JSONSyntaxTree(bytes: edited))
    }

    static func expectEqual(_ followed: JSONSyntaxTree, _ built: JSONSyntaxTree, _ comment: String) {
        #expect(followed.nodes == built.nodes, "\(comment)")
        #expect(followed.lines == built.lines, "\(comment)")
        #expect(followed.steps == built.steps && followed.bytes == built.bytes, "\(comment)")
    }

    @Test(arguments: SyntaxTreeFixtures.examples.map(\.name))
    func editsInsideOneTokenAreFollowedExactly(name: String) throws {
        let bytes = try #require(SyntaxTreeFixtures.examples.first { $0.name == name }).bytes
        let tree = JSONSyntaxTree(bytes: bytes)
        var followed = 0
        for k in tree.nodes.indices where [.string, .number, .literal].contains(tree[k].kind) {
            let node = tree[k]
            let edits: [(Int, Int, String)] =
                node.kind == .string
                ? [
                    (node.start + 1, node.start + 1, "é😀"), (node.start + 1, node.end - 1, ""),
                    (node.end - 1, node.end - 1, "x"),
                ]
                : [(node.end, node.end, "5"), (node.start, node.end, "12.5"), (node.start, node.start + 1, "t")]
            for (start, end, text) in edits {
                let (after, built) = Self.both(bytes, start, end, text)
                if let after {
                    Self.expectEqual(after, built, "\(name) node \(k) \(start)..<\(end) → \(text)")
                    followed += 1
                }
            }
        }
        #expect(followed > 100)
    }

    @Test func editsThatChangeTheTokensAreRefused() {
        let text = Array(#"{"a": "xy", "b": 15, "c": true}"#.utf8)
        let refused: [(Int, Int, String)] = [
            (7, 7, "\""),  // a quote typed in a string ends it early
            (9, 9, "\\"),  // a backslash escapes the closing quote
            (7, 7, "\n"),  // a line break ends the string
            (6, 7, ""),  // the opening quote
            (18, 18, " "),  // a space splits a number
            (18, 18, ","),  // a comma splits a number
            (5, 5, "1"),  // between tokens
            (27, 31, ""),  // a literal removed
            (0, 1, ""),  // a bracket
        ]
        for (start, end, replacement) in refused {
            #expect(Self.both(text, start, end, replacement).followed == nil, "\(start)..<\(end) → \(replacement)")
        }
        // A number retyped as a word, and a word made a number: read again as what they are.
        for (start, end, replacement) in [(17, 19, "nul"), (26, 30, "-3"), (17, 19, "1e")] {
            let (followed, built) = Self.both(text, start, end, replacement)
            guard let followed else {
                Issue.record("\(start)..<\(end) → \(replacement) was not followed")
                continue
            }
            Self.expectEqual(followed, built, replacement)
        }
    }

    @Test func theLinesAfterTheEditMove() throws {
        let text = Array("{\n  \"a\": 1,\n  \"b\": \"x\"\n}\n".utf8)
        let (followed, built) = Self.both(text, 9, 10, "1000")
        let after = try #require(followed)
        Self.expectEqual(after, built, "a longer number")
        #expect(after.position(of: 16) == built.position(of: 16))
    }
}
