package import JSON

/// A JSON-RPC request id: an integer or a string, echoed back exactly as received.
package enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case string(String)

    package var json: JSON {
        switch self {
        case .int(let i): .int(i)
        case .string(let s): .string(s)
        }
    }

    package var description: String {
        switch self {
        case .int(let i): String(i)
        case .string(let s): "\"\(s)\""
        }
    }
}
