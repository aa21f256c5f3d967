import SkeletonEngine
import Testing

/// The content under the skeleton (`Protocol/content.md`): texts, images and borders in the display list, cleared
/// inside the show's cross-dissolve and restored inside the hide's, as SkeletonView does (§1.5).
@Suite("Content layers")
struct ContentLayerTests {
    static let doc = root(
        #"""
        {"type": "UILabel", "id": "name", "frame": [10, 10, 200, 20], "isSkeletonable": true, "text": "Ada Lovelace",
         "borderWidth": 2, "borderColor": "#FF0000"},
        {"type": "UIImageView", "id": "avatar", "frame": [10, 40, 80, 80], "isSkeletonable": true, "image": "ada"},
        {"type": "UIButton", "id": "follow", "frame": [10, 130, 100, 44], "title": "Follow"},
        {"type": "UITextField", "id": "email", "frame": [10, 180, 200, 34], "placeholder": "Email"}
        """#)

    @Test func contentIsDrawnBeforeAShow() throws {
        let s = try session(Self.doc)
        let list = s.layers(at: 0)
        #expect(
            list.layers.map(\.id) == [
                "name#text", "name#border", "avatar#image", "avatar#image-glyph", "avatar#image-name", "follow#text",
                "email#text",
            ])
        let text = try #require(list.layers.first)
        guard case .text(let content)? = text.content else {
            Issue.record("not a text layer")
            return
        }
        #expect(content.text == "Ada Lovelace" && content.font == FontSpec(size: 17) && content.maxLines == 1)
        #expect(text.solidColor == RGBA(red: 0, green: 0, blue: 0))
        // A button's title is system blue and centred; an empty field shows its placeholder in placeholder grey.
        let follow = try #require(list.layers.first { $0.id == "follow#text" })
        #expect(follow.solidColor == RGBA(red: 0, green: 122 / 255, blue: 1))
        let email = try #require(list.layers.first { $0.id == "email#text" })
        #expect(email.solidColor?.alpha == 0.3)
        let border = try #require(list.layers.first { $0.id == "name#border" })
        #expect(border.content == .stroke(width: 2) && border.kind == .border)
    }

    @Test(arguments: [(0.0, 1.0), (0.125, 0.5), (0.25, 0.0)])
    func showClearsTextInsideTheCrossDissolve(elapsed: Double, opacity: Double) throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .crossDissolve(0.25)), at: 1)
        let list = s.layers(at: 1 + elapsed)
        let text = list.layers.first { $0.id == "name#text" }
        if opacity == 0 {
            #expect(text == nil)
        } else {
            #expect(close(text?.opacity ?? -1, opacity))
        }
        // The skeleton fades the other way, so the two frames blend.
        #expect(close(list.skeleton(of: "name").first?.opacity ?? -1, 1 - opacity))
        // The border stays (SkeletonView does not touch it) and is drawn above the skeleton.
        let ids = list.layers.map(\.id)
        let border = try #require(ids.firstIndex(of: "name#border"))
        #expect(ids[..<border].contains { $0.hasPrefix("name#line") || $0.hasPrefix("name#block") })
        // Not skeletonable: the button's title stays.
        #expect(list.layers.first { $0.id == "follow#text" }?.opacity == 1)
    }

    @Test func hideRestoresTheContent() throws {
        var s = try session(Self.doc)
        _ = try s.show(ShowOptions(transition: .none), at: 0)
        #expect(s.layers(at: 1).layers.first { $0.id == "avatar#image" } == nil)
        _ = try s.hide(at: 2)
        #expect(close(s.layers(at: 2.125).layers.first { $0.id == "avatar#image" }?.opacity ?? -1, 0.5))
        #expect(s.layers(at: 2.25).layers.first { $0.id == "avatar#image" }?.opacity == 1)
        #expect(s.timeline(at: 2.1).isAnimating && !s.timeline(at: 2.3).isAnimating)
    }

    @Test func aHugeTextKeepsOnlyWhatCanShow() throws {
        let huge = String(repeating: "lorem ipsum ", count: 90_000)  // ~1 MB
        let s = try session(
            root(#"{"type": "UILabel", "id": "t", "frame": [0, 0, 300, 20], "text": "\#(huge)"}"#))
        let layer = try #require(s.layers(at: 0).layers.first)
        guard case .text(let content)? = layer.content else {
            Issue.record("not a text layer")
            return
        }
        #expect(content.text.utf8.count < 40_000)
        #expect(huge.hasPrefix(content.text))
    }

    /// Issue #25 row 10: the cut counts only scalars that take width, so text after 300,000 zero-width spaces is
    /// kept (it was cut away); invisible scalars are kept up to a bound.
    @Test func theCutBeforeLayoutSkipsInvisibleScalars() throws {
        let invisible = String(repeating: "\u{200B}", count: 300_000)
        let s = try session(
            root(#"{"type": "UILabel", "id": "t", "frame": [0, 0, 300, 20], "text": "\#(invisible)Hello world"}"#))
        let layer = try #require(s.layers(at: 0).layers.first)
        guard case .text(let content)? = layer.content else {
            Issue.record("not a text layer")
            return
        }
        #expect(content.text == invisible + "Hello world")
        // A long visible text after them is still cut (300,000 invisible kept, then what one line can show).
        let words = String(repeating: "lorem ipsum ", count: 90_000)
        let long = try session(
            root(#"{"type": "UILabel", "id": "t", "frame": [0, 0, 300, 20], "text": "\#(invisible)\#(words)"}"#))
        guard case .text(let cut)? = try #require(long.layers(at: 0).layers.first).content else {
            Issue.record("not a text layer")
            return
        }
        #expect(cut.text.unicodeScalars.count > 300_000 && cut.text.unicodeScalars.count < 300_000 + 40_000)
        #expect((invisible + words).hasPrefix(cut.text))
    }

    @Test func hiddenViewsAndEmptyTextsDrawNothing() throws {
        let s = try session(
            root(
                #"""
                {"type": "UILabel", "frame": [0, 0, 100, 20], "text": "x", "isHidden": true},
                {"type": "UILabel", "frame": [0, 0, 100, 20], "text": ""},
                {"type": "UILabel", "frame": [0, 0, 100, 20], "text": "clear", "textColor": "#00000000"},
                {"type": "UIView", "frame": [0, 0, 100, 20], "borderWidth": 0}
                """#))
        #expect(s.layers(at: 0).layers.isEmpty)
    }
}
