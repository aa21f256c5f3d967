/// A framing problem: the bytes on the wire are not a well-formed message envelope.
///
/// Every framing error is answered with a JSON-RPC error (-32700 or -32600, id null) and the framer resumes at
/// the next message it can find, so one bad message never stops the stream.
package struct FramingError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        /// A header line without a colon, or a header block longer than the limit.
        case malformedHeader
        /// A header block that ended without a `Content-Length` header.
        case missingContentLength
        /// A `Content-Length` that is not a non-negative decimal integer.
        case invalidContentLength
        /// A `Content-Length` (or a jsonl line) over the maximum message size; the body is skipped unread.
        case messageTooLarge
        /// A `Content-Type` whose charset is not UTF-8.
        case unsupportedCharset
        /// The input ended inside a header block or a body.
        case truncated
    }

    package var kind: Kind
    package var message: String

    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }
}

/// What a framer hands back for each input chunk.
package enum FramerEvent {
    /// A complete message body. The bytes are valid only during the callback (zero copy).
    case message(UnsafeRawBufferPointer)
    /// A framing error; the framer has already moved past the bad input.
    case error(FramingError)
}

/// Splits a byte stream into message bodies.
package protocol Framer {
    /// Consumes `bytes` (any amount: a byte, several messages, a part of one) and reports every complete
    /// message and every framing error, in stream order.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (FramerEvent) -> Void)
    /// Reports what the end of input leaves unfinished.
    mutating func finish(_ emit: (FramerEvent) -> Void)
    /// Bytes held while waiting for the rest of a message.
    var bufferedByteCount: Int { get }
}

/// How messages are delimited on the wire.
package enum FramingMode: String, Sendable, CaseIterable {
    /// LSP base protocol: `Content-Length` headers.
    case lsp
    /// One JSON value per line (`--jsonl`).
    case jsonl
}
