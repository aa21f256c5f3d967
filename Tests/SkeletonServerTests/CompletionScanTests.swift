import Foundation
import JSON
import Testing

@testable import SkeletonServer

/// Completion reads the text's syntax tree as the forgiving scan it replaced read the text
/// (`JSONSyntaxTree.completionCursor(at:)`, `TolerantObjects` kept here as the reference): the same object at the
/// cursor, the same expectation (a name, or the value of which member), the same string, and the same view of that
/// object and every object around it (their members, the member each is the value of), on whole and broken texts, at
/// every offset; and the work is the cursor's object's, not the text's.
@Suite struct CompletionScanTests {
    static func example(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return Array(try Data(contentsOf: root.appendingPathComponent("Examples/\(name)")))
    }

    /// The first difference between the tree's reading at `offset` and the reference scan's, or nil.
    static func difference(_ tree: JSONSyntaxTree, _ bytes: [UInt8], at offset: Int) -> String? {
        let scan = TolerantObjects(bytes: bytes, cursor: offset)
        let cursor = tree.completionCursor(at: offset)
        let expected = scan.cursor
        guard expected.object.map({ scan.objects[$0].start }) == cursor.object.map({ tree[$0].start }) else {
            return "object \(String(describing: expected.object)) vs \(String(describing: cursor.object))"
        }
        // Outside every object the answer is empty, whatever else is read there.
        if expected.object == nil { return nil }
        if expected.inArray != cursor.inArray { return "inArray \(expected.inArray)" }
        if expected.expectsKey != cursor.expectsKey { return "expectsKey \(expected.expectsKey)" }
        if expected.key != cursor.key {
            return "key \(String(describing: expected.key)) vs \(String(describing: cursor.key))"
        }
        if expected.string?.content != cursor.string?.content || expected.string?.closed != cursor.string?.closed {
            return "string \(String(describing: expected.string)) vs \(String(describing: cursor.string))"
        }
        // The cursor's object and each object around it, as completion reads them (kind, members, templates).
        var o = expected.object
        var k = cursor.object
        while let scanned = o, let read = k {
            let object = scan.objects[scanned]
            let members = object.members.map {
                JSONSyntaxTree.CompletionMember(name: $0.name, range: $0.range, string: $0.string)
            }
            if members != tree.completionMembers(of: read) { return "members of \(object.start)" }
            let key = tree.objectKey(of: read)
            if object.key != key.key || object.isElement != key.isElement { return "key of \(object.start)" }
            let scannedInside = scan.objects.indices.filter { scan.objects[$0].parent == scanned }
            let readInside = tree.objects(in: read)
            if scannedInside.map({ scan.objects[$0].start }) != readInside.map({ tree[$0].start }) {
                return "objects in \(object.start)"
            }
            for (s, r) in zip(scannedInside, readInside) {
                let key = tree.objectKey(of: r)
                if scan.objects[s].key != key.key || scan.objects[s].isElement != key.isElement {
                    return "key of \(scan.objects[s].start)"
                }
                let members = scan.objects[s].members.map {
                    JSONSyntaxTree.CompletionMember(name: $0.name, range: $0.range, string: $0.string)
                }
                if members != tree.completionMembers(of: r) { return "members of \(scan.objects[s].start)" }
            }
            o = object.parent
            k = tree.enclosingObject(of: read)
        }
        if o != nil || k != nil { return "ancestors" }
        return nil
    }

    /// Every offset of `bytes` (by `step`): the tree reads it as the reference scan.
    static func expectSameReading(_ bytes: [UInt8], stride step: Int = 1, _ comment: String) {
        let tree = JSONSyntaxTree(bytes: bytes)
        for offset in Swift.stride(from: 0, through: bytes.count, by: step) {
            let difference = difference(tree, bytes, at: offset)
            #expect(difference == nil, "\(comment) at \(offset): \(difference ?? "")")
            if difference != nil { return }
        }
    }

    @Test(arguments: ["feed.skeleton.json", "grid.skeleton.json", "profile-card.skeleton.json"])
    func everyOffsetOfAnExampleReadsAsTheScan(name: String) throws {
        Self.expectSameReading(try Self.example(name), "\(name)")
    }

    @Test(arguments: ["feed.skeleton.json", "grid.skeleton.json"])
    func textsCutMidKeystrokeReadAsTheScan(name: String) throws {
        let bytes = try Self.example(name)
        // Cut mid-token: half-typed keys and values, every object still open.
        for cut in Swift.stride(from: 0, to: bytes.count, by: max(1, bytes.count / 23)) {
            Self.expectSameReading(Array(bytes[..<cut]), stride: 3, "\(name) cut at \(cut)")
        }
    }

    @Test(arguments: ["feed.skeleton.json", "grid.skeleton.json"])
    func textsWithARunTakenOutReadAsTheScan(name: String) throws {
        let bytes = try Self.example(name)
        // A run of bytes taken out: a half-typed member, brackets left unpaired, a comma or colon gone.
        var generator = SystemRandomNumberGenerator.Seeded(seed: 15)
        var compared = 0
        for _ in 0..<12 {
            let start = Int(generator.next() % UInt64(bytes.count))
            let length = Int(generator.next() % 40)
            var broken = bytes
            broken.removeSubrange(start..<min(bytes.count, start + length))
            // A closing bracket of the other kind is read differently: the tree closes the containers inside the
            // one it closes, the scan ignored a `]` in an object (and a `}` closed through arrays); there only the
            // tree's own reading is checked.
            let tree = JSONSyntaxTree(bytes: broken)
            let mismatched = tree.nodes.contains {
                ($0.problem == .unclosed && $0.end < broken.count)
                    || ($0.kind == .error && [UInt8(ascii: "]"), UInt8(ascii: "}")].contains(broken[$0.start]))
            }
            if mismatched {
                for offset in Swift.stride(from: 0, through: broken.count, by: 5) {
                    guard let object = tree.completionCursor(at: offset).object else { continue }
                    #expect(tree[object].kind == .object && tree[object].start < offset, "\(name) at \(offset)")
                }
            } else {
                Self.expectSameReading(broken, stride: 5, "\(name) without \(start)+\(length)")
                compared += 1
            }
        }
        #expect(compared >= 6, "\(compared) texts compared")
    }

    @Test func brokenTextsReadAsTheScan() {
        let texts = [
            // A half-typed key, a missing comma, a value without its key's colon, a key on a line of its own.
            #"{"root": {"type": "UILabel", "id": "a"#, "\n", #"b", "#, "\n", #"  "isH": true}}"#,
            #"{"root": {"type": "UIView" "frame": [0, 0, 1, 1] "children": [{"ty"}]}}"#,
            #"{"root": {"type" "UIView", "id": "x"}}"#,
            "{\"root\": {\"ty\n  \"id\": \"x\"\n}}",
            #"[{"a": [{"b": [ { "#,
            #"{"root": {"templates": {"Cell": {"ty": 1, "#,
            #"{"appearance": {"# + "\n" + #"  "#,
            #"{"root": {"type": "UITableView", "sections": [{"cell": "#,
            #"{"root": {"type": "UITableView", "sections": [{"rows": 1, "cell": "C"}], "templates": {"C": {"type": "UITableViewCell"}}, "cell": "#,
            #"{"a": "x\\"#,
            #"{"a": 1 , , "b": tru  , "c": [1, 2,, ], "d": {}, "e": [[{"f": "g"}]]"#,
            "{\"a\": \"x\r\n\"b\": 1}",
        ].map { Array($0.utf8) }
        for text in texts { Self.expectSameReading(text, String(decoding: text, as: UTF8.self)) }
    }

    @Test func completionInANodeReadsItsObjectNotTheText() throws {
        // 1,000 cards of three labels each; the cursor just inside the last label's `{`.
        var text = #"{"root": {"type": "UIView", "frame": [0, 0, 375, 667], "children": ["# + "\n"
        for k in 0..<1_000 {
            text += #"  {"id": "card\#(k)", "type": "UIView", "frame": [0, \#(k), 375, 80], "children": ["# + "\n"
            for j in 0..<3 {
                text += #"    {"id": "label\#(k)-\#(j)", "type": "UILabel", "frame": [0, \#(j), 100, 20]}"#
                text += j == 2 ? "\n" : ",\n"
            }
            text += k == 999 ? "  ]}\n" : "  ]},\n"
        }
        text += "]}}\n"
        let bytes = Array(text.utf8)
        let tree = JSONSyntaxTree(bytes: bytes)
        let cursor = try #require(bytes.lastIndex(of: UInt8(ascii: "{"))) + 1
        #expect(Self.difference(tree, bytes, at: cursor) == nil)
        // The label's ancestors and the members before the cursor: not the text's nodes.
        let visited = tree.completionCursor(at: cursor).visited
        #expect(visited < 20, "visited \(visited) of \(tree.nodes.count) nodes")
        let answer = Completion.answer(tree, at: cursor) { [.int($0.lowerBound), .int($0.upperBound)] }
        let items = try #require(answer["items"]?.arrayValue)
        #expect(items.count > 10)
        #expect(!items.contains { $0["label"] == "type" }, "the label's own members are not offered")
    }
}

extension SystemRandomNumberGenerator {
    /// A seeded generator (SplitMix64) so a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
