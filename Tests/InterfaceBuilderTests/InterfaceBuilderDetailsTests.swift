import Foundation
import InterfaceBuilder
import SkeletonGraphics
import SkeletonModel
import Testing

/// Details of files Xcode writes that real apps have (issue #26): texts in `<mutableString>`, iOS's own fonts and
/// UIKit's every system colour known, `pointSize="0.0"`, asset catalogue colours over the file's copies.
@Suite("Interface Builder details")
struct InterfaceBuilderDetailsTests {
    /// The problems of the file's initial scene and its document.
    private func decode(_ text: String, namedColors: [String: SkeletonColor] = [:]) throws -> (
        problems: [DocumentProblem], document: SkeletonDocument
    ) {
        let file = InterfaceBuilderFile.parse(bytes: Array(text.utf8), namedColors: namedColors)
        let result = try #require(file.decodeScene())
        return (file.problems + result.problems, try #require(result.document))
    }

    @Test func mutableStringTextsAreRead() throws {
        let (problems, document) = try decode(
            xib(
                #"""
                <label id="l"><rect key="frame" x="0" y="0" width="80" height="20"/>
                    <mutableString key="text">Mutable title</mutableString>
                </label>
                <textView id="t"><rect key="frame" x="0" y="20" width="80" height="40"/>
                    <mutableString key="text">Lorem ipsum</mutableString>
                </textView>
                """#))
        #expect(problems.isEmpty, "\(problems)")
        #expect(IB.node("l", in: document)?.content.text == "Mutable title")
        #expect(IB.node("t", in: document)?.content.text == "Lorem ipsum")
    }

    @Test func fontsIOSShipsAreKnownCustomOnesAreNot() throws {
        let fonts = [
            ("avenir", #"name="AvenirNext-DemiBold" family="Avenir Next""#, FontWeight.semibold),
            ("typewriter", #"name="AmericanTypewriter" family="American Typewriter""#, .regular),
            ("times", #"name="TimesNewRomanPS-BoldMT" family="Times New Roman""#, .bold),
            ("helvetica", #"name="HelveticaNeue-Medium" family="Helvetica Neue""#, .medium),
            ("arial", #"name="ArialMT" family="Arial""#, .regular),
            ("system", #"name=".AppleSystemUIFont" family=".AppleSystemUIFont""#, .regular),
            ("bodoni", #"name="BodoniSvtyTwoITCTT-Bold" family="Bodoni 72""#, .bold),
        ]
        let labels = fonts.enumerated().map { k, font in
            """
            <label text="x" id="\(font.0)"><rect key="frame" x="0" y="\(k * 20)" width="80" height="20"/>
                <fontDescription key="fontDescription" \(font.1) pointSize="15"/>
            </label>
            """
        }
        let custom = #"""
            <label text="x" id="custom"><rect key="frame" x="0" y="0" width="80" height="20"/>
                <fontDescription key="fontDescription" name="OpenSans-Bold" family="Open Sans" pointSize="15"/>
            </label>
            """#
        let (problems, document) = try decode(xib(labels.joined(separator: "\n") + custom))
        for (id, _, weight) in fonts {
            #expect(IB.node(id, in: document)?.content.font == FontSpec(size: 15, weight: weight), "\(id)")
        }
        // Only the app's own font is flagged: its metrics are the system font's.
        #expect(
            problems.map(\.message) == [
                "the metrics of the font \"OpenSans-Bold\" are unknown; using the system font's line height (17.900390625)"
            ])
    }

    @Test func everyUIKitSystemColourIsKnown() throws {
        let names = [
            "viewFlipsideBackgroundColor", "scrollViewTexturedBackgroundColor", "underPageBackgroundColor",
            "groupTableViewBackgroundColor", "tableCellGroupedBackgroundColor", "lightTextColor", "darkTextColor",
            "systemMintColor", "systemCyanColor", "tintColor", "placeholderTextColor", "quaternarySystemFillColor",
        ]
        let views = names.enumerated().map { k, name in
            """
            <view id="v\(k)"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <color key="backgroundColor" cocoaTouchSystemColor="\(name)"/>
            </view>
            """
        }
        let (problems, document) = try decode(xib(views.joined(separator: "\n")))
        #expect(problems.isEmpty, "\(problems)")
        #expect(IB.node("v0", in: document)?.backgroundColor?.light.hexRGBA == "#1F2124FF")
        #expect(IB.node("v1", in: document)?.backgroundColor?.light.hexRGBA == "#6F7179FF")
    }

    /// Xcode writes `pointSize="0.0"` for a font whose size UIKit decides (a cell's label, anywhere in the tree):
    /// it is UILabel's default size, 17 pt, not an error that refuses the file.
    @Test func pointSizeZeroIsTheLabelsDefaultSize() throws {
        let text = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
                <objects>
                    <tableViewCell contentMode="scaleToFill" reuseIdentifier="Cell" id="cell">
                        <rect key="frame" x="0" y="0" width="320" height="44"/>
                        <tableViewCellContentView key="contentView" tableViewCell="cell" id="content">
                            <rect key="frame" x="0" y="0" width="320" height="44"/>
                            <subviews>
                                <label text="Title" id="title"><rect key="frame" x="16" y="0" width="288" height="44"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="0.0"/>
                                </label>
                                <label text="Styled" id="styled"><rect key="frame" x="16" y="0" width="288" height="44"/>
                                    <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote" pointSize="0.0"/>
                                </label>
                                <label text="Named" id="named"><rect key="frame" x="16" y="0" width="288" height="44"/>
                                    <fontDescription key="fontDescription" name="Georgia" family="Georgia" pointSize="0.0"/>
                                </label>
                            </subviews>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """#
        let (problems, document) = try decode(text)
        #expect(problems.allSatisfy { $0.severity != .error }, "\(problems)")
        #expect(IB.node("title", in: document)?.content.font == FontSpec(size: 17, weight: .regular))
        #expect(IB.node("styled", in: document)?.content.font == FontSpec(size: 13, weight: .regular))
        #expect(IB.node("named", in: document)?.content.font == FontSpec(size: 17, weight: .regular))
        #expect(IB.node("title", in: document)?.text?.fontLineHeight == 20.287109375)
        // A negative size stays an error.
        let negative = InterfaceBuilderFile.parse(
            text: text.replacingOccurrences(
                of: #"type="system" pointSize="0.0""#, with: #"type="system" pointSize="-1""#))
        #expect(negative.decodeScene()?.errors.map(\.message) == [#"pointSize "-1" is not a positive number"#])
    }

    /// An asset catalogue's colour set (light and dark) wins over the one value Xcode copied into the file's
    /// `<resources>`; a name in neither says where it was looked for.
    @Test func assetCatalogueColoursWinOverTheFilesCopies() throws {
        let text = xib(
            #"""
            <view id="brand"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <color key="backgroundColor" name="Brand"/>
            </view>
            <view id="missing"><rect key="frame" x="0" y="0" width="10" height="10"/>
                <color key="backgroundColor" name="Nowhere"/>
            </view>
            """#
        ).replacingOccurrences(
            of: "</objects>",
            with: #"""
                </objects>
                <resources>
                    <namedColor name="Brand"><color red="0.1" green="0.2" blue="0.3" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></namedColor>
                </resources>
                """#)
        let alone = try decode(text)
        #expect(IB.node("brand", in: alone.document)?.backgroundColor?.dark.hexRGBA == "#1A334DFF")
        let brand = SkeletonColor(
            light: RGBA(red: 1, green: 0, blue: 0, alpha: 1), dark: RGBA(red: 0, green: 0, blue: 1, alpha: 1))
        let linked = try decode(text, namedColors: ["Brand": brand])
        #expect(IB.node("brand", in: linked.document)?.backgroundColor == brand)
        #expect(
            linked.problems.map(\.message).contains {
                $0.contains("\"Nowhere\" is neither in the file's resources nor in an asset catalogue")
            })
    }
}
