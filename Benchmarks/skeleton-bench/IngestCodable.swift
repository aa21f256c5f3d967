import Foundation

/// The JSON-RPC envelope as a Codable struct; params stay a generic JSON value (`CodableJSON`), as in a
/// Codable-based server that decodes params later by method.
struct CodableMessage: Decodable {
    let jsonrpc: String
    let id: CodableID?
    let method: String?
    let params: CodableJSON?

    /// The typed message, or nil when the envelope is not a valid request or notification.
    var typed: FoundationMessage? {
        guard jsonrpc == "2.0", let method else { return nil }
        if let params {
            switch params {
            case .object, .array: break
            default: return nil
            }
        }
        switch id {
        case .none: return .notification(method: method, params: params)
        case .int(let i): return .request(id: i, method: method, params: params)
        case .string(let s): return .request(id: s.utf8.count, method: method, params: params)
        }
    }
}

enum CodableID: Decodable {
    case int(Int)
    case string(String)

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let i = try? c.decode(Int.self) { self = .int(i) } else { self = .string(try c.decode(String.self)) }
    }
}

/// Any JSON value, decoded the usual Codable way: try each kind in turn (containers first, as params are).
indirect enum CodableJSON: Decodable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([CodableJSON])
    case object([String: CodableJSON])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let o = try? c.decode([String: CodableJSON].self) {
            self = .object(o)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let i = try? c.decode(Int.self) {
            self = .int(i)
        } else if let d = try? c.decode(Double.self) {
            self = .double(d)
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else {
            self = .array(try c.decode([CodableJSON].self))
        }
    }
}
