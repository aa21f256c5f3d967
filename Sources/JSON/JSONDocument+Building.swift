internal import CJSONArena
internal import CJansson

extension JSONDocument {
    /// `json` as a document built in memory with jansson's constructors, into an arena of its own: the tree that
    /// parsing `json.bytes` gives (the same kinds, numbers as `JSONWriter` writes them: a Double with an integral value
    /// below 2^53 is an integer, a non-finite one null), without writing or parsing any text.
    ///
    /// The limits are the parse's: nesting beyond `limits.maxDepth` and more than `limits.maxValues` values and member
    /// names (objects and arrays counting `StructureScan.containerWeight`) are refused with the parse's reasons and
    /// messages, at no position (there is no text). `limits.maxBytes` bounds a text and does not apply: `maxValues`
    /// bounds the tree's memory.
    package static func build(_ json: JSON, limits: JSONLimits = .messages) throws(JSONParseError) -> JSONDocument {
        guard let arena = skd_arena_create() else { throw TreeBuilder.outOfMemory }
        let previous = skd_arena_use(arena)
        var builder = TreeBuilder(limits: limits)
        let root: UnsafeMutablePointer<json_t>
        do {
            root = try builder.value(json, depth: 0)
        } catch {
            _ = skd_arena_use(previous)
            skd_arena_destroy(arena)
            throw error
        }
        _ = skd_arena_use(previous)
        return JSONDocument(arena: arena, root: root)
    }
}

/// Builds one tree with jansson's constructors (into the arena in use), counting values against the limits. Nothing
/// built is freed on failure: the caller destroys the arena.
private struct TreeBuilder {
    let limits: JSONLimits
    var values = 0

    init(limits: JSONLimits) { self.limits = limits }

    static let outOfMemory = JSONParseError(reason: .syntax, message: "out of memory", line: 0, column: 0, position: 0)

    /// Counts `weight` units, refusing the one past `limits.maxValues`.
    mutating func count(_ weight: Int) throws(JSONParseError) {
        values += weight
        guard values <= limits.maxValues else {
            throw JSONParseError(
                reason: .tooManyValues(limit: limits.maxValues),
                message:
                    "text holds more than \(limits.maxValues) values and member names (objects and arrays count "
                    + "\(StructureScan.containerWeight)), over the limit",
                line: 0, column: 0, position: 0)
        }
    }

    /// `json` at nesting level `depth` (a container at top level opens level 1).
    mutating func value(_ json: JSON, depth: Int) throws(JSONParseError) -> UnsafeMutablePointer<json_t> {
        if case .encoded(let text) = json {
            // Text already written: its value, read as any text is (a `JSON` tree never holds one it builds itself).
            let parsed = try JSONDocument.parse(text.bytes, limits: limits)
            return try value(parsed.value.json, depth: depth)
        }
        switch json {
        case .array, .object:
            try count(StructureScan.containerWeight)
            guard depth < limits.maxDepth else {
                throw JSONParseError(
                    reason: .tooDeep(limit: limits.maxDepth),
                    message: "nesting deeper than the limit of \(limits.maxDepth)", line: 0, column: 0, position: 0)
            }
        default: try count(1)
        }
        let built: UnsafeMutablePointer<json_t>?
        switch json {
        case .null: built = json_null()
        case .bool(let b): built = b ? json_true() : json_false()
        case .int(let i): built = json_integer(json_int_t(i))
        case .double(let d):
            if let i = JSON.exactInteger(d) {
                built = json_integer(json_int_t(i))
            } else {
                built = d.isFinite ? json_real(d) : json_null()
            }
        case .string(var s): built = s.withUTF8 { Self.string($0) }
        case .array(let elements):
            guard let array = json_array() else { throw Self.outOfMemory }
            for element in elements {
                guard json_array_append_new(array, try value(element, depth: depth + 1)) == 0 else {
                    throw Self.outOfMemory
                }
            }
            built = array
        case .object(let members):
            guard let object = json_object() else { throw Self.outOfMemory }
            for (key, member) in members {
                try count(1)
                var key = key
                let child = try value(member, depth: depth + 1)
                let added = key.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) {
                        json_object_setn_new_nocheck(object, $0.baseAddress, $0.count, child)
                    }
                }
                guard added == 0 else { throw Self.outOfMemory }
            }
            built = object
        case .encoded: built = nil  // read above
        }
        guard let built else { throw Self.outOfMemory }
        return built
    }

    /// A string of `utf8` (valid UTF-8, as Swift's strings are; NUL allowed).
    private static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<json_t>? {
        utf8.withMemoryRebound(to: CChar.self) { chars in
            withUnsafePointer(to: CChar(0)) { empty in json_stringn_nocheck(chars.baseAddress ?? empty, chars.count) }
        }
    }
}
