import SkeletonModel
import Testing

@Suite("Document decoding")
struct DecoderTests {
    @Test func minimalDocumentGetsSkeletonViewDefaults() throws {
        let doc = try decodeValid(
            #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "children": [{"type": "UILabel", "frame": [10, 10, 100, 20]}]}}"#
        )
        #expect(doc.colorScheme == .light)
        #expect(doc.layoutDirection == .leftToRight)
        #expect(doc.canvasSize == Size(width: 320, height: 480))
        #expect(doc.root.reference == "0")
        let label = doc.root.children[0]
        #expect(label.reference == "0.0")
        #expect(!label.isSkeletonable)
        #expect(label.isUserInteractionDisabledWhenSkeletonIsActive)
        #expect(!label.isUserInteractionEnabled)
        #expect(label.text?.numberOfLines == 1)
        #expect(label.text?.fontLineHeight == 20.287109375)
        #expect(doc.nodeCount == 2)
    }

    @Test func reportsEveryProblemWithItsPointer() {
        let text = #"""
            {"root": {"type": "UIView", "frame": [0, 0, 100, 100], "children": [
              {"type": "UIFancyView", "frame": [0, 0, 1, 1]},
              {"type": "UIView", "id": "a", "frame": [0, 0, -1, 1]},
              {"type": "UIView", "id": "a", "frame": [0, 0, 1, 1], "backgroundColor": "mauve"},
              {"type": "UILabel", "frame": [0, 0, 1, 1], "numberOfLines": "two", "bogus": 1},
              {"type": "UIView"}
            ]}}
            """#
        #expect(
            problems(text) == [
                "unknown-type /root/children/0/type",
                "invalid-frame /root/children/1/frame/2",
                "duplicate-id /root/children/2/id",
                "unknown-color /root/children/2/backgroundColor",
                "invalid-value /root/children/3/numberOfLines",
                "unknown-field /root/children/3/bogus",
                "invalid-frame /root/children/4/frame",
            ])
        #expect(SkeletonDocument.decode(text: text).document == nil)
    }

    @Test func warningsDoNotRejectTheDocument() throws {
        let result = SkeletonDocument.decode(
            text: #"{"root": {"type": "UIView", "frame": [0, 0, 1, 1], "numberOfLines": 2}}"#)
        #expect(result.document != nil)
        #expect(result.warnings.map(\.code) == [.unknownField])
    }

    @Test func jsonSyntaxCarriesLineAndColumn() throws {
        let result = SkeletonDocument.decode(text: "{\n  \"root\": {\"type\": \"UIView\",,}\n}")
        let p = try #require(result.problems.first)
        #expect(p.code == .jsonSyntax)
        #expect(p.line == 2)
        #expect((p.column ?? 0) > 0)
        #expect(p.position != nil)
    }

    @Test func nonFiniteAndMissingFrames() {
        #expect(problems(#"{"root": {"type": "UIView", "frame": [0, 0, "a", 1]}}"#) == ["invalid-frame /root/frame/2"])
        #expect(problems(#"{"root": {"type": "UIView", "frame": [0, 0, 1]}}"#) == ["invalid-frame /root/frame"])
        #expect(
            problems(#"{"root": {"type": "UIView", "frame": [0, 0, 1e400, 1]}}"#).first?.hasPrefix("json-syntax")
                == true)
    }

    @Test func limits() {
        var deep = #"{"type": "UIView", "frame": [0, 0, 1, 1]}"#
        for _ in 0..<300 { deep = #"{"type": "UIView", "frame": [0, 0, 1, 1], "children": ["# + deep + "]}" }
        let deepProblems = problems(#"{"root": "# + deep + "}")
        #expect(deepProblems.count == 1)
        #expect(deepProblems.first?.hasPrefix("too-deep") == true)

        #expect(
            problems(#"{"root": {"type": "UIView", "frame": [0, 0, 20000, 10]}}"#) == ["canvas-too-large /root/frame"])

        var small = DocumentLimits()
        small.maxNodes = 10
        let table = #"""
            {"root": {"type": "UITableView", "frame": [0, 0, 100, 1000], "rowHeight": 10, "cell": "c",
                      "templates": {"c": {"type": "UITableViewCell", "frame": [0, 0, 100, 10]}}}}
            """#
        #expect(problems(table, limits: small) == ["too-many-nodes /root/cell"])
        #expect(problems(table).isEmpty)
    }

    @Test func idsCannotLookLikeReferences() {
        #expect(
            problems(#"{"root": {"type": "UIView", "id": "0.1", "frame": [0, 0, 1, 1]}}"#) == ["invalid-id /root/id"])
        #expect(
            problems(#"{"root": {"type": "UIView", "id": "a/b", "frame": [0, 0, 1, 1]}}"#) == ["invalid-id /root/id"])
    }

    @Test func appearanceAndTraits() throws {
        let doc = try decodeValid(
            #"""
            {"root": {"type": "UIView", "frame": [0, 0, 1, 1]}, "colorScheme": "dark", "layoutDirection": "rtl",
             "appearance": {"tintColor": "alizarin", "multilineHeight": 20, "renderSingleLineAsView": true,
                            "gradient": {"baseColor": "#000000", "secondaryColor": {"light": "#FFFFFF", "dark": "#111111"}}}}
            """#)
        #expect(doc.colorScheme == .dark)
        #expect(doc.layoutDirection == .rightToLeft)
        let a = SkeletonAppearance.default.applying(doc.appearance)
        #expect(a.tintColor.resolved(.light).hexRGB == "#E74C3C")
        #expect(a.effectiveTextLineHeight == .fixed(20))
        #expect(a.renderSingleLineAsView)
        #expect(a.gradient.colors[1].resolved(.dark).hexRGB == "#111111")
        #expect(
            problems(
                #"{"root": {"type": "UIView", "frame": [0, 0, 1, 1]}, "appearance": {"tintColor": "nope", "multilineSpacing": true}}"#
            )
                == ["unknown-color /appearance/tintColor", "invalid-value /appearance/multilineSpacing"])
    }

    @Test func textFields() throws {
        let doc = try decodeValid(
            #"""
            {"root": {"type": "UILabel", "frame": [0, 0, 1, 1], "numberOfLines": 0, "textAlignment": "center",
                      "font": {"lineHeight": 18}, "lastLineFillPercent": 150, "linesCornerRadius": 4,
                      "skeletonLineSpacing": 6, "skeletonPaddingInsets": [1, 2, 3, 4],
                      "skeletonTextLineHeight": "relativeToFont", "skeletonTextNumberOfLines": 3,
                      "constraints": {"width": [200], "height": 40}}}
            """#)
        let t = try #require(doc.root.text)
        #expect(t.numberOfLines == 0)
        #expect(t.textAlignment == .center)
        #expect(t.fontLineHeight == 18)
        #expect(t.lastLineFillPercent == 100)
        #expect(t.skeletonPaddingInsets == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(t.skeletonTextLineHeight == .relativeToFont)
        #expect(t.skeletonTextNumberOfLines == .custom(3))
        #expect(doc.root.constraints == SizeConstraints(width: [200], height: [40]))
    }
}
