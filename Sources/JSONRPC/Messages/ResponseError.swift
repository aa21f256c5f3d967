package import JSON

/// JSON-RPC 2.0 and LSP error codes used by skeletond.
package enum ErrorCode: Int, Sendable, Hashable, CaseIterable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// LSP: a request arrived before `initialize`.
    case serverNotInitialized = -32002
    case unknownErrorCode = -32001
    /// LSP: the request failed although its parameters were valid.
    case requestFailed = -32803
    case serverCancelled = -32802
    case contentModified = -32801
    /// LSP: the client cancelled the request with `$/cancelRequest`.
    case requestCancelled = -32800
}

/// The `error` member of a response.
package struct ResponseError: Error, Sendable, Hashable, CustomStringConvertible {
    package var code: Int
    package var message: String
    package var data: JSON?

    package init(code: Int, message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    package init(_ code: ErrorCode, _ message: String, data: JSON? = nil) {
        self.init(code: code.rawValue, message: message, data: data)
    }

    package static func invalidParams(_ message: String, pointer: JSONPointer? = nil) -> ResponseError {
        ResponseError(.invalidParams, message, data: pointer.map { ["pointer": .string($0.description)] })
    }

    /// -32602 for a params decoding error, naming the JSON Pointer of the bad value.
    package static func invalidParams(_ error: JSONDecodingError) -> ResponseError {
        invalidParams(error.description, pointer: error.pointer)
    }

    package var json: JSON {
        var object: JSONObject = ["code": .int(code), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    package var description: String { "\(code) \(message)" }
}
