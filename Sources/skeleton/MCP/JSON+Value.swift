import JSON
import MCP

extension Value {
    /// The daemon's JSON as an MCP value (structured tool results); already-encoded text is decoded first.
    init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(Value.init))
        case .object(let members): self = .object(Dictionary(members.map { ($0.key, Value($0.value)) }) { $1 })
        case .encoded:
            let parsed = json.bytes.withUnsafeBytes { raw -> JSON? in
                do { return try JSONDocument.parse(raw).value.json } catch { return nil }
            }
            self = parsed.map(Value.init) ?? .null
        }
    }
}
