import InterfaceBuilder
import SkeletonEngine
import Testing

/// Every mapping, on this target's own fixtures (`Fixtures/*.xib`, `Fixtures/Screens.storyboard`).
@Suite("Mapping")
struct MappingTests {
    @Test func viewTypesFlagsAndConstraints() throws {
        let bytes = try IB.fixture("Views.xib")
        let file = InterfaceBuilderFile.parse(bytes: bytes)
        // A XIB's top-level views are its scenes; placeholders and the gesture recogniser are not.
        #expect(file.kind == .xib)
        #expect(file.scenes.map(\.id) == ["card", "xibCell"])
        #expect(file.scenes.map(\.title) == ["Card", "Feed Cell"])
        #expect(file.initialSceneID == "card")

        let document = try IB.document(bytes)
        let types = [
            "avatar": NodeType.imageView, "follow": .button, "field": .textField, "toggle": .view, "stack": .stackView,
            "blur": .view, "blurContent": .view, "mystery": .view, "stackLabel": .label,
        ]
        for (id, type) in types { #expect(IB.node(id, in: document)?.type == type, "\(id)") }
        let avatar = try #require(IB.node("avatar", in: document))
        #expect(avatar.clipsToBounds && avatar.cornerRadius == 32 && !avatar.isUserInteractionEnabled)
        let follow = try #require(IB.node("follow", in: document))
        // Own width/height constraints without a second item; the aspect-ratio constraint does not count.
        #expect(follow.constraints == SizeConstraints(width: [120], height: [44]))
        #expect(follow.skeletonCornerRadius == 8 && !follow.isUserInteractionDisabledWhenSkeletonIsActive)
        #expect(IB.node("hiddenView", in: document)?.isHidden == true)
        #expect(IB.node("vanish", in: document)?.isHiddenWhenSkeletonIsActive == true)
        #expect(IB.node("stack", in: document)?.stack?.alignment == .trailing)
        #expect(IB.node("rtl", in: document)?.layoutDirection == .rightToLeft)
        #expect(IB.node("plain", in: document)?.isSkeletonable == false)

        let list = try IB.shown(bytes)
        // Avatar: a full block, clipped round by its own layer.cornerRadius 32 (masksToBounds).
        check(list, "avatar#block", [16, 16, 64, 64])
        #expect(
            list.layer("avatar#block")?.clips.last
                == RoundedRect(rect: Rect(x: 16, y: 16, width: 64, height: 64), cornerRadius: 32))
        // Button 100 × 30 with width = 120 and height >= 44: max(frame, constants) = 120 × 44; skeletonCornerRadius 8.
        check(list, "follow#block", [200, 16, 120, 44], radius: 8)
        check(list, "field#block", [16, 96, 288, 34])
        // A UISwitch is a plain UIView: a block.
        check(list, "toggle#block", [16, 140, 51, 31])
        // Hidden, hidden-when-active and non-skeletonable views (and what they contain) draw nothing.
        for node in ["hiddenView", "vanish", "plain", "insidePlain"] {
            #expect(!list.skeleton.contains { $0.node == node }, "\(node)")
        }
        // Stack view with alignment trailing: the arranged label's line is moved left by its width (quirk 7):
        // W = 100, one line 70 wide at x = 0 − 100 → 16 + 188 − 100 = 104; y = 190 + (20 − 15) / 2 = 192.5.
        check(list, "stackLabel#line0", [104, 192.5, 70, 15])
        check(list, "stackImage#block", [264, 218, 40, 32])
        // Right-to-left (forceRightToLeft on the parent), natural alignment: the last line sits right:
        // x = 16 + 200 − 140 = 76.
        check(list, "rtlLabel#line0", [76, 262.5, 140, 15])
        // A visual effect view's contentView is its child: 16 + 0 + 8, 300 + 0 + 8.
        check(list, "blurImage#block", [24, 308, 34, 34])
        // The unknown element is a UIView that is not skeletonable; its unknown child element is skipped.
        #expect(IB.node("mystery", in: document)?.children.isEmpty == true)
        #expect(list.skeleton.count == 8)
    }

    @Test func colours() throws {
        let document = try IB.document(try IB.fixture("Views.xib"))
        func colour(_ id: String) -> SkeletonColor? { IB.node(id, in: document)?.backgroundColor }
        #expect(colour("card") == SkeletonColor(white: 1))  // genericGamma22 white
        #expect(colour("grey") == SkeletonColor(white: 0.5))
        #expect(colour("avatar")?.light.hexRGBA == "#336699FF")  // calibratedRGB 0.2, 0.4, 0.6
        #expect(colour("srgb")?.light.hexRGBA == "#FF800080")  // sRGB 1, 0.5, 0, alpha 0.5
        #expect(colour("plain")?.light.hexRGBA == "#007AFFFF")  // systemBlueColor, light
        #expect(colour("plain")?.dark.hexRGBA == "#0A84FFFF")  // … and dark
        #expect(colour("legacy")?.light.hexRGBA == "#F2F2F7FF")  // cocoaTouchSystemColor
        #expect(colour("legacy")?.dark.hexRGBA == "#000000FF")
        #expect(colour("asset")?.light.hexRGBA == "#1A334DFF")  // <namedColor name="Brand">
        #expect(colour("label2")?.dark.hexRGBA == "#1C1C1EFF")  // secondarySystemBackgroundColor
        #expect(document.colorScheme == .light)
    }

    /// `<device appearance="dark">` is the canvas Xcode draws on, not the scheme the scene runs in: a new device is
    /// light. Under a dark trait (`skeleton/setTraits`), the dynamic colours and the skeleton turn dark.
    @Test func darkCanvasRunsLightAndDarkTraitsTurnDark() throws {
        let text = xib(
            """
            <view id="v"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/>
                </userDefinedRuntimeAttributes></view>
            """
        ).replacingOccurrences(of: "<objects>", with: "<device id=\"retina6_12\" appearance=\"dark\"/><objects>")
        var document = try IB.document(Array(text.utf8))
        #expect(document.colorScheme == .light)
        document.colorScheme = .dark
        var session = SkeletonSession(document: document)
        _ = try session.show(ShowOptions(type: .solid, transition: .none), at: 0)
        let list = session.layers(at: 0)
        // systemBackgroundColor resolves to black (a leaf's own background is cleared while it shows).
        #expect(
            IB.node("v", in: document)?.backgroundColor?.resolved(document.colorScheme)
                == RGBA(red: 0, green: 0, blue: 0))
        // Dark skeleton colour #1C2325.
        #expect(list.layer("v#block")?.fill == .solid(RGBA(r8: 0x1C, g8: 0x23, b8: 0x25)))
    }

    @Test func xibCellScene() throws {
        let bytes = try IB.fixture("Views.xib")
        let document = try IB.document(bytes, scene: "xibCell")
        #expect(document.root.type == .tableViewCell)
        // Only the content view's subviews are children.
        #expect(document.root.children.map(\.reference) == ["cellTitle"])
        // Label 200 × 20, one line: 140 wide, y = 12 + (20 − 15) / 2 = 14.5.
        check(try IB.shown(bytes, scene: "xibCell"), "cellTitle#line0", [16, 14.5, 140, 15])
    }

    @Test func textMappings() throws {
        let bytes = try IB.fixture("Text.xib")
        let document = try IB.document(bytes)
        let title = try #require(IB.node("title", in: document)?.text)
        #expect(title.textAlignment == .center && title.lastLineFillPercent == 50 && title.linesCornerRadius == 4)
        #expect(title.fontLineHeight == 20.287109375)  // bold system 17
        #expect(title.skeletonPaddingInsets == EdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
        let body = try #require(IB.node("body", in: document)?.text)
        #expect(
            body.numberOfLines == 0 && body.skeletonTextLineHeight == .relativeToFont && body.skeletonLineSpacing == 6)
        #expect(body.fontLineHeight == 16.70703125)  // system 14 = 14 × 2444 / 2048
        let notes = try #require(IB.node("notes", in: document))
        #expect(notes.text?.skeletonTextNumberOfLines == .custom(2) && notes.text?.skeletonTextLineHeight == .fixed(12))
        #expect(notes.text?.fontLineHeight == 20.287109375)  // UICTFontTextStyleBody: 17 pt
        #expect(notes.isScrollEnabled == false && notes.clipsToBounds)
        let inherited = try #require(IB.node("inherited", in: document)?.text)
        #expect(inherited.skeletonTextNumberOfLines == .inherited)
        #expect(inherited.skeletonPaddingInsets == EdgeInsets(top: 2, left: 10, bottom: 2, right: 20))

        let list = try IB.shown(bytes)
        // title: 288 × 21, padding l = r = 8 → width (288 − 16) × 50 % = 136, centred x = 16 + (288 − 136) / 2 = 92;
        // y = 16 + (21 − 15) / 2 = 19.
        check(list, "title#line0", [92, 19, 136, 15], radius: 4)
        // body: 288 × 60, lines 0, h = 16.70703125, s = 6: N = round(60 / 22.70703125) = round(2.64) = 3;
        // B = 3h + 2s = 62.12109375; y0 = 50 + (60 − B) / 2 = 48.939453125; step 22.70703125; last 288 × 70 % = 201.6.
        check(list, "body#line0", [16, 48.939453125, 288, 16.70703125])
        check(list, "body#line1", [16, 71.646484375, 288, 16.70703125])
        check(list, "body#line2", [16, 94.353515625, 201.6, 16.70703125])
        // notes (UITextView): custom 2 lines of fixed 12, spacing 10, no centring: y = 120, 142.
        check(list, "notes#line0", [16, 120, 288, 12])
        check(list, "notes#line1", [16, 142, 201.6, 12])
        // constrained: 2 lines, relativeToConstraints → h = 40 / 2 = 20; height fix 2·20 + 10 = 50 > 40;
        // B = 50 → y = 230, 260; right-aligned last line x = 16 + 288 − 201.6 = 102.4.
        check(list, "constrained#line0", [16, 230, 288, 20])
        check(list, "constrained#line1", [102.4, 260, 201.6, 20])
        // inherited: padding (t 2, l 10, b 2, r 20): w = (288 − 30) × 70 % = 180.6, x = 16 + 10;
        // y = 290 + (20 − 15 − 2) / 2 = 291.5.
        check(list, "inherited#line0", [26, 291.5, 180.6, 15])
    }

    /// `Avenir-Book` ships with iOS: known, with the system font's ratio and no warning (a font the app bundles is
    /// warned about: `InterfaceBuilderDetailsTests`).
    @Test func iOSFontIsKnownWithoutAWarning() throws {
        let result = try #require(InterfaceBuilderFile.parse(bytes: try IB.fixture("Text.xib")).decodeScene())
        #expect(result.document != nil)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }
}
