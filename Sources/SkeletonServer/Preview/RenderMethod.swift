import JSON
import JSONRPC
import SkeletonGraphics
import SkeletonRender
import SkeletonText

/// `preview/render`: one frame of a document at a time, as raw RGBA, PNG or a CRC-32 checksum.
public enum RenderMethod {
    enum Encoding: String, CaseIterable { case raw, png, crc32 }

    /// `region`: `{x, y, width, height}` in pixels, non-empty and inside `bounds`. Each number is checked against
    /// the frame before any sum is formed, so no client number can overflow.
    static func region(_ value: JSONValue, inside bounds: PixelRect) throws(JSONDecodingError) -> PixelRect {
        try ParamMembers(["x", "y", "width", "height"]).check(value)
        let x = try value.int("x")
        let y = try value.int("y")
        let width = try value.int("width")
        let height = try value.int("height")
        guard x >= 0, y >= 0, width > 0, height > 0, x < bounds.width, y < bounds.height,
            width <= bounds.width - x, height <= bounds.height - y
        else {
            throw JSONDecodingError(
                at: value, "must be a non-empty rectangle inside the \(bounds.width)×\(bounds.height) frame")
        }
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// Registers `preview/render`.
    public static func register(in table: inout MethodTable, provider: any DisplayListProvider, clock: SessionClock) {
        table.request("preview/render", members: ["uri", "scene", "time", "scale", "encoding", "region", "outlines"]) {
            context in
            let params = try context.paramsObject()
            let (uri, uriValue) = try DocumentTarget.uri(in: params)
            let time = try clock.time(from: params)
            let scale = try PreviewHub.number(params, "scale", default: 1, in: RenderLimits.scaleRange)
            let encoding = try params.member("encoding").decodeEnum(Encoding.self)
            let scene = try params.optionalString("scene")
            let outlines = try params.optionalBool("outlines") ?? false
            guard let source = provider.source(for: uri, scene: scene) else {
                throw provider.missingSource(params, uri: uri, uriValue: uriValue)
            }
            guard let list = source.displayList(at: time, outlines: outlines) else {
                throw ResponseError(.requestFailed, "\(uri) has no valid tree to render yet: see its diagnostics")
            }
            var rasterizer = Rasterizer()
            // A `$/cancelRequest` reaches text layout and drawing: the rest of the frame is not drawn, and the
            // check below answers -32800.
            let cancellation = context.cancellation
            rasterizer.stop = StopSignal { cancellation.isCancelled }
            let frame: Frame
            do { frame = try rasterizer.render(list, scale: scale) } catch let error as RenderError {
                throw JSONDecodingError(
                    pointer: params.pointerFromRoot.appending(error.field), message: error.description)
            }
            try context.cancellation.check()
            var region = frame.bounds
            if let value = params.optionalMember("region") {
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
