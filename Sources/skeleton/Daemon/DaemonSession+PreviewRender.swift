import Foundation
import JSON
import SkeletonImaging
import SkeletonProtocol

extension SourceDocument {
    /// `preview/render`'s params for this document's scene: every command that draws a picture asks with these.
    func renderParams(encoding: String, scale: Double) -> RenderPreviewRequest.Params {
        RenderPreviewRequest.Params(uri: uri, scene: scene, encoding: encoding, scale: scale)
    }
}

extension DaemonSession {
    /// `preview/render` with the `raw` encoding at the current time, as an image.
    func renderImage(_ document: SourceDocument, scale: Double) throws(CLIError) -> RGBAImage {
        let result = try call(RenderPreviewRequest.self, document.renderParams(encoding: "raw", scale: scale))
        guard let width = result["width"]?.intValue, let height = result["height"]?.intValue,
            let encoded = result["data"]?.stringValue, let data = Data(base64Encoded: encoded),
            let image = RGBAImage(width: width, height: height, bytes: Array(data))
        else {
            throw CLIError.daemon("preview/render answered with a malformed raw frame")
        }
        return image
    }

    /// `preview/render` with the `png` encoding at the current time: the PNG's bytes.
    func renderPNG(_ document: SourceDocument, scale: Double) throws(CLIError) -> [UInt8] {
        try Self.png(call(RenderPreviewRequest.self, document.renderParams(encoding: "png", scale: scale)))
    }

    /// The PNG bytes of a `preview/render` answer with the `png` encoding.
    static func png(_ answer: JSON) throws(CLIError) -> [UInt8] {
        guard let encoded = answer["data"]?.stringValue, let data = Data(base64Encoded: encoded) else {
            throw CLIError.daemon("preview/render answered without PNG data")
        }
        return Array(data)
    }
}
