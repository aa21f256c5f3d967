package import JSON
package import SkeletonRender

/// Frames written straight into the output buffer: the same bytes as `FrameWire`'s trees encoded by `JSONWriter`,
/// without the tree, and base64 encoded into the buffer in place (its alphabet needs no escape, so it is never
/// scanned for one).
extension FrameWire {
    /// Writes `rects` as `FrameWire.rects(_:)` encodes them.
    package static func writeRects(_ rects: [EncodedRect], into writer: inout JSONWriter) {
        writer.writeByte(UInt8(ascii: "["))
        var first = true
        for encoded in rects {
            if !first { writer.writeByte(UInt8(ascii: ",")) }
            first = false
            writer.writeRaw(Self.xTag)
            writer.writeInt(encoded.rect.x)
            writer.writeRaw(Self.yTag)
            writer.writeInt(encoded.rect.y)
            writer.writeRaw(Self.widthTag)
            writer.writeInt(encoded.rect.width)
            writer.writeRaw(Self.heightTag)
            writer.writeInt(encoded.rect.height)
            writer.writeRaw(Self.encodingTag)
            writer.writeString(encoded.encoding.rawValue)
            if let color = encoded.color {
                writer.writeRaw(Self.colorTag)
                writer.writeString(color.hex)
            } else {
                writer.writeRaw(Self.dataTag)
                writer.reserve(Base64.encodedCount(encoded.data.count) + 2)
                writer.writeRaw { bytes in
                    encoded.data.withUnsafeBytes { Base64.encode($0, into: &bytes) }
                }
                writer.writeByte(UInt8(ascii: "\""))
            }
            writer.writeByte(UInt8(ascii: "}"))
        }
        writer.writeByte(UInt8(ascii: "]"))
    }

    private static let xTag: [UInt8] = Array(#"{"x":"#.utf8)
    private static let yTag: [UInt8] = Array(#","y":"#.utf8)
    private static let widthTag: [UInt8] = Array(#","width":"#.utf8)
    private static let heightTag: [UInt8] = Array(#","height":"#.utf8)
    private static let encodingTag: [UInt8] = Array(#","encoding":"#.utf8)
    private static let colorTag: [UInt8] = Array(#","color":"#.utf8)
    /// The opening quote of the base64 text included.
    private static let dataTag: [UInt8] = Array(#","data":""#.utf8)
}
