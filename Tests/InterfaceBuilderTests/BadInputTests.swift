import InterfaceBuilder
import SkeletonEngine
import Testing

/// Bad input: every problem has a code and a line (column when known), and rejects only what it must.
@Suite("Bad input")
struct BadInputTests {
    /// The single problem of `text` (file and initial scene), with its code and line.
    static func only(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> DocumentProblem? {
        let problems = IB.problems(text)
        #expect(problems.count == 1, "\(problems)", sourceLocation: sourceLocation)
        return problems.first
    }

    @Test func notXML() {
        let p = Self.only("hello, world")
        #expect(p?.code == .xmlSyntax && p?.line == 1 && p?.severity == .error)
        #expect(p?.pointer.tokens == [] && p?.position == nil)
    }

    @Test func malformedXMLHasTheLine() {
        let text = xib("<view id=\"a\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"/>\n</label>")
        let p = Self.only(text)
        #expect(p?.code == .xmlSyntax)
        #expect(p?.line == 8, "\(String(describing: p))")
        #expect(InterfaceBuilderFile.parse(text: text).scenes.isEmpty)
    }

    /// Found by the document fuzzer: Foundation's parser traps on element names that are not UTF-8.
    @Test func bytesThatAreNotUTF8AreAProblemNotACrash() {
        var bytes = Array(
            "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n  <re".utf8)
        bytes += [0xF3, 0xF3, 0xF3]
        bytes += Array("/>\n</document>".utf8)
        let result = InterfaceBuilderDocument.decode(bytes: bytes)
        #expect(result.allProblems.first?.code == .xmlSyntax)
        #expect(result.allProblems.first?.line == 3)
    }

    @Test func doctypeIsRefused() {
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaa\">]>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>"
        let p = Self.only(text)
        #expect(p?.code == .xmlSyntax && p?.line == 2)
    }

    @Test func xmlThatIsNotInterfaceBuilder() {
        let p = Self.only("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>")
        #expect(p?.code == .notInterfaceBuilder && p?.line == 2 && p?.column == 1)
        let q = Self.only("<document type=\"com.example.Other\"/>")
        #expect(q?.code == .notInterfaceBuilder)
    }

    @Test func noScenes() {
        let p = Self.only(storyboard(""))
        #expect(p?.code == .noScenes && p?.line == 2)
        let empty =
            "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">\n<objects><placeholder id=\"-1\"/></objects></document>"
        #expect(Self.only(empty)?.code == .noScenes)
    }

    @Test func nonNumericFrameRejectsTheScene() {
        let text = xib(
            """
                <view id="bad">
                    <rect key="frame" x="0.0" y="zero" width="10" height="10"/>
                </view>
            """)
        let p = Self.only(text)
        #expect(p?.code == .invalidFrame && p?.line == 8)
        // The column is the rect's "<".
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[7]
        #expect(p?.column == line.utf8.prefix { $0 != UInt8(ascii: "<") }.count + 1)
        #expect(p?.message.contains("\"zero\"") == true)
        #expect(InterfaceBuilderFile.parse(text: text).decodeScene()?.document == nil)
    }

    @Test func negativeSizeFoundByTheDocumentDecoderIsPlacedAtTheRect() {
        let text = xib(
            """
                <view id="bad">
                    <rect key="frame" x="0.0" y="0.0" width="-10" height="10"/>
                </view>
            """)
        let p = Self.only(text)
        #expect(p?.code == .invalidFrame && p?.line == 8)
    }

    @Test func inspectablesOfTheWrongType() {
        let text = xib(
            """
                <label id="l">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="isSkeletonable">
                            <integer key="value" value="1"/>
                        </userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="lastLineFillPercent" value="YES"/>
                        <userDefinedRuntimeAttribute type="number" keyPath="linesCornerRadius">
                            <real key="value" value="2.5"/>
                        </userDefinedRuntimeAttribute>
                        <userDefinedRuntimeAttribute type="string" keyPath="skeletonPaddingInsets" value="{1, 2}"/>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="isHiddenWhenSkeletonIsActive" value="maybe"/>
                        <userDefinedRuntimeAttribute type="string" keyPath="skeletonTextLineHeight" value="tall"/>
                        <userDefinedRuntimeAttribute type="color" keyPath="skeletonCornerRadius"/>
                        <userDefinedRuntimeAttribute type="string" keyPath="someOtherKeyPath" value="ignored"/>
                    </userDefinedRuntimeAttributes>
                </label>
            """)
        let problems = IB.problems(text)
        #expect(problems.map(\.code) == Array(repeating: .invalidValue, count: 7))
        #expect(problems.map(\.line) == [10, 13, 14, 17, 18, 19, 20])
        #expect(problems.allSatisfy { $0.severity == .error })
        #expect(InterfaceBuilderFile.parse(text: text).decodeScene()?.document == nil)
    }

    @Test func textInspectableOnAViewIsAWarning() throws {
        let text = xib(
            """
                <view id="v">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="number" keyPath="lastLineFillPercent">
                            <integer key="value" value="50"/>
                        </userDefinedRuntimeAttribute>
                    </userDefinedRuntimeAttributes>
                </view>
            """)
        let result = try #require(InterfaceBuilderFile.parse(text: text).decodeScene())
        #expect(result.document != nil)
        #expect(result.warnings.map(\.code) == [.invalidValue] && result.warnings.first?.line == 10)
    }

    @Test func valuesTheDocumentDecoderRejectsAreAtTheirElement() {
        // lastLineFillPercent is fine, but a negative skeletonLineSpacing… is accepted by SkeletonView;
        // a negative constraint constant is not a valid document value.
        let text = xib(
            """
                <view id="v">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <constraints>
                        <constraint firstAttribute="height" constant="-5" id="neg"/>
                        <constraint firstAttribute="width" constant="abc" id="nan"/>
                    </constraints>
                </view>
            """)
        let problems = IB.problems(text)
        #expect(problems.map(\.code) == [.invalidValue, .invalidValue])
        #expect(problems.map(\.line) == [10, 11])
        #expect(problems.first?.message.hasPrefix("height:") == true)
    }

    @Test func rowHeightZeroAndDuplicateIDs() {
        let text = xib(
            """
                <tableView id="t" rowHeight="0">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <prototypes>
                        <tableViewCell reuseIdentifier="C" id="c"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></tableViewCell>
                    </prototypes>
                </tableView>
                <view id="t"><rect key="frame" x="0.0" y="0.0" width="1" height="1"/></view>
            """)
        let problems = IB.problems(text)
        #expect(problems.map(\.code) == [.invalidRowHeight, .duplicateID])
        #expect(problems.map(\.line) == [7, 13])
    }

    @Test func embeddingCycle() throws {
        let scenes = """
            <scene sceneID="sa"><objects><viewController id="A" sceneMemberID="viewController">
                <view key="view" id="ra"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <subviews><containerView id="ca"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                        <connections><segue destination="B" kind="embed" id="ab"/></connections></containerView></subviews>
                </view></viewController></objects></scene>
            <scene sceneID="sb"><objects><viewController id="B" sceneMemberID="viewController">
                <view key="view" id="rb"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <subviews><containerView id="cb"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                        <connections><segue destination="A" kind="embed" id="ba"/></connections></containerView></subviews>
                </view></viewController></objects></scene>
            """
        let file = InterfaceBuilderFile.parse(text: storyboard(scenes))
        let a = try #require(file.decodeScene("A"))
        #expect(a.document == nil)
        #expect(a.problems.map(\.code) == [.referenceCycle])
        #expect(a.problems.first?.line == 12)  // B's segue back to A
        #expect(a.problems.first?.message.contains("A → B → A") == true)
    }

    @Test func initialViewControllerCycle() {
        let scenes = """
            <scene sceneID="s1"><objects>
                <navigationController id="n1" sceneMemberID="viewController">
                    <connections><segue destination="n2" kind="relationship" relationship="rootViewController" id="x1"/></connections>
                </navigationController></objects></scene>
            <scene sceneID="s2"><objects>
                <navigationController id="n2" sceneMemberID="viewController">
                    <connections><segue destination="n1" kind="relationship" relationship="rootViewController" id="x2"/></connections>
                </navigationController></objects></scene>
            <scene sceneID="s3"><objects><viewController id="v" sceneMemberID="viewController">
                <view key="view" id="rv"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
            </viewController></objects></scene>
            """
        let file = InterfaceBuilderFile.parse(text: storyboard(initial: "n1", scenes))
        #expect(file.problems.map(\.code) == [.referenceCycle])
        #expect(file.problems.first?.line == 10)  // n2's segue back to n1
        // The first scene is used instead.
        #expect(file.initialSceneID == "v")
    }

    @Test func unknownSceneAndTooDeep() {
        let file = InterfaceBuilderFile.parse(text: xib(""))
        #expect(file.decodeScene("nope") == nil && file.scene("nope") == nil)
        var limits = DocumentLimits()
        limits.maxDepth = 3
        let deep = xib(
            """
                <view id="a"><rect key="frame" x="0.0" y="0.0" width="1" height="1"/><subviews>
                    <view id="b"><rect key="frame" x="0.0" y="0.0" width="1" height="1"/><subviews>
                        <view id="c"><rect key="frame" x="0.0" y="0.0" width="1" height="1"/></view>
                    </subviews></view>
                </subviews></view>
            """)
        let result = InterfaceBuilderFile.parse(text: deep, limits: limits).decodeScene()
        #expect(result?.problems.map(\.code) == [.tooDeep])
        #expect(result?.problems.first?.line == 9)
    }

    @Test func unknownElementsAndAttributesAreSkipped() throws {
        let text = xib(
            """
                <mapView someNewAttribute="YES" id="map">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                    <newThing><nested deeper="1"/></newThing>
                    <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="isSkeletonable" value="YES"/>
                    </userDefinedRuntimeAttributes>
                </mapView>
            """, rootExtra: " futureAttribute=\"1\"")
        #expect(IB.problems(text).isEmpty)
        check(try IB.shown(Array(text.utf8)), "map#block", [0, 0, 10, 10])
    }
}

@Suite("Problems in the file's terms")
struct InterfaceBuilderMessageTests {
    @Test func aTableWithoutPrototypesSaysSoWithoutAJSONMemberName() {
        // It once read "type: no cell template: without a "cell" (or sections naming one) …".
        let text = xib(
            """
                <tableView id="t" rowHeight="44">
                    <rect key="frame" x="0.0" y="0.0" width="10" height="10"/>
                </tableView>
            """)
        let problem = IB.problems(text).first { $0.code == .missingCellTemplate }
        #expect(
            problem?.message
                == "no prototype cell: the skeleton has no rows, as a SkeletonView data source without "
                + "cellIdentifierForRowAt")
        #expect(problem?.line == 7)
    }
}
