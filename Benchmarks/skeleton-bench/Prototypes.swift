import CJSONArena
import CJansson
import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// "proto" rows: the same jobs as ours, on the same jansson and arena, with the overheads of our Swift layer
/// removed, to measure what changes to Sources/JSON and Sources/JSONRPC could gain (see Benchmarks.md):
/// - a quick depth check (count `[` and `{`; the exact scan only when the count exceeds the limit);
/// - one pass over an object's members with byte-compared keys, instead of one hashed lookup (and one
///   retained `JSONValue`) per member name;
/// - no `JSONValue` (no retain/release of the document per value, no `members` arrays).
enum Prototypes {
    static let maxDepth = 512

    /// The owner of one parse, as `JSONDocument` is.
    final class Parsed {
        let arena: OpaquePointer
        let root: UnsafeMutablePointer<json_t>
        init(arena: OpaquePointer, root: UnsafeMutablePointer<json_t>) {
            self.arena = arena
            self.root = root
        }
        deinit { skd_arena_destroy(arena) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Parsed? {
        guard bracketCount(bytes) <= maxDepth || exactDepth(bytes) <= maxDepth,
            let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
            let arena = skd_arena_create()
        else { return nil }
        var error = json_error_t()
        let flags = size_t(JSON_DECODE_ANY) | size_t(JSON_REJECT_DUPLICATES) | size_t(JSON_ALLOW_NUL)
        guard let root = skd_parse(base, bytes.count, flags, &error, arena) else {
            skd_arena_destroy(arena)
            return nil
        }
        return Parsed(arena: arena, root: root)
    }

    /// An upper bound of the nesting depth, in a loop the compiler vectorizes.
    static func bracketCount(_ bytes: UnsafeRawBufferPointer) -> Int {
        var n = 0
        for b in bytes { n &+= (b | 0x20) == 0x7B ? 1 : 0 }  // `[` | 0x20 == `{`
        return n
    }

    /// The exact nesting depth, outside strings (as `StructureScan` computes it).
    static func exactDepth(_ bytes: UnsafeRawBufferPointer) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for c in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if c == 0x5C {
                    escaped = true
                } else if c == 0x22 {
                    inString = false
                }
                continue
            }
            switch c {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                depth += 1
                deepest = max(deepest, depth)
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return deepest
    }

    // MARK: Ingest

    static func ingest(_ stream: [UInt8]) -> Int {
        ReferenceParsers.framed(stream) { body in
            guard let parsed = parse(body), parsed.root.pointee.type == JSON_OBJECT else {
                return MessageChecksum.invalid
            }
            return envelope(parsed.root) ?? MessageChecksum.invalid
        }
    }

    /// The envelope in one pass over the members.
    static func envelope(_ object: UnsafeMutablePointer<json_t>) -> Int? {
        var version = false
        var method: String?
        var id: Int?
        var hasParams = false
        var iterator = json_object_iter(object)
        while let it = iterator {
            guard let key = json_object_iter_key(it), let value = json_object_iter_value(it) else { return nil }
            let length = json_object_iter_key_len(it)
            switch length {
            case 7 where memcmp(key, "jsonrpc", 7) == 0:
                version =
                    value.pointee.type == JSON_STRING && json_string_length(value) == 3
                    && memcmp(json_string_value(value), "2.0", 3) == 0
            case 2 where memcmp(key, "id", 2) == 0:
                switch value.pointee.type {
                case JSON_INTEGER: id = Int(json_integer_value(value))
                case JSON_STRING: id = string(value).utf8.count
                default: return nil
                }
            case 6 where memcmp(key, "method", 6) == 0:
                guard value.pointee.type == JSON_STRING else { return nil }
                method = string(value)
            case 6 where memcmp(key, "params", 6) == 0:
                guard value.pointee.type == JSON_OBJECT || value.pointee.type == JSON_ARRAY else { return nil }
                hasParams = true
            default: break
            }
            iterator = json_object_iter_next(object, it)
        }
        guard version, let method else { return nil }
        if let id { return MessageChecksum.combine(kind: 1, id: id, method: method, hasParams: hasParams) }
        return MessageChecksum.combine(kind: 2, id: 0, method: method, hasParams: hasParams)
    }

    static func string(_ value: UnsafeMutablePointer<json_t>) -> String {
        guard let chars = json_string_value(value) else { return "" }
        let length = json_string_length(value)
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    // MARK: View tree

    static func viewTree(_ bytes: UnsafeRawBufferPointer) throws -> Int {
        guard let parsed = parse(bytes), let root = json_object_get(parsed.root, "root") else {
            throw BenchError("proto: no root")
        }
        return try node(root).checksum
    }

    static func node(_ object: UnsafeMutablePointer<json_t>) throws -> ViewNode {
        guard object.pointee.type == JSON_OBJECT else { throw BenchError("proto: a node is not an object") }
        var node = ViewNode(type: "", id: "", frame: ViewFrame(), children: [], properties: [:])
        var iterator = json_object_iter(object)
        while let it = iterator {
            guard let key = json_object_iter_key(it), let value = json_object_iter_value(it) else { break }
            let length = json_object_iter_key_len(it)
            if length == 4, memcmp(key, "type", 4) == 0 {
                node.type = string(value)
            } else if length == 2, memcmp(key, "id", 2) == 0 {
                node.id = string(value)
            } else if length == 5, memcmp(key, "frame", 5) == 0 {
                guard value.pointee.type == JSON_ARRAY, json_array_size(value) == 4 else {
                    throw BenchError("proto: frame")
                }
                var numbers = [Double]()
                numbers.reserveCapacity(4)
                for i in 0..<4 { numbers.append(number(json_array_get(value, i)) ?? 0) }
                node.frame = ViewFrame(numbers) ?? ViewFrame()
            } else if length == 8, memcmp(key, "children", 8) == 0 {
                let count = json_array_size(value)
                node.children.reserveCapacity(count)
                for i in 0..<count {
                    guard let child = json_array_get(value, i) else { continue }
                    node.children.append(try self.node(child))
                }
            } else {
                let name = key.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
                node.properties[name] = property(value)
            }
            iterator = json_object_iter_next(object, it)
        }
        return node
    }

    static func number(_ value: UnsafeMutablePointer<json_t>?) -> Double? {
        guard let value else { return nil }
        switch value.pointee.type {
        case JSON_INTEGER: return Double(json_integer_value(value))
        case JSON_REAL: return json_real_value(value)
        default: return nil
        }
    }

    static func property(_ value: UnsafeMutablePointer<json_t>) -> PropertyValue {
        switch value.pointee.type {
        case JSON_TRUE: return .bool(true)
        case JSON_FALSE: return .bool(false)
        case JSON_INTEGER, JSON_REAL: return .number(number(value) ?? 0)
        case JSON_STRING: return .string(string(value))
        case JSON_ARRAY:
            var elements: [PropertyValue] = []
            for i in 0..<json_array_size(value) {
                if let element = json_array_get(value, i) { elements.append(property(element)) }
            }
            return .array(elements)
        case JSON_OBJECT:
            var members: [String: PropertyValue] = [:]
            var iterator = json_object_iter(value)
            while let it = iterator {
                if let key = json_object_iter_key(it), let member = json_object_iter_value(it) {
                    let length = json_object_iter_key_len(it)
                    let name = key.withMemoryRebound(to: UInt8.self, capacity: length) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                    }
                    members[name] = property(member)
                }
                iterator = json_object_iter_next(value, it)
            }
            return .object(members)
        default: return .null
        }
    }
}
