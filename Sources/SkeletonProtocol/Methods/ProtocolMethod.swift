package import JSON

/// A method of the protocol: its name and its params type (sourcekit-lsp's `MessageType`).
package protocol ProtocolMethod {
    associatedtype Params: ProtocolObject
    /// The name on the wire.
    static var method: String { get }
}

/// A request: its params and its result.
package protocol RequestMethod: ProtocolMethod {
    associatedtype Result: ProtocolResult
}

/// A notification: params, no answer.
package protocol NotificationMethod: ProtocolMethod {}

/// Params about one open document: which member names it decides the lane the method runs on (serial per
/// document), read from the params alone before they are decoded (decoding runs on that lane, in parallel across
/// documents).
package protocol DocumentParams: ProtocolObject {
    /// Where the document's uri is.
    static var document: DocumentMember { get }
}

/// Where params name their document.
package enum DocumentMember: Sendable {
    /// `params.textDocument.uri` (LSP's methods).
    case textDocument
    /// `params.uri` (the daemon's own).
    case uri

    /// The uri in `params`, when it is there and a string (a missing or bad one is the decoder's error, on the
    /// lane of requests that name no document).
    package func uri(in params: JSONValue?) -> String? {
        switch self {
        case .textDocument: params?["textDocument"]?["uri"]?.string
        case .uri: params?["uri"]?.string
        }
    }
}

/// A request's result as its handler gives it: a typed value that writes itself, a tree to encode, or text already
/// encoded (an answer whose shape is fixed, written straight with a `JSONWriter`; one kept encoded, such as an
/// outline per text version).
package enum Reply: Sendable {
    case written(any ResultValue)
    case json(JSON)
    case encoded(EncodedJSON)
}

/// A result type: how it goes on the wire.
package protocol ProtocolResult: Sendable {
    var reply: Reply { get }
}

extension JSON {
    /// LSP's result shapes built by a feature (hover, symbols, code actions), as JSON.
    package var reply: Reply { .json(self) }
}

extension EncodedJSON: ProtocolResult {
    package var reply: Reply { .encoded(self) }
}
