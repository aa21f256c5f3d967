package import JSON

/// Something read from the input: a decoded payload, or an error to answer with id null.
package enum IncomingEvent: Sendable {
    case payload(IncomingPayload)
    /// A framing or parse failure. The message's id could not be read, so the answer's id is null.
    case failure(ResponseError)
}

/// Bytes in, typed messages out: framing, then jansson on the exact body bytes, then the JSON-RPC envelope.
/// Used by the connection's reader and by the ingest benchmark, so both measure the same path.
package struct IncomingStream {
    private var framer: any Framer
    /// Limits applied to every body.
    package let limits: JSONLimits

    package init(mode: FramingMode, limits: JSONLimits = .messages) {
        switch mode {
        case .lsp: framer = ContentLengthFramer(maxMessageSize: limits.maxBytes)
        case .jsonl: framer = LineFramer(maxMessageSize: limits.maxBytes)
        }
        self.limits = limits
    }

    /// Bytes buffered while a message is incomplete.
    package var bufferedByteCount: Int { framer.bufferedByteCount }

    package mutating func feed(_ bytes: UnsafeRawBufferPointer, _ deliver: (IncomingEvent) -> Void) {
        let limits = limits
        framer.feed(bytes) { Self.decode($0, limits: limits, deliver) }
    }

    package mutating func finish(_ deliver: (IncomingEvent) -> Void) {
        let limits = limits
        framer.finish { Self.decode($0, limits: limits, deliver) }
    }

    private static func decode(_ event: FramerEvent, limits: JSONLimits, _ deliver: (IncomingEvent) -> Void) {
        switch event {
        case .error(let error):
            deliver(.failure(responseError(for: error)))
        case .message(let body):
            if let count = BatchLimit.elementCount(in: body, upTo: BatchLimit.maxElements),
                count > BatchLimit.maxElements
            {
                return deliver(
                    .failure(
                        ResponseError(
                            .invalidRequest,
                            "a batch of more than \(BatchLimit.maxElements) elements: send at most "
                                + "\(BatchLimit.maxElements) messages in one batch")))
            }
            do {
                let document = try JSONDocument.parse(body, limits: limits)
                deliver(.payload(IncomingPayload(document.value)))
            } catch {
                deliver(.failure(responseError(for: error)))
            }
        }
    }

    /// -32600 for refused sizes, -32700 for everything that cannot be read.
    package static func responseError(for error: FramingError) -> ResponseError {
        switch error.kind {
        case .messageTooLarge: ResponseError(.invalidRequest, error.message)
        default: ResponseError(.parseError, "Parse error: \(error.message)")
        }
    }

    /// -32700 with jansson's position for syntax errors; -32600 for limits.
    package static func responseError(for error: JSONParseError) -> ResponseError {
        let data: JSON? =
            error.line > 0
            ? ["line": .int(error.line), "column": .int(error.column), "position": .int(error.position)]
            : nil
        switch error.reason {
        case .syntax: return ResponseError(.parseError, "Parse error: \(error.description)", data: data)
        case .tooLarge, .tooDeep, .tooManyValues: return ResponseError(.invalidRequest, error.description, data: data)
        }
    }
}
