import InterfaceBuilder
import SkeletonEngine
import Testing

/// What scenes show under their skeletons (`Protocol/content.md`): texts, titles, placeholders, text colours, fonts
/// and image names read from Interface Builder files.
@Suite("Content mapping")
struct ContentMappingTests {
    @Test func fixtureTexts() throws {
        let document = try IB.document(try IB.fixture("Views.xib"))
        #expect(IB.node("follow", in: document)?.content.text == "Follow")
        #expect(IB.node("field", in: document)?.content.placeholder == "Email")
        #expect(IB.node("stackLabel", in: document)?.content.text == "Trailing")
        let text = try IB.document(try IB.fixture("Text.xib"))
        // Bold system 17: size, weight and the line height the skeleton uses.
        let title = try #require(IB.node("title", in: text))
        #expect(title.content.text == "Title" && title.content.font == FontSpec(size: 17, weight: .bold))
        #expect(title.text?.fontLineHeight == 20.287109375)
    }

    @Test func stringElementsColoursImagesAndConfigurations() throws {
        let text = xib(
            #"""
            <label text="x" id="plain"><rect key="frame" x="0" y="0" width="50" height="20"/>
                <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="13"/>
                <color key="textColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
            </label>
            <label id="multi"><rect key="frame" x="0" y="20" width="50" height="40"/>
                <string key="text">first line
            second line</string>
            </label>
            <button id="configured"><rect key="frame" x="0" y="60" width="50" height="30"/>
                <buttonConfiguration key="configuration" style="plain" title="Go"/>
            </button>
            <button id="coded"><rect key="frame" x="0" y="60" width="50" height="30"/>
                <state key="normal"><string key="title" base64-UTF8="YES">SGVsbG8g8J+Riw==</string></state>
            </button>
            <button id="garbled"><rect key="frame" x="0" y="60" width="50" height="30"/>
                <state key="normal"><string key="title" base64-UTF8="YES">!!!*</string></state>
            </button>
            <imageView image="person.circle" id="picture"><rect key="frame" x="0" y="0" width="40" height="40"/></imageView>
            <label id="custom" text="Open"><rect key="frame" x="0" y="0" width="50" height="20"/>
                <fontDescription key="fontDescription" name="OpenSans-Semibold" family="Open Sans" pointSize="18"/>
            </label>
            """#)
        let file = InterfaceBuilderFile.parse(text: text)
        let result = try #require(file.decodeScene())
        let document = try #require(result.document)
        let plain = try #require(IB.node("plain", in: document))
        #expect(plain.content.font == FontSpec(size: 13, weight: .semibold))
        #expect(plain.content.textColor == SkeletonColor(RGBA(red: 1, green: 0, blue: 0)))
        #expect(IB.node("multi", in: document)?.content.text == "first line\nsecond line")
        #expect(IB.node("configured", in: document)?.content.text == "Go")
        #expect(IB.node("coded", in: document)?.content.text == "Hello 👋")
        // Base64 that is not base64: no title, and a warning at its <string> element (line and column of the `<`).
        #expect(IB.node("garbled", in: document)?.content.text == nil)
        let garbled = try #require(result.problems.first { $0.message.hasPrefix("title: the text is marked base64") })
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("!!!*") })
        #expect(garbled.line == line + 1)
        let element = try #require(lines[line].range(of: "<string"))
        #expect(garbled.column == lines[line].utf8.distance(from: lines[line].startIndex, to: element.lowerBound) + 1)
        #expect(IB.node("picture", in: document)?.content.image == "person.circle")
        // A custom font: the weight read from its name, its metrics the system font's (a warning says so).
        #expect(IB.node("custom", in: document)?.content.font == FontSpec(size: 18, weight: .semibold))
        #expect(result.problems.map(\.code) == [.invalidValue, .invalidValue] && result.errors.isEmpty)
    }
}
