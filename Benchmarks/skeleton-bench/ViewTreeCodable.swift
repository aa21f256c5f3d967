import Foundation

/// (b) `JSONDecoder` straight into the same `ViewNode`s (the Codable mirror: known keys typed, every other
/// key kept as a property).
enum CodableViewTree {
    struct Document: Decodable {
        let root: ViewNode
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer, decoder: JSONDecoder) throws -> Int {
        try decoder.decode(Document.self, from: Data(bytes)).root.checksum
    }
}

/// Any member name.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension ViewNode: Decodable {
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        self.init(type: "", id: "", frame: ViewFrame(), children: [], properties: [:])
        for key in c.allKeys {
            switch key.stringValue {
            case "type": type = try c.decode(String.self, forKey: key)
            case "id": id = try c.decode(String.self, forKey: key)
            case "frame":
                guard let frame = ViewFrame(try c.decode([Double].self, forKey: key)) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: c, debugDescription: "frame needs four numbers")
                }
                self.frame = frame
            case "children": children = try c.decode([ViewNode].self, forKey: key)
            default: properties[key.stringValue] = try c.decode(PropertyValue.self, forKey: key)
            }
        }
    }
}

extension PropertyValue: Decodable {
    /// The usual Codable way for a value of any kind: try each kind in turn.
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let d = try? c.decode(Double.self) {
            self = .number(d)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([PropertyValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: PropertyValue].self))
        }
    }
}
