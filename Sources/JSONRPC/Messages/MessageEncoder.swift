package import JSON

/// The messages the server writes, encoded straight into one buffer: the envelope is written as bytes around the
/// id, the result or the error, with no `JSON` tree built for it.
///
/// The bytes are exactly those of `OutgoingMessage`'s trees encoded by `JSONWriter` (the tests compare both for
/// every kind of id and every error code): members in the order `jsonrpc`, `id`, `result` | `error` (`code`,
/// `message`, `data`), or `jsonrpc`, `method`, `params`.
package enum MessageEncoder {
    /// `{"jsonrpc":"2.0","id":…,"result":…}`
    package static func response(id: RequestID?, result: JSON) -> [UInt8] {
        var writer = responseHead(id: id)
        writer.write(result)
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// `{"jsonrpc":"2.0","id":…,"result":…}` with the result written by `write` (a typed result, no tree).
    package static func response(id: RequestID?, writing write: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = responseHead(id: id)
        write(&writer)
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// `{"jsonrpc":"2.0","id":…,"result":…}` around a result that is already encoded.
    package static func response(id: RequestID?, encodedResult: EncodedJSON) -> [UInt8] {
        var writer = responseHead(id: id, extra: encodedResult.bytes.count)
        writer.writeRaw(encodedResult.bytes)
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// What goes before and after an already encoded result in its response: `response(id:encodedResult:)` is
    /// `head + result + tail`. For a big result written beside them (`Outbox.send(head:shared:tail:)`), not copied.
    package static func responseParts(id: RequestID?) -> (head: [UInt8], tail: [UInt8]) {
        (responseHead(id: id).bytes, [UInt8(ascii: "}")])
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":…}}` (id null when the request's id could not
    /// be read; no `data` when the error has none). The constant part up to the message is preformatted per code.
    package static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
        var writer = JSONWriter(capacity: Self.errorCapacity + error.message.utf8.count + id.capacity)
        writer.writeRaw(Self.head)
        writeID(id, into: &writer)
        writer.writeRaw(PreformattedError.head(code: error.code))
        writer.writeString(error.message)
        if let data = error.data {
            writer.writeRaw(Self.dataTag)
            writer.write(data)
        }
        writer.writeByte(UInt8(ascii: "}"))
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// The -32601 answer `unknown method "NAME"`, its constant parts preformatted and only the id and the method's
    /// name spliced in (escaped): the same bytes as `error(id:_:)` of that error, without building its message.
    package static func methodNotFound(id: RequestID?, method: String) -> [UInt8] {
        var method = method
        return method.withUTF8 { name in
            var writer = JSONWriter(capacity: Self.errorCapacity + 24 + name.count + id.capacity)
            writer.writeRaw(Self.head)
            writeID(id, into: &writer)
            writer.writeRaw(Self.unknownMethodHead)
            writer.writeEscaped(name)
            writer.writeRaw(Self.unknownMethodTail)
            return writer.bytes
        }
    }

    /// `{"jsonrpc":"2.0","method":…,"params":…}`
    package static func notification(method: String, params: JSON) -> [UInt8] {
        var writer = notificationHead(method: method)
        writer.write(params)
        writer.writeByte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// `{"jsonrpc":"2.0","method":…,"params":` — the caller writes the params value and the closing `}`.
    package static func notificationHead(method: String, capacity: Int = 256) -> JSONWriter {
        var writer = JSONWriter(capacity: capacity)
        writer.writeRaw(Self.notificationStart)
        writer.writeString(method)
        writer.writeRaw(Self.paramsTag)
        return writer
    }

    /// Writes an id as `OutgoingMessage` does: an integer, an escaped string, or `null`.
    package static func writeID(_ id: RequestID?, into writer: inout JSONWriter) {
        switch id {
        case .int(let i): writer.writeInt(i)
        case .string(let s): writer.writeString(s)
        case nil: writer.writeRaw(Self.null)
        }
    }

    private static func responseHead(id: RequestID?, extra: Int = 0) -> JSONWriter {
        var writer = JSONWriter(capacity: 64 + extra + id.capacity)
        writer.writeRaw(Self.head)
        writeID(id, into: &writer)
        writer.writeRaw(Self.resultTag)
        return writer
    }

    /// The bytes of an error answer besides its message and id, with room to spare.
    private static let errorCapacity = 96
    private static let head: [UInt8] = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    /// `,"error":{"code":-32601,"message":"unknown method \"` and `\""}}`: the name goes between.
    private static let unknownMethodHead: [UInt8] =
        PreformattedError.head(code: ErrorCode.methodNotFound.rawValue) + Array(#""unknown method \""#.utf8)
    private static let unknownMethodTail: [UInt8] = Array(#"\""}}"#.utf8)
    private static let resultTag: [UInt8] = Array(#","result":"#.utf8)
    private static let dataTag: [UInt8] = Array(#","data":"#.utf8)
    private static let notificationStart: [UInt8] = Array(#"{"jsonrpc":"2.0","method":"#.utf8)
    private static let paramsTag: [UInt8] = Array(#","params":"#.utf8)
    private static let null: [UInt8] = Array("null".utf8)
}

/// The constant bytes of each standard error between the id and the message: `,"error":{"code":N,"message":`.
enum PreformattedError {
    /// The bytes for `code`: precomputed for every `ErrorCode`, written on the spot for other codes.
    static func head(code: Int) -> [UInt8] {
        for entry in heads where entry.code == code { return entry.bytes }
        return make(code)
    }

    private static let heads: [(code: Int, bytes: [UInt8])] = ErrorCode.allCases.map {
        ($0.rawValue, make($0.rawValue))
    }

    private static func make(_ code: Int) -> [UInt8] {
        var writer = JSONWriter(capacity: 40)
        writer.writeRaw(#","error":{"code":"#)
        writer.writeInt(code)
        writer.writeRaw(#","message":"#)
        return writer.bytes
    }
}

extension RequestID? {
    /// About the bytes the id takes when written (a string's escapes aside).
    fileprivate var capacity: Int {
        switch self {
        case .string(let s): s.utf8.count + 2
        case .int, nil: 20
        }
    }
}
