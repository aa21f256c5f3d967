import Foundation

/// The strongest Codable case for ingest: the envelope and params decoded in one pass, params typed per
/// method (as a Codable LSP server with a method registry does), so nothing is decoded generically.
struct TypedCodableMessage: Decodable {
    let message: FoundationMessage?

    enum Key: String, CodingKey { case jsonrpc, id, method, params }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard try c.decode(String.self, forKey: .jsonrpc) == "2.0" else {
            message = nil
            return
        }
        let method = try c.decode(String.self, forKey: .method)
        let params: Any? = try Self.params(method, c)
        switch try c.decodeIfPresent(CodableID.self, forKey: .id) {
        case .none: message = .notification(method: method, params: params)
        case .int(let i): message = .request(id: i, method: method, params: params)
        case .string(let s): message = .request(id: s.utf8.count, method: method, params: params)
        }
    }

    private static func params(_ method: String, _ c: KeyedDecodingContainer<Key>) throws -> Any? {
        switch method {
        case "textDocument/hover", "textDocument/completion", "textDocument/definition":
            return try c.decodeIfPresent(PositionParams.self, forKey: .params)
        case "skeleton/layout": return try c.decodeIfPresent(LayoutParams.self, forKey: .params)
        case "$/cancelRequest": return try c.decodeIfPresent(CancelParams.self, forKey: .params)
        case "textDocument/didSave": return try c.decodeIfPresent(DidSaveParams.self, forKey: .params)
        case "textDocument/didChange": return try c.decodeIfPresent(DidChangeParams.self, forKey: .params)
        default: return try c.decodeIfPresent(CodableJSON.self, forKey: .params)
        }
    }

    struct Document: Decodable {
        let uri: String
        let version: Int?
    }
    struct Position: Decodable {
        let line: Int
        let character: Int
    }
    struct Range: Decodable {
        let start: Position
        let end: Position
    }
    struct Context: Decodable {
        let triggerKind: Int
        let triggerCharacter: String?
    }
    struct PositionParams: Decodable {
        let textDocument: Document
        let position: Position
        let workDoneToken: String?
        let partialResultToken: String?
        let context: Context?
    }
    struct Gradient: Decodable {
        let base: String
        let highlight: String
    }
    struct LayoutParams: Decodable {
        let uri: String
        let frame: [Double]
        let scale: Double
        let animated: Bool
        let gradient: Gradient
    }
    struct CancelParams: Decodable { let id: CodableID }
    struct DidSaveParams: Decodable {
        let textDocument: Document
        let text: String?
    }
    struct Change: Decodable {
        let range: Range?
        let text: String
    }
    struct DidChangeParams: Decodable {
        let textDocument: Document
        let contentChanges: [Change]
    }
}
