import Foundation

/// The typed message as a Foundation-based server would make it from `JSONSerialization`'s `Any` tree, with
/// the same envelope checks as ours (`jsonrpc` is "2.0", `id` an integer or a string, params a container).
enum FoundationMessage {
    case request(id: Int, method: String, params: Any?)
    case notification(method: String, params: Any?)

    init?(_ object: Any) {
        guard let fields = object as? [String: Any], fields["jsonrpc"] as? String == "2.0",
            let method = fields["method"] as? String
        else { return nil }
        var params: Any?
        if let p = fields["params"] {
            guard p is [String: Any] || p is [Any] else { return nil }
            params = p
        }
        guard let id = fields["id"] else {
            self = .notification(method: method, params: params)
            return
        }
        if let s = id as? String {
            self = .request(id: s.utf8.count, method: method, params: params)
        } else if let i = id as? Int {
            self = .request(id: i, method: method, params: params)
        } else {
            return nil
        }
    }

    var checksum: Int {
        switch self {
        case .request(let id, let method, let params):
            MessageChecksum.combine(kind: 1, id: id, method: method, hasParams: params != nil)
        case .notification(let method, let params):
            MessageChecksum.combine(kind: 2, id: 0, method: method, hasParams: params != nil)
        }
    }
}
