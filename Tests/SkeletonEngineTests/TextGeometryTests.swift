import SkeletonEngine
import Testing

@Suite("Multiline text (§3.7 worked examples, §12 cases 4–6)")
struct TextGeometryTests {
    /// A label leaf in a 400×400 root, shown solid without transition; its line rects relative to it.
    func lines(_ label: String, rtl: Bool = false, appearance: String = "") throws -> [Rect] {
        var s = try session(
            #"{"root": {"type": "UIView", "frame": [0, 0, 400, 400], "isSkeletonable": true, "children": ["#
                + label + "]}" + (rtl ? #", "layoutDirection": "rtl""# : "") + appearance + "}")
        _ = try s.show(instant, at: 0)
        return s.layers(at: 0).skeleton.map { $0.shape.rect.offsetBy(dx: -50, dy: -50) }
    }

    @Test func label300x100FourLines() throws {
        #expect(
            try lines(#"{"type": "UILabel", "frame": [50, 50, 300, 100], "isSkeletonable": true, "numberOfLines": 0}"#)
                == [
                    Rect(x: 0, y: 5, width: 300, height: 15), Rect(x: 0, y: 30, width: 300, height: 15),
                    Rect(x: 0, y: 55, width: 300, height: 15), Rect(x: 0, y: 80, width: 210, height: 15),
                ])
    }

    @Test func textView300x100FillsWithoutCentering() throws {
        let r = try lines(#"{"type": "UITextView", "frame": [50, 50, 300, 100], "isSkeletonable": true}"#)
        #expect(r.map(\.y) == [0, 25, 50, 75])
        #expect(r.last?.width == 210)
    }

    @Test func singleLineIsSeventyPercentAndCentred() throws {
        #expect(
            try lines(#"{"type": "UILabel", "frame": [50, 50, 200, 20], "isSkeletonable": true}"#)
                == [Rect(x: 0, y: 2.5, width: 140, height: 15)])
        #expect(
            try lines(
                #"{"type": "UILabel", "frame": [50, 50, 200, 20], "isSkeletonable": true, "textAlignment": "center"}"#
            ).first?.x == 30)
    }

    @Test func threeLinesGetTheHeightFix() throws {
        var s = try session(
            root(
                ##"{"type": "UILabel", "id": "l", "frame": [50, 50, 200, 20], "isSkeletonable": true, "numberOfLines": 3, "backgroundColor": "#FF0000"}"##
            ))
        _ = try s.show(instant, at: 0)
        let r = s.layers(at: 0).rects(of: "l")
        #expect(r.map(\.y) == [50, 75, 100])
        #expect(r.map(\.width) == [200, 200, 140])
        // Hide restores the original height: the content layer is 20 tall again.
        _ = try s.hide(HideOptions(transition: .none), at: 1)
        let content = s.layers(at: 1).layers.filter { $0.node == "l" }
        #expect(content.map(\.shape.rect) == [Rect(x: 50, y: 50, width: 200, height: 20)])
    }

    @Test func rightAlignmentWithPadding() throws {
        let r = try lines(
            #"{"type": "UILabel", "frame": [50, 50, 200, 20], "isSkeletonable": true, "textAlignment": "right", "skeletonPaddingInsets": {"left": 10, "right": 20}}"#
        )
        #expect(close(r.first?.width, 119))
        #expect(close(r.first?.x, 61))
    }

    @Test func rtlNaturalSwapsPadding() throws {
        let r = try lines(
            #"{"type": "UILabel", "frame": [50, 50, 200, 100], "isSkeletonable": true, "numberOfLines": 2, "skeletonPaddingInsets": {"left": 10, "right": 20}}"#,
            rtl: true)
        #expect(close(r.map(\.x), [20, 71]))
        #expect(close(r.map(\.width), [170, 119]))
    }

    @Test func roundingToZeroGivesAWholeBlock() throws {
        var s = try session(
            root(
                #"{"type": "UILabel", "id": "l", "frame": [0, 0, 100, 12], "isSkeletonable": true, "numberOfLines": 0, "skeletonCornerRadius": 3}"#
            ))
        _ = try s.show(instant, at: 0)
        let l = s.layers(at: 0).skeleton
        #expect(l.map(\.id) == ["l#block"])
        #expect(l.first?.shape == RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 12), cornerRadius: 3))
    }

    @Test func renderSingleLineAsViewGivesAFullBlock() throws {
        var s = try session(
            root(
                #"{"type": "UILabel", "id": "l", "frame": [0, 0, 100, 20], "isSkeletonable": true}"#,
                topLevel: #", "appearance": {"renderSingleLineAsView": true, "skeletonCornerRadius": 4}"#))
        _ = try s.show(instant, at: 0)
        let l = s.layers(at: 0).skeleton
        #expect(l.map(\.kind) == [.block])
        #expect(l.first?.shape == RoundedRect(rect: Rect(x: 0, y: 0, width: 100, height: 20), cornerRadius: 4))
    }

    @Test func lineCountIsFrozenButFramesFollowBounds() throws {
        let text = { (h: Int) in
            root(
                #"{"type": "UILabel", "id": "l", "frame": [0, 0, 300, "# + String(h)
                    + #"], "isSkeletonable": true, "numberOfLines": 0}"#)
        }
        var s = try session(text(100))
        _ = try s.show(instant, at: 0)
        #expect(s.layers(at: 0).rects(of: "l").count == 4)
        let before = s.layoutCount
        _ = s.replaceDocument(try document(text(200)), at: 1, as: .runtime)
        let r = s.layers(at: 1).rects(of: "l")
        #expect(s.layoutCount == before + 1)
        #expect(r.count == 4)
        // Centred in the new height: maxY = 90, shift (200 - 90) / 2 = 55.
        #expect(r.map(\.y) == [55, 80, 105, 130])
        // Showing again after a hide recounts: round(200 / 25) = 8.
        _ = try s.hide(HideOptions(transition: .none), at: 2)
        _ = try s.show(instant, at: 3)
        #expect(s.layers(at: 3).rects(of: "l").count == 8)
    }

    @Test func lineCountFormula() {
        let p = TextParameters(estimatedLines: 0)
        #expect(TextLayout.lineCount(p, maskHeight: 63) == 3)  // round(2.52): overflows the box
        #expect(TextLayout.lineCount(p, maskHeight: 12) == 0)
        #expect(TextLayout.lineCount(p, maskHeight: 12.5) == 1)  // 0.5 rounds away from zero
        // A negative available height:
        #expect(
            TextLayout.lineCount(
                TextParameters(estimatedLines: 0, padding: EdgeInsets(top: 40, bottom: 40)), maskHeight: 20) == 1)
        // NaN:
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 0, lineHeight: 0, spacing: 0), maskHeight: 0) == 0)
        #expect(TextLayout.lineCount(TextParameters(estimatedLines: 5), maskHeight: 1) == 5)
    }

    @Test func fillPercentAndCornerRadiusFromTheNode() throws {
        let r = try lines(
            #"{"type": "UILabel", "frame": [50, 50, 200, 20], "isSkeletonable": true, "lastLineFillPercent": 50}"#)
        #expect(r.first?.width == 100)
    }

    @Test func relativeLineHeights() throws {
        let font = try lines(
            #"{"type": "UILabel", "frame": [50, 50, 200, 100], "isSkeletonable": true, "numberOfLines": 2, "skeletonTextLineHeight": "relativeToFont", "font": {"lineHeight": 20}}"#
        )
        #expect(font.map(\.height) == [20, 20])
        let constraints = try lines(
            #"{"type": "UILabel", "frame": [50, 50, 200, 100], "isSkeletonable": true, "numberOfLines": 2, "skeletonTextLineHeight": "relativeToConstraints", "constraints": {"height": [60]}}"#
        )
        #expect(constraints.map(\.height) == [30, 30])
    }
}
