import Foundation
import JSON
import Testing

@testable import SkeletonServer

/// Completion finds the object at the cursor around it (`LocalCompletionScan`): the same answers as the whole-text
/// scan, on whole and broken texts, at every offset; and the work is the object's, not the text's.
@Suite struct CompletionScanTests {
    /// Byte ranges written plainly (the answer's ranges are compared, not their LSP form).
    static func plain(_ range: Range<Int>) -> JSON { [.int(range.lowerBound), .int(range.upperBound)] }

    static func example(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return Array(try Data(contentsOf: root.appendingPathComponent("Examples/\(name)")))
    }

    /// Every offset of `bytes`: the local answer is the whole-text answer, byte for byte.
    static func expectSameAnswers(_ bytes: [UInt8], stride step: Int = 1, _ comment: String) {
        for offset in Swift.stride(from: 0, through: bytes.count, by: step) {
            let local = Completion.answerCounting(bytes, at: offset, range: plain).answer.bytes
            let whole = Completion.answerCounting(bytes, at: offset, local: false, range: plain).answer.bytes
            #expect(local == whole, "\(comment) at \(offset)")
            if local != whole { return }
        }
    }

    @Test(arguments: ["feed.skeleton.json", "grid.skeleton.json", "profile-card.skeleton.json"])
    func everyOffsetOfAnExampleAnswersAsTheWholeTextScan(name: String) throws {
        let bytes = try Self.example(name)
        Self.expectSameAnswers(bytes, "\(name)")
    }

    @Test(arguments: ["feed.skeleton.json", "grid.skeleton.json"])
    func brokenTextsAnswerAsTheWholeTextScan(name: String) throws {
        let bytes = try Self.example(name)
        // Cut mid-token, and with a run of bytes taken out (a half-typed member, brackets left unpaired).
        for cut in Swift.stride(from: 0, to: bytes.count, by: max(1, bytes.count / 23)) {
            Self.expectSameAnswers(Array(bytes[..<cut]), stride: 3, "\(name) cut at \(cut)")
        }
        var generator = SystemRandomNumberGenerator.Seeded(seed: 15)
        for _ in 0..<12 {
            let start = Int(generator.next() % UInt64(bytes.count))
            let length = Int(generator.next() % 40)
            var broken = bytes
            broken.removeSubrange(start..<min(bytes.count, start + length))
            Self.expectSameAnswers(broken, stride: 5, "\(name) without \(start)+\(length)")
        }
    }

    @Test func oddTextsAnswerAsTheWholeTextScan() {
        let texts = [
            #"{"root": {"type": "UILabel", "id": "a\"#, "\n", #"b", "#, "\n", #"  "isH": true}}"#,
            #"{"root": {"children": [{"ty"}, ] } } } {"id": "#,
            #"[{"a": [{"b": [ { "#,
            #"{"root": {"templates": {"Cell": {"ty": 1, "#,
            #"{"appearance": {"# + "\n" + #"  "#,
            #"{"root": {"type": "UITableView", "sections": [{"cell": "#,
            #"{"root": {"children": [{"type": "UIView"}}], "x": {"#,
            #"{"a": "x\\"#,
        ].map { Array($0.utf8) }
        for text in texts { Self.expectSameAnswers(text, String(decoding: text, as: UTF8.self)) }
    }

    @Test func completionInANodeReadsItsParentNotTheText() throws {
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
        let cursor = try #require(bytes.lastIndex(of: UInt8(ascii: "{"))) + 1
        let (local, scanned) = Completion.answerCounting(bytes, at: cursor, range: Self.plain)
        let whole = Completion.answerCounting(bytes, at: cursor, local: false, range: Self.plain)
        #expect(local.bytes == whole.answer.bytes)
        #expect(whole.scannedBytes == bytes.count)
        // Back to the card's `{` and its first line, forward to the label's end: not the text.
        #expect(scanned < 600, "scanned \(scanned) of \(bytes.count) bytes")
        let items = try #require(local["items"]?.arrayValue)
        #expect(items.count > 10)
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
