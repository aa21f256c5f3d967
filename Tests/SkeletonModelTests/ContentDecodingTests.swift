import SkeletonGraphics
import SkeletonModel
import Testing

/// The content members (`Protocol/content.md`): texts, titles, placeholders, colours, fonts, borders, images.
@Suite("Content members")
struct ContentDecodingTests {
    static func node(_ json: String) -> String {
        #"{"root": {"type": "UIView", "frame": [0, 0, 320, 480], "children": ["# + json + "]}}"
    }

    @Test func everyTypeReadsItsContent() throws {
        let doc = try decodeValid(
            Self.node(
                #"""
                {"type": "UILabel", "frame": [0, 0, 100, 20], "text": "Hello", "textColor": "#FF0000",
                 "font": {"size": 20, "weight": "semibold"}, "borderWidth": 1, "borderColor": "#00FF00"},
                {"type": "UIButton", "frame": [0, 0, 100, 44], "title": "Follow", "font": {"size": 15, "weight": "bold"}},
                {"type": "UITextField", "frame": [0, 0, 100, 34], "placeholder": "Email", "textAlignment": "center"},
                {"type": "UITextView", "frame": [0, 0, 100, 80], "text": "Body\nmore"},
                {"type": "UIImageView", "frame": [0, 0, 40, 40], "image": "avatar"}
                """#))
        let nodes = doc.root.children
        let label = nodes[0].content
        #expect(label.text == "Hello" && label.textColor == SkeletonColor(RGBA(red: 1, green: 0, blue: 0)))
        #expect(label.font == FontSpec(size: 20, weight: .semibold))
        #expect(label.borderWidth == 1 && label.borderColor == SkeletonColor(RGBA(red: 0, green: 1, blue: 0)))
        // The size form gives the system font's line height to the skeleton's lines.
        #expect(nodes[0].text?.fontLineHeight == 20 * 1.193359375)
        #expect(nodes[1].content.text == "Follow" && nodes[1].content.font == FontSpec(size: 15, weight: .bold))
        #expect(nodes[2].content.placeholder == "Email" && nodes[2].content.textAlignment == .center)
        #expect(nodes[3].content.text == "Body\nmore")
        #expect(nodes[4].content.image == "avatar" && nodes[4].content.hasClearableContent)
    }

    @Test func lineHeightFormsKeepWorking() throws {
        let doc = try decodeValid(
            Self.node(
                #"""
                {"type": "UILabel", "frame": [0, 0, 100, 20], "font": 18},
                {"type": "UILabel", "frame": [0, 0, 100, 20], "font": {"lineHeight": 24, "weight": "medium"}}
                """#))
        #expect(doc.root.children[0].text?.fontLineHeight == 18)
        #expect(doc.root.children[0].content.font == FontSpec(lineHeight: 18))
        #expect(doc.root.children[1].content.font == FontSpec(lineHeight: 24, weight: .medium))
    }

    @Test func badFontsAreReportedAtTheirMember() {
        #expect(
            problems(Self.node(#"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": {"size": 12, "weight": "heavy"}}"#))
                == ["invalid-value /root/children/0/font/weight"])
        #expect(
            problems(Self.node(#"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": {"size": 0}}"#))
                == ["invalid-value /root/children/0/font/size"])
        #expect(
            problems(Self.node(#"{"type": "UIButton", "frame": [0, 0, 1, 1], "font": {"size": 1e9}}"#))
                == ["invalid-value /root/children/0/font/size"])
        #expect(
            problems(Self.node(#"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": {"weight": "bold"}}"#))
                == ["missing-field /root/children/0/font/size"])
        // A misspelt member is a warning, and the font still applies.
        let result = SkeletonDocument.decode(
            text: Self.node(#"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": {"size": 12, "wieght": "bold"}}"#))
        #expect(result.errors.isEmpty)
        #expect(
            result.problems.map { "\($0.code.rawValue) \($0.pointer)" } == [
                "unknown-field /root/children/0/font/wieght"
            ])
        #expect(result.document?.root.children.first?.content.font == FontSpec(size: 12))
    }

    @Test func contentMembersBelongToTheirTypes() {
        // A label has no title and a view no text: warnings naming the type.
        let result = SkeletonDocument.decode(
            text: Self.node(
                #"{"type": "UILabel", "frame": [0, 0, 1, 1], "title": "x"}, {"type": "UIView", "frame": [0, 0, 1, 1], "text": "y"}"#
            ))
        #expect(
            result.problems.map { "\($0.code.rawValue) \($0.pointer)" } == [
                "unknown-field /root/children/0/title", "unknown-field /root/children/1/text",
            ])
        #expect(
            problems(Self.node(#"{"type": "UILabel", "frame": [0, 0, 1, 1], "text": 5}"#))
                == ["invalid-value /root/children/0/text"])
        #expect(
            problems(Self.node(#"{"type": "UIView", "frame": [0, 0, 1, 1], "borderWidth": -1}"#))
                == ["invalid-value /root/children/0/borderWidth"])
    }

    /// Every content member in a bad form: an error at its JSON Pointer, and the rest of the document decodes.
    @Test(arguments: [
        (#"{"type": "UILabel", "frame": [0, 0, 1, 1], "text": ["a"]}"#, "invalid-value /root/children/0/text"),
        (
            #"{"type": "UITextField", "frame": [0, 0, 1, 1], "placeholder": 3}"#,
            "invalid-value /root/children/0/placeholder"
        ),
        (#"{"type": "UIButton", "frame": [0, 0, 1, 1], "title": {}}"#, "invalid-value /root/children/0/title"),
        (
            #"{"type": "UILabel", "frame": [0, 0, 1, 1], "textColor": "nope"}"#,
            "unknown-color /root/children/0/textColor"
        ),
        (#"{"type": "UIImageView", "frame": [0, 0, 1, 1], "image": 7}"#, "invalid-value /root/children/0/image"),
        (
            #"{"type": "UIView", "frame": [0, 0, 1, 1], "borderWidth": "wide"}"#,
            "invalid-value /root/children/0/borderWidth"
        ),
        (
            #"{"type": "UIView", "frame": [0, 0, 1, 1], "borderWidth": true}"#,
            "invalid-value /root/children/0/borderWidth"
        ),
        (#"{"type": "UIView", "frame": [0, 0, 1, 1], "borderColor": 7}"#, "invalid-value /root/children/0/borderColor"),
        (
            #"{"type": "UITextField", "frame": [0, 0, 1, 1], "textAlignment": "middle"}"#,
            "invalid-value /root/children/0/textAlignment"
        ),
        (#"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": "big"}"#, "invalid-value /root/children/0/font"),
        (
            #"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": {"size": "12"}}"#,
            "invalid-value /root/children/0/font/size"
        ),
        (
            #"{"type": "UILabel", "frame": [0, 0, 1, 1], "font": {"size": -1}}"#,
            "invalid-value /root/children/0/font/size"
        ),
        (
            #"{"type": "UIButton", "frame": [0, 0, 1, 1], "font": {"lineHeight": -1}}"#,
            "invalid-value /root/children/0/font/lineHeight"
        ),
        (
            #"{"type": "UIButton", "frame": [0, 0, 1, 1], "font": {"weight": 700}}"#,
            "invalid-value /root/children/0/font/weight"
        ),
    ])
    func badContentMembersAreReportedAtTheirMember(node: String, problem: String) {
        #expect(problems(Self.node(node)) == [problem])
    }
}
