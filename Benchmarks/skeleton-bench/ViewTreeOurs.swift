import JSON

/// (b) "ours": the view-tree document through our JSON layer into the plain Swift tree.
///
/// This file is the swap point for the real decoder. When `SkeletonModel` has its document decoder, add
/// `"SkeletonModel"` to the bench's dependencies and make `decode` call it, e.g.
///
///     import SkeletonModel
///     static func checksum(_ bytes: UnsafeRawBufferPointer) throws -> Int {
///         let tree = try ViewTreeDecoder.decode(bytes)      // whatever SkeletonModel names it
///         return tree.benchChecksum                          // same sum as ViewNode.checksum, over its type
///     }
///
/// and the table then measures the real decoder against the same Foundation contenders.
enum OursViewTree {
    /// Parses and walks the document; returns the tree's checksum.
    static func checksum(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        try decode(bytes).checksum
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> ViewNode {
        let document = try JSONDocument.parse(bytes, limits: .messages)
        return try node(document.value.member("root"))
    }

    static func node(_ value: JSONValue) throws -> ViewNode {
        guard value.kind == .object else { throw value.mismatch("an object") }
        var node = ViewNode(type: "", id: "", frame: ViewFrame(), children: [], properties: [:])
        for (key, member) in value.members {
            switch key {
            case "type": node.type = try member.decodeString()
            case "id": node.id = try member.decodeString()
            case "frame":
                let numbers = try member.decodeArray().map { element throws(JSONDecodingError) in
                    try element.decodeDouble()
                }
                guard let frame = ViewFrame(numbers) else { throw member.mismatch("four numbers") }
                node.frame = frame
            case "children":
                let elements = try member.decodeArray()
                node.children.reserveCapacity(elements.count)
                for element in elements { node.children.append(try self.node(element)) }
            default:
                node.properties[key] = property(member)
            }
        }
        return node
    }

    static func property(_ value: JSONValue) -> PropertyValue {
        switch value.kind {
        case .null: .null
        case .bool: .bool(value.bool ?? false)
        case .integer, .real: .number(value.double ?? 0)
        case .string: .string(value.string ?? "")
        case .array: .array(value.elements.map(property))
        case .object:
            .object(Dictionary(value.members.map { ($0.key, property($0.value)) }, uniquingKeysWith: { a, _ in a }))
        }
    }
}
