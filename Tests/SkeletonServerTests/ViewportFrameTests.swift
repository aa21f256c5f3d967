import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonProtocol
import Testing

@testable import SkeletonRender
@testable import SkeletonServer

/// A viewport's frames on the wire, and the protocol's viewport bound kept to the renderer's.
@Suite struct ViewportFrameTests {
    /// A viewport keyframe written straight into the output is byte for byte the tree path's, with `viewport` and
    /// `canvas` after the pixel members.
    @Test func viewportKeyframesMatchTheTree() throws {
        let header = FrameHeader(subscription: "p7", uri: "file:///v.json", seq: 3, time: 0.25, encoding: .png)
        let update = FrameUpdate(
            width: 240, height: 201, keyframe: true,
            rects: [
                EncodedRect(
                    rect: PixelRect(x: 0, y: 0, width: 240, height: 201), encoding: .fill, color: RGB8(r: 1, g: 2, b: 3)
                )
            ])
        let content = FrameContent.window(
            update, viewport: Rect(x: 13.5, y: -40.25, width: 120, height: 100.25),
            canvas: Size(width: 240, height: 320))
        let bytes = PreviewHub.frameMessage(header, content)
        #expect(bytes == PreviewHub.frameMessageTree(header, content))
        let params = try JSONDocument.parse(bytes).value.json["params"]
        let viewport = ["x", "y", "width", "height"].map { params?["viewport"]?[$0]?.doubleValue }
        #expect(viewport == [13.5, -40.25, 120, 100.25])
        #expect(params?["canvas"]?["width"]?.doubleValue == 240 && params?["canvas"]?["height"]?.doubleValue == 320)
    }

    /// The protocol checks viewports against the renderer's largest side without seeing it: they must agree.
    @Test func theProtocolsBoundIsTheRenderersLargestSide() {
        #expect(PreviewViewport.maxCoordinate == Double(RenderLimits.maxDimension))
    }
}
