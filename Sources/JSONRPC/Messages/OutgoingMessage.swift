package import JSON

/// Builds the JSON text of messages the server sends.
package enum OutgoingMessage {
    /// `{"jsonrpc":"2.0","id":…,"result":…}`
    package static func response(id: RequestID?, result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result]
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{…}}` (id null when the request's id could not be read).
    package static func error(id: RequestID?, _ error: ResponseError) -> JSON {
        ["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json]
    }

    /// `{"jsonrpc":"2.0","method":…,"params":…}`
    package static func notification(method: String, params: JSON) -> JSON {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    /// `{"jsonrpc":"2.0","id":…,"method":…,"params":…}` for a request from the server to the client.
    package static func request(id: RequestID, method: String, params: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
    }
}
