import Foundation

/// (b) `JSONSerialization`, then a walk of its `Any` tree into the same `ViewNode`s.
enum FoundationViewTree {
    static func checksum(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        guard let root = (object as? [String: Any])?["root"] else { throw BenchError("JSONSerialization: no root") }
        return try node(root).checksum
    }

    static func node(_ object: Any) throws -> ViewNode {
        guard let fields = object as? [String: Any] else {
            throw BenchError("JSONSerialization: a node is not an object")
        }
        var node = ViewNode(type: "", id: "", frame: ViewFrame(), children: [], properties: [:])
        for (key, member) in fields {
            switch key {
            case "type": node.type = try string(member)
            case "id": node.id = try string(member)
            case "frame":
                guard let numbers = (member as? [Any])?.compactMap(number), let frame = ViewFrame(numbers) else {
                    throw BenchError("JSONSerialization: bad frame")
                }
                node.frame = frame
            case "children":
                guard let elements = member as? [Any] else { throw BenchError("JSONSerialization: bad children") }
                node.children.reserveCapacity(elements.count)
                for element in elements { node.children.append(try self.node(element)) }
            default:
                node.properties[key] = property(member)
            }
        }
        return node
    }

    private static func string(_ value: Any) throws -> String {
        guard let s = value as? String else { throw BenchError("JSONSerialization: expected a string") }
        return s
    }

    /// Numbers and booleans both arrive as NSNumber; tell them apart as a real decoder must.
    private static func number(_ value: Any) -> Double? {
        guard let n = value as? NSNumber, !isBool(n) else { return nil }
        return n.doubleValue
    }

    private static func isBool(_ n: NSNumber) -> Bool {
        let type = String(cString: n.objCType)
        return type == "c" || type == "B"
    }

    static func property(_ value: Any) -> PropertyValue {
        switch value {
        case is NSNull: return .null
        case let s as String: return .string(s)
        case let n as NSNumber: return isBool(n) ? .bool(n.boolValue) : .number(n.doubleValue)
        case let a as [Any]: return .array(a.map(property))
        case let o as [String: Any]: return .object(o.mapValues(property))
        default: return .null
        }
    }
}
