import InterfaceBuilder
import SkeletonModel
import Testing

/// IB's generic 600 × 600 canvas (old files without `<device>`): previewed at a phone's size, said as information.
@Suite("Generic canvas")
struct GenericCanvasTests {
    /// A storyboard whose one view controller's view is `width` × `height`, with `controllerExtra` in the view
    /// controller and `documentExtra` in the document.
    static func storyboard(
        width: Int = 600, height: Int = 600, controllerExtra: String = "", documentExtra: String = ""
    ) -> String {
        let scene = """
            <scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
                <view key="view" id="v"><rect key="frame" x="0" y="0" width="\(width)" height="\(height)"/></view>
                \(controllerExtra)
            </viewController></objects></scene>
            """
        return InterfaceBuilderTests.storyboard(scene).replacingOccurrences(
            of: "</document>", with: documentExtra + "</document>")
    }

    /// The scene's frame, its document's canvas and the file's problems.
    static func read(_ text: String) throws -> (frame: Rect, canvas: Rect, problems: [DocumentProblem]) {
        let file = InterfaceBuilderFile.parse(text: text)
        let scene = try #require(file.scene())
        let document = try #require(file.decodeScene()?.document)
        return (scene.frame, document.root.frame, file.problems)
    }

    @Test func aSquareRootWithoutDeviceIsAnIPhone8AndSaysSo() throws {
        let (frame, canvas, problems) = try Self.read(Self.storyboard())
        #expect(frame.width == 375 && frame.height == 667)
        #expect(canvas.width == 375 && canvas.height == 667)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.code == .genericCanvas && problems.first?.severity == .information)
        #expect(problems.first?.line == 5, "the <view> element")
        #expect(problems.first?.message.contains("375 × 667") == true, "\(problems)")
    }

    @Test func theFilesSimulatedScreenAndOrientationAreUsed() throws {
        let metrics = """
            <simulatedMetricsContainer key="defaultSimulatedMetrics">
                <simulatedOrientationMetrics key="orientation" orientation="landscapeRight"/>
                <simulatedScreenMetrics key="destination" type="retina4.fullscreen"/>
            </simulatedMetricsContainer>
            """
        let (frame, _, problems) = try Self.read(Self.storyboard(documentExtra: metrics))
        #expect(frame.width == 568 && frame.height == 320)
        #expect(problems.first?.message.contains("retina4.fullscreen") == true, "\(problems)")
    }

    @Test func theViewControllersOwnSimulatedScreenWins() throws {
        let own = #"<simulatedScreenMetrics key="simulatedDestinationMetrics" type="retina55"/>"#
        let file =
            #"<simulatedMetricsContainer key="defaultSimulatedMetrics"><simulatedScreenMetrics key="destination" type="retina4"/></simulatedMetricsContainer>"#
        let (frame, _, problems) = try Self.read(Self.storyboard(controllerExtra: own, documentExtra: file))
        #expect(frame.width == 414 && frame.height == 736)
        #expect(problems.first?.message.contains("view controller's") == true, "\(problems)")
    }

    @Test func aDeviceOrAnotherSizeKeepsTheFrame() throws {
        let device = #"<device id="retina6_1" orientation="portrait" appearance="light"/>"#
        let withDevice = try Self.read(Self.storyboard(documentExtra: device))
        #expect(withDevice.frame.width == 600 && withDevice.problems.isEmpty)
        let other = try Self.read(Self.storyboard(width: 600, height: 400))
        #expect(other.canvas.height == 400 && other.problems.isEmpty)
    }
}

/// `<variation key="default">`: the constraints it excludes belong to other size classes and are not installed.
@Suite("Variations")
struct VariationTests {
    @Test func constraintsTheDefaultVariationExcludesDoNotSizeTheSkeleton() throws {
        let bytes = try IB.fixture("Variations.storyboard")
        let document = try IB.document(bytes)
        let box = try #require(IB.node("box", in: document))
        #expect(box.constraints.width == [80])
        #expect(box.constraints.height == [], "300 and 200 belong to the regular width class only")
    }
}
