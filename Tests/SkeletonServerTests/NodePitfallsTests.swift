import JSON
import SkeletonModel
import Testing

@testable import SkeletonServer

/// SkeletonView's one-node traps as warnings: `lines-do-not-fit` (the line counts of behaviour reference §3.4, §3.6
/// and §3.7) and `hidden-flag-ignored` (§1.4).
@Suite struct NodePitfallsTests {
    /// The finding for one text node written as the members `members` (JSON object text without braces).
    static func finding(_ members: String, appearance: String = "") throws -> NodePitfalls.Finding? {
        let text =
            #"{"# + (appearance.isEmpty ? "" : #""appearance": {\#(appearance)}, "#)
            + #""root": {"type": "UIView", "frame": [0, 0, 400, 800], "isSkeletonable": true, "children": [{\#(members)}]}}"#
        let document = try #require(DocumentDecoder().decode(text: text).document)
        return TextLinePitfalls.finding(
            document.root.children[0], appearance: NodePitfalls.appearance(of: document))
    }

    @Test func theWorkedExamplesThatFitGetNothing() throws {
        // §3.7: 300×100 with lines=0 gives 4 lines; a one-line label; a text view filling 100 pt.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 300, 100], "isSkeletonable": true, "numberOfLines": 0"#) == nil)
        #expect(try Self.finding(#""type": "UILabel", "frame": [0, 0, 200, 20], "isSkeletonable": true"#) == nil)
        #expect(try Self.finding(#""type": "UITextView", "frame": [0, 0, 300, 100], "isSkeletonable": true"#) == nil)
        // One line in a low frame is centred, not a trap; exactly fitting: 2 lines of 15 with 10 between need 40.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12], "isSkeletonable": true, "skeletonTextNumberOfLines": 1"#)
                == nil)
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 40], "isSkeletonable": true, "numberOfLines": 2"#) == nil)
    }

    @Test func aLowLabelWithNumberOfLinesZeroIsOneBlock() throws {
        // §3.7 "lines=0, H=12": round(12 / 25) = 0, one 12-pt block.
        let finding = try #require(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12], "isSkeletonable": true, "numberOfLines": 0"#))
        #expect(finding.member == "frame")
        #expect(finding.fix == .lineCount(1))
        #expect(finding.message.contains("one block"))
        #expect(finding.message.contains("round(12 / (15 + 10)) = 0"))
        // 12.4 pt still rounds to 0; 12.5 rounds (half away from zero) to 1 line.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12.4], "isSkeletonable": true, "numberOfLines": 0"#) != nil)
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12.5], "isSkeletonable": true, "numberOfLines": 0"#) == nil)
        // A text view fills its height the same way.
        let view = try #require(
            try Self.finding(#""type": "UITextView", "frame": [0, 0, 200, 10], "isSkeletonable": true"#))
        #expect(view.message.contains("text view's skeleton fills its height"))
    }

    @Test func aLabelWithMoreLinesThanItsFrameIsStretched() throws {
        // §3.7 "UILabel 200×20, lines=3": the height is fixed to 65 while the skeleton shows.
        let finding = try #require(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 20], "isSkeletonable": true, "numberOfLines": 3"#))
        #expect(finding.member == "numberOfLines")
        #expect(finding.fix == .lineCount(1))
        #expect(finding.message.contains("need 65 pt") && finding.message.contains("stretches the label to 65 pt"))
        // Three lines in a label sized to three 17-pt lines (61 pt) overflow by 4 pt: not a trap; by 11 pt, one.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 61], "isSkeletonable": true, "numberOfLines": 3"#)
                == nil)
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 54], "isSkeletonable": true, "numberOfLines": 3"#)?
                .fix == .lineCount(2))
        // A custom count is named as such; padding takes from the frame.
        let custom = try #require(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 70], "isSkeletonable": true, "skeletonTextNumberOfLines": 4, "skeletonPaddingInsets": [10, 0, 10, 0]"#
            ))
        #expect(custom.member == "skeletonTextNumberOfLines")
        #expect(custom.fix == .lineCount(2))  // 50 pt hold 2 lines (40 pt), not 3 (65 pt)
    }

    @Test func aTextViewWithACustomCountOverflowsBelow() throws {
        let finding = try #require(
            try Self.finding(
                #""type": "UITextView", "frame": [0, 0, 200, 60], "isSkeletonable": true, "skeletonTextNumberOfLines": 5"#
            ))
        #expect(finding.member == "skeletonTextNumberOfLines")
        #expect(finding.fix == .lineCount(2))
        #expect(finding.message.contains("drawn below its frame"))
    }

    @Test func theDocumentsAppearanceIsTheOneThatCounts() throws {
        // With 5-pt lines and no spacing, 12 pt hold 2 lines: no block.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12], "isSkeletonable": true, "numberOfLines": 0"#,
                appearance: #""multilineHeight": 5, "multilineSpacing": 0"#) == nil)
        // A single line drawn as a view is a block by design.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 5], "isSkeletonable": true, "numberOfLines": 1"#,
                appearance: #""renderSingleLineAsView": true"#) == nil)
    }

    @Test func nodesThatShowNoSkeletonGetNothing() throws {
        #expect(try Self.finding(#""type": "UILabel", "frame": [0, 0, 200, 12], "numberOfLines": 0"#) == nil)
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12], "isSkeletonable": true, "isHidden": true, "numberOfLines": 0"#
            )
                == nil)
        #expect(try Self.finding(#""type": "UIView", "frame": [0, 0, 200, 1], "isSkeletonable": true"#) == nil)
    }

    @Test func hostileNumbersGiveAnAnswerOrNothing() throws {
        // Huge frames, huge counts, spacing that cancels the line height: no trap, no overflow.
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 1e300], "isSkeletonable": true, "numberOfLines": 1000"#)
                == nil)
        let many = try #require(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 1], "isSkeletonable": true, "numberOfLines": 1000"#))
        #expect(many.fix == .lineCount(1))
        #expect(
            try Self.finding(
                #""type": "UILabel", "frame": [0, 0, 200, 12], "isSkeletonable": true, "numberOfLines": 0, "skeletonLineSpacing": -15"#
            )
                == nil)
        #expect(TextLinePitfalls.lines(fitting: .infinity, lineHeight: 15, spacing: 10) == 0)
        #expect(TextLinePitfalls.lines(fitting: 1e300, lineHeight: 15, spacing: 10) == 1_000)
        #expect(TextLinePitfalls.lines(fitting: -5, lineHeight: 15, spacing: 10) == 0)
    }

    @Test func warningsNameTheNodesPointerInPreorder() throws {
        let text = #"""
            {"root": {"type": "UIView", "frame": [0, 0, 400, 800], "isSkeletonable": true, "children": [
              {"type": "UILabel", "frame": [0, 0, 200, 12], "isSkeletonable": true, "numberOfLines": 0},
              {"type": "UIView", "frame": [0, 20, 400, 100], "isSkeletonable": true, "children": [
                {"type": "UILabel", "frame": [0, 0, 200, 20], "isSkeletonable": true, "numberOfLines": 3}]}]}}
            """#
        let document = try #require(DocumentDecoder().decode(text: text).document)
        let warnings = NodePitfalls.warnings(of: document)
        #expect(
            warnings.map(\.pointer.description) == [
                "/root/children/0/frame", "/root/children/1/children/0/numberOfLines",
            ])
        #expect(warnings.allSatisfy { $0.code == .linesDoNotFit && $0.severity == .warning })
    }

    @Test func theHiddenFlagOnAViewThatIsNotSkeletonableIsIgnored() throws {
        let text = #"""
            {"root": {"type": "UIView", "frame": [0, 0, 400, 800], "isHiddenWhenSkeletonIsActive": true, "children": [
              {"type": "UIImageView", "id": "badge", "frame": [0, 0, 20, 20], "isHiddenWhenSkeletonIsActive": true},
              {"type": "UIImageView", "id": "flag", "frame": [0, 0, 20, 20], "isSkeletonable": true,
               "isHiddenWhenSkeletonIsActive": true}]}}
            """#
        let document = try #require(DocumentDecoder().decode(text: text).document)
        // The root is shown on, so its flag applies; "flag" is skeletonable; "badge" is neither.
        let warnings = NodePitfalls.warnings(of: document)
        #expect(warnings.map(\.pointer.description) == ["/root/children/0/isHiddenWhenSkeletonIsActive"])
        #expect(warnings.first?.code == .hiddenFlagIgnored)
        #expect(warnings.first?.message.contains(#""badge" is not skeletonable"#) == true)
        let badge = NodePitfalls.findings(
            document.root.children[0], appearance: NodePitfalls.appearance(of: document), isRoot: false)
        #expect(badge.map(\.fix) == [.makeSkeletonable])
        // Seen from a one-node edit (never the root), the root node's own flag would count.
        #expect(
            NodePitfalls.findings(document.root, appearance: NodePitfalls.appearance(of: document), isRoot: false)
                .map(\.code) == [.hiddenFlagIgnored])
    }
}
