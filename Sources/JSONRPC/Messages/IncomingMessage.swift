package import JSON

/// One decoded JSON-RPC 2.0 message from the client.
package enum IncomingMessage: Sendable {
    /// A request: answer it exactly once.
    case request(id: RequestID, method: String, params: JSONValue?)
    /// A notification: never answered.
    case notification(method: String, params: JSONValue?)
    /// A response to a request the server sent.
    case response(id: RequestID?, result: JSONValue?, error: JSONValue?)
}

/// A message that could not be decoded, with the id to answer it with (if one could be read).
package struct InvalidMessage: Error, Sendable {
    package var id: RequestID?
    package var error: ResponseError
}

/// What one parsed body holds: a single message, or a batch (JSON-RPC 2.0 §6).
package enum IncomingPayload: Sendable {
    case single(Result<IncomingMessage, InvalidMessage>)
    /// The elements of a non-empty batch array, each decoded on its own as a message of its own (`asDocument`: the
    /// pointers of its errors start at it).
    case batch([Result<IncomingMessage, InvalidMessage>])
}

extension IncomingPayload {
    /// Decodes a parsed body. An empty batch array is one invalid request.
    package init(_ value: JSONValue) {
        if value.kind == .array {
            let elements = value.elements
            if elements.isEmpty {
                self = .single(
                    .failure(
                        InvalidMessage(
                            id: nil,
                            error: ResponseError(
                                .invalidRequest, "empty batch: a batch array needs at least one message"))))
            } else {
                self = .batch(elements.map { IncomingMessage.decode($0.asDocument) })
            }
        } else {
            self = .single(IncomingMessage.decode(value))
        }
    }
}

extension IncomingMessage {
    /// Decodes one message object, checking the envelope exactly: `jsonrpc` is `"2.0"`, `id` is an integer or a
    /// string, `method` is a string, `params` is an object or an array.
    package static func decode(_ value: JSONValue) -> Result<IncomingMessage, InvalidMessage> {
        guard value.kind == .object else {
            return .failure(invalid(nil, "a JSON-RPC message must be an object, not \(value.kind)"))
        }
        // The members in one pass over the object (keys compared as bytes; jansson refuses duplicates).
        let envelope = Envelope(value)
        // Read the id first, so that any later error can be answered with it.
        var id: RequestID?
        let idValue = envelope.id
        if let idValue {
            switch idValue.kind {
            case .integer: id = .int(idValue.int ?? 0)
            case .string: id = .string(idValue.string ?? "")
            case .null: id = nil
            default:
                return .failure(invalid(nil, "\"id\" must be an integer or a string, not \(idValue.kind)"))
            }
        }
        guard let version = envelope.jsonrpc else {
            return .failure(invalid(id, "\"jsonrpc\" is required and must be \"2.0\""))
        }
        guard version.isString("2.0") else {
            return .failure(invalid(id, "\"jsonrpc\" must be \"2.0\""))
        }
        if let methodValue = envelope.method {
            guard let method = methodValue.string else {
                return .failure(invalid(id, "\"method\" must be a string, not \(methodValue.kind)"))
            }
            var params: JSONValue?
            if let p = envelope.params {
                switch p.kind {
                case .object, .array: params = p
                // JSON-RPC 2.0 §4.2 allows a structured value or no member; LSP clients (eglot's `shutdown` and
                // `exit`, among others) send `null` for "no params", and LSP servers read it so: so do we.
                case .null: params = nil
                default:
                    return .failure(invalid(id, "\"params\" must be an object or an array, not \(p.kind)"))
                }
            }
            if let idValue {
                guard let id else { return .failure(invalid(nil, "a request \"id\" must not be null")) }
                _ = idValue
                return .success(.request(id: id, method: method, params: params))
            }
            return .success(.notification(method: method, params: params))
        }
        let result = envelope.result
        let error = envelope.error
        if idValue != nil, (result == nil) != (error == nil) {
            return .success(.response(id: id, result: result, error: error))
        }
        return .failure(
            invalid(
                id,
                "a message needs \"method\" (request or notification) or exactly one of \"result\" and \"error\" with an \"id\" (response)"
            ))
    }

    private static func invalid(_ id: RequestID?, _ message: String) -> InvalidMessage {
        InvalidMessage(id: id, error: ResponseError(.invalidRequest, message))
    }

    package var method: String? {
        switch self {
        case .request(_, let method, _), .notification(let method, _): method
        case .response: nil
        }
    }
}

/// The members of a message object that JSON-RPC gives a meaning to, read in one pass.
private struct Envelope {
    var id: JSONValue?
    var jsonrpc: JSONValue?
    var method: JSONValue?
    var params: JSONValue?
    var result: JSONValue?
    var error: JSONValue?

    init(_ object: JSONValue) {
        object.forEachMember { key, value in
            switch key.count {
            case 2 where Self.equal(key, "id"): id = value
            case 5 where Self.equal(key, "error"): error = value
            case 6 where Self.equal(key, "method"): method = value
            case 6 where Self.equal(key, "params"): params = value
            case 6 where Self.equal(key, "result"): result = value
            case 7 where Self.equal(key, "jsonrpc"): jsonrpc = value
            default: break
            }
        }
    }

    /// Whether `key` is `name`, byte for byte (the caller has matched the count).
    @inline(__always)
    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        let bytes = name.utf8Start
        for i in 0..<key.count where key[i] != bytes[i] { return false }
        return true
    }
}
