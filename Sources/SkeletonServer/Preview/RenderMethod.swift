import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonProtocol
import SkeletonRender
import SkeletonText

/// `preview/render`: one frame of a document at a time, as raw RGBA, PNG or a CRC-32 checksum.
package enum RenderMethod {
    enum Encoding: String, CaseIterable { case raw, png, crc32 }

    /// `region`: `{x, y, width, height}` in pixels, non-empty and inside `bounds`. Each number is checked against
    /// the frame before any sum is formed, so no client number can overflow.
    static func region(_ value: PixelRegion, inside bounds: PixelRect) throws(JSONDecodingError) -> PixelRect {
        let (x, y, width, height) = (value.x, value.y, value.width, value.height)
        guard x >= 0, y >= 0, width > 0, height > 0, x < bounds.width, y < bounds.height,
            width <= bounds.width - x, height <= bounds.height - y
        else {
            throw JSONDecodingError(
                at: value.source, "must be a non-empty rectangle inside the \(bounds.width)×\(bounds.height) frame")
        }
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// Registers `preview/render`.
    package static func register(in table: inout MethodTable, provider: any DisplayListProvider, clock: SessionClock) {
        table.request(RenderPreviewRequest.self) { params, context in
            let time = params.time ?? clock.now
            let scale = try PreviewHub.number(params.scale, default: 1, in: RenderLimits.scaleRange)
            let encoding = try params.encodingSource.decodeEnum(Encoding.self)
            guard let source = provider.source(for: params.uri, scene: params.scene) else {
                throw provider.missingSource(params.params, uri: params.uri, uriValue: params.uriSource)
            }
            guard let list = source.displayList(at: time, outlines: params.outlines) else {
                throw ResponseError(
                    .requestFailed, "\(params.uri) has no valid tree to render yet: see its diagnostics")
            }
            var rasterizer = Rasterizer()
            // A `$/cancelRequest` reaches text layout and drawing: the rest of the frame is not drawn, and the
            // check below answers -32800.
            let cancellation = context.cancellation
            rasterizer.stop = StopSignal { cancellation.isCancelled }
            let frame: Frame
            do { frame = try rasterizer.render(list, scale: scale) } catch let error as RenderError {
                throw JSONDecodingError(
                    pointer: params.params.pointerFromRoot.appending(error.field), message: error.description)
            }
            try context.cancellation.check()
            var region = frame.bounds
            if let value = params.region {
                region = try Self.region(value, inside: frame.bounds)
            }
            var result: JSONObject = [
                "width": .int(region.width), "height": .int(region.height), "encoding": .string(encoding.rawValue),
            ]
            if region != frame.bounds {
                result["x"] = .int(region.x)
                result["y"] = .int(region.y)
            }
            switch encoding {
            case .crc32:
                let bytes = RectEncoder.rawBytes(frame, region)
                result["checksum"] = .string(bytes.withUnsafeBytes { Checksum.hex(Checksum.crc32(of: $0)) })
            case .raw:
                result["data"] = .string(
                    String(decoding: Base64.encode(RectEncoder.rawBytes(frame, region)), as: UTF8.self))
            case .png:
                let png = try PNGEncoder.encode(frame, rect: region)
                result["data"] = .string(String(decoding: Base64.encode(png), as: UTF8.self))
            }
            return .object(result)
        }
    }
}
