import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `textDocument/inlayHint` on the examples, through the real binary: the counts the decoder and engine computed,
/// at exact positions, within the requested range.
@Suite struct InlayHintTests {
    typealias D = DaemonSession

    /// A daemon with `Examples/<name>` open as `file:///<name>`, and the example's lines.
    static func open(_ name: String) throws -> (D, [String]) {
        let s = try D()
        let text = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("Examples/\(name)"), encoding: .utf8)
        s.open("file:///\(name)", text: text)
        return (s, text.components(separatedBy: "\n"))
    }

    /// The hints of `lines` (from the first one's start to the last one's end) as `line:character label`.
    static func hints(_ s: D, _ name: String, lines: Range<Int>) throws -> [String] {
        let answer = try s.call(
            "textDocument/inlayHint",
            [
                "textDocument": ["uri": .string("file:///\(name)")],
                "range": [
                    "start": ["line": .int(lines.lowerBound), "character": 0],
                    "end": ["line": .int(lines.upperBound - 1), "character": 10_000],  // its end
                ],
            ])
        return (answer.arrayValue ?? []).map { hint in
            let p = hint["position"]
            return
                "\(p?["line"]?.intValue ?? -1):\(p?["character"]?.intValue ?? -1) \(hint["label"]?.stringValue ?? "")"
        }
    }

    /// The column just past `needle` in `line` (ASCII lines).
    static func end(of needle: String, in line: String) -> Int {
        line.range(of: needle).map { line.distance(from: line.startIndex, to: $0.upperBound) } ?? -1
    }

    @Test func theFeedsRowsTemplatesAndAutomaticLines() throws {
        let (s, lines) = try Self.open("feed.skeleton.json")
        defer { s.close() }
        // 603 pt of 100-pt estimated rows: 7 rows, 7 cells and 1 header; the body label's 50 pt: 2 lines.
        let sections = try #require(lines.firstIndex { $0.contains("\"sections\"") })
        let header = try #require(lines.firstIndex { $0.contains("\"SectionHeader\": {") })
        let cell = try #require(lines.firstIndex { $0.contains("\"PostCell\": {") })
        let body = try #require(lines.firstIndex { $0.contains("\"numberOfLines\": 0") })
        let all = try Self.hints(s, "feed.skeleton.json", lines: 0..<lines.count)
        #expect(
            all == [
                "\(sections):\(Self.end(of: "\"rows\": \"automatic\"", in: lines[sections])) 7 rows",
                "\(header):\(Self.end(of: "\"SectionHeader\"", in: lines[header])) 1 instance",
                "\(cell):\(Self.end(of: "\"PostCell\"", in: lines[cell])) 7 instances",
                "\(body):\(Self.end(of: "\"numberOfLines\": 0", in: lines[body])) 2 lines",
            ])
        // The requested range is honoured.
        #expect(try Self.hints(s, "feed.skeleton.json", lines: body..<(body + 1)) == [all[3]])
        #expect(try Self.hints(s, "feed.skeleton.json", lines: 0..<sections) == [])
    }

    @Test func theGridsItemsAndAHintThatFollowsEdits() throws {
        let (s, lines) = try Self.open("grid.skeleton.json")
        defer { s.close() }
        // 500 pt of 140-pt items: 4 items.
        let sections = try #require(lines.firstIndex { $0.contains("\"sections\"") })
        let hints = try Self.hints(s, "grid.skeleton.json", lines: sections..<(sections + 1))
        #expect(hints == ["\(sections):\(Self.end(of: "\"items\": \"automatic\"", in: lines[sections])) 4 items"])
        // Taller items: fewer of them, as the decoder places them.
        let edited = lines.joined(separator: "\n").replacingOccurrences(of: "[109, 140]", with: "[109, 250]")
        s.replace("file:///grid.skeleton.json", text: edited, version: 2)
        #expect(
            try Self.hints(s, "grid.skeleton.json", lines: sections..<(sections + 1)).first?.hasSuffix(" 2 items")
                == true)
        // Broken text: no hints.
        s.replace("file:///grid.skeleton.json", text: "{\"root\": ", version: 3)
        #expect(try Self.hints(s, "grid.skeleton.json", lines: 0..<1) == [])
    }

    @Test func aLabelWithoutNumberOfLinesHasNoHintAndAnAutomaticTextViewHasOne() throws {
        let s = try D()
        defer { s.close() }
        let text = """
            {"root": {"type": "UIView", "frame": [0, 0, 320, 200], "isSkeletonable": true, "children": [
              {"type": "UILabel", "frame": [0, 0, 320, 20], "isSkeletonable": true},
              {"type": "UITextView", "frame": [0, 40, 320, 100], "isSkeletonable": true}
            ]}}
            """
        s.open("file:///t.skeleton.json", text: text)
        // 100 pt of 15-pt lines 10 pt apart: 4 lines, after the text view's type.
        let hints = try Self.hints(s, "t.skeleton.json", lines: 0..<4)
        #expect(hints == ["2:23 4 lines"])
    }
}
