import Foundation
import JSON
import SkeletonImaging

extension DaemonSession {
    /// `preview/render` with the `raw` encoding at the current time, as an image.
    func renderImage(_ document: SourceDocument, scale: Double) throws(CLIError) -> RGBAImage {
        var params = document.target
        params["encoding"] = "raw"
        params["scale"] = .double(scale)
        let result = try call("preview/render", params)
        guard let width = result["width"]?.intValue, let height = result["height"]?.intValue,
            let encoded = result["data"]?.stringValue, let data = Data(base64Encoded: encoded),
            let image = RGBAImage(width: width, height: height, bytes: Array(data))
        else {
            throw CLIError.daemon("preview/render answered with a malformed raw frame")
        }
        return image
    }
}
