import JSON
import JSONRPC

/// The members every `preview/frame` has, before its encoding's own.
struct FrameHeader: Sendable, Hashable {
    var subscription: String
    var uri: String
    var seq: Int
    var time: Double
    var encoding: PreviewEncoding
}

extension PreviewHub {
    /// The whole `preview/frame` notification, encoded straight into one buffer: the envelope and the header's
    /// members as bytes, then the content's members (pixels with their base64 written in place). A pixel frame's
    /// buffer is allocated once, at its size (`FrameContent.writtenBytesBound`).
    static func frameMessage(_ header: FrameHeader, _ content: FrameContent) -> [UInt8] {
        // Escaped, a string takes at most 6 bytes a UTF-8 byte (`\u00XX`).
        let head = 256 + 6 * (header.subscription.utf8.count + header.uri.utf8.count)
        var writer = MessageEncoder.notificationHead(
            method: "preview/frame", capacity: head + (content.writtenBytesBound ?? 256))
        writer.writeRaw(subscriptionTag)
        writer.writeString(header.subscription)
        writer.writeRaw(uriTag)
        writer.writeString(header.uri)
        writer.writeRaw(seqTag)
        writer.writeInt(header.seq)
        writer.writeRaw(timeTag)
        writer.writeDouble(header.time)
        writer.writeRaw(encodingTag)
        writer.writeString(header.encoding.rawValue)
        content.write(into: &writer)
        writer.writeByte(UInt8(ascii: "}"))
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The same message built as a tree and encoded (the reference `frameMessage` is tested against).
    static func frameMessageTree(_ header: FrameHeader, _ content: FrameContent) -> [UInt8] {
        var params: JSONObject = [
            "subscription": .string(header.subscription),
            "uri": .string(header.uri),
            "seq": .int(header.seq),
            "time": .double(header.time),
            "encoding": .string(header.encoding.rawValue),
        ]
        for (key, value) in content.json { params[key] = value }
        return OutgoingMessage.notification(method: "preview/frame", params: .object(params)).bytes
    }

    private static let subscriptionTag: [UInt8] = Array(#"{"subscription":"#.utf8)
    private static let uriTag: [UInt8] = Array(#","uri":"#.utf8)
    private static let seqTag: [UInt8] = Array(#","seq":"#.utf8)
    private static let timeTag: [UInt8] = Array(#","time":"#.utf8)
    private static let encodingTag: [UInt8] = Array(#","encoding":"#.utf8)
}
