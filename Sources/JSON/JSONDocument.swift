internal import CJSONArena
internal import CJansson

/// Explicit limits on what a parse accepts. Checked before jansson allocates anything.
public struct JSONLimits: Sendable, Hashable {
    /// The largest text accepted, in bytes.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects accepted (a scalar at top level is depth 0, `[]` is 1).
    public var maxDepth: Int

    public init(maxBytes: Int = 64 << 20, maxDepth: Int = 512) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// Limits for protocol messages: 64 MiB and 512 levels.
    public static let messages = JSONLimits()
}

/// Why a text is not accepted as JSON.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// jansson rejected the text (syntax, invalid UTF-8, number overflow, duplicate key).
        case syntax
        /// The text is longer than `JSONLimits.maxBytes`.
        case tooLarge(limit: Int)
        /// The text nests deeper than `JSONLimits.maxDepth`.
        case tooDeep(limit: Int)
    }

    public var reason: Reason
    /// What went wrong, in words (jansson's text for syntax errors).
    public var message: String
    /// 1-based line of the error, as jansson counts it (0 when unknown).
    public var line: Int
    /// 1-based column of the error in the line, in Unicode scalars, as jansson counts it (0 when unknown).
    public var column: Int
    /// 0-based byte offset of the error in the text.
    public var position: Int

    public init(reason: Reason, message: String, line: Int, column: Int, position: Int) {
        self.reason = reason
        self.message = message
        self.line = line
        self.column = column
        self.position = position
    }

    public var description: String {
        line > 0 ? "\(message) (line \(line), column \(column), byte \(position))" : message
    }
}

/// An immutable JSON text parsed by jansson into its own arena.
///
/// The whole tree is freed at once when the document goes away; `JSONValue`s keep their document alive,
/// so no value can outlive its memory. Nothing mutates a parsed tree, which makes it safe to share.
public final class JSONDocument: @unchecked Sendable {
    let arena: OpaquePointer
    let root: UnsafeMutablePointer<json_t>
    /// Bytes the arena reserved for this tree.
    public var reservedBytes: Int { skd_arena_reserved(arena) }

    private init(arena: OpaquePointer, root: UnsafeMutablePointer<json_t>) {
        self.arena = arena
        self.root = root
    }

    deinit { skd_arena_destroy(arena) }

    /// The top-level value.
    public var value: JSONValue { JSONValue(document: self, pointer: root) }

    /// Parses exactly `bytes` (no terminator needed). Any JSON value is accepted at top level; duplicate
    /// object keys, invalid UTF-8, numbers that overflow and nesting beyond `limits.maxDepth` are errors.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .messages
    ) throws(JSONParseError) -> JSONDocument {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(
                reason: .tooLarge(limit: limits.maxBytes),
                message: "text is \(bytes.count) bytes, over the limit of \(limits.maxBytes)",
                line: 0, column: 0, position: 0)
        }
        guard let arena = skd_arena_create() else {
            throw JSONParseError(reason: .syntax, message: "out of memory", line: 0, column: 0, position: 0)
        }
        var error = json_error_t()
        let flags = size_t(JSON_DECODE_ANY) | size_t(JSON_REJECT_DUPLICATES) | size_t(JSON_ALLOW_NUL)
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        // An empty buffer still needs a valid address for jansson.
        let root: UnsafeMutablePointer<json_t>? = withUnsafePointer(to: CChar(0)) { empty in
            skd_parse(base ?? empty, bytes.count, flags, &error, arena)
        }
        // Nesting is checked after the parse, on the tree (a text no longer than the limit cannot nest deeper;
        // a long string costs nothing), and the text is scanned for the position only when it is too deep. A text
        // that is too deep and also malformed is refused for its depth, as a scan before the parse would.
        let mayBeTooDeep = bytes.count > limits.maxDepth && limits.maxDepth >= 0
        if mayBeTooDeep, root == nil || skd_nesting_exceeds(root, limits.maxDepth) != 0,
            let deep = NestingScan.firstOffsetBeyond(depth: limits.maxDepth, in: bytes)
        {
            skd_arena_destroy(arena)
            let (line, column) = NestingScan.lineAndColumn(of: deep, in: bytes)
            throw JSONParseError(
                reason: .tooDeep(limit: limits.maxDepth),
                message: "nesting deeper than the limit of \(limits.maxDepth)",
                line: line, column: column, position: deep)
        }
        guard let root else {
            skd_arena_destroy(arena)
            let text = withUnsafeBytes(of: error.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw JSONParseError(
                reason: .syntax, message: text, line: Int(error.line), column: Int(error.column),
                position: Int(error.position))
        }
        return JSONDocument(arena: arena, root: root)
    }

    /// Parses the bytes of `array`.
    public static func parse(_ array: [UInt8], limits: JSONLimits = .messages) throws(JSONParseError) -> JSONDocument {
        let result = array.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONDocument in try parse(raw, limits: limits) }
        }
        return try result.get()
    }

    /// Parses the UTF-8 bytes of `text`.
    public static func parse(_ text: String, limits: JSONLimits = .messages) throws(JSONParseError) -> JSONDocument {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONDocument in
                try parse(UnsafeRawBufferPointer(buffer), limits: limits)
            }
        }
        return try result.get()
    }
}

/// A fast pre-scan that finds nesting beyond a limit without parsing.
enum NestingScan {
    /// The byte offset of the first `[` or `{` (outside strings) that opens level `depth + 1`, or nil.
    ///
    /// A text of at most `depth` bytes cannot open `depth + 1` levels, so it is not scanned at all (every protocol
    /// message of ordinary size: the scan costs only bodies longer than the limit).
    static func firstOffsetBeyond(depth limit: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count > limit else { return nil }
        var depth = 0
        var inString = false
        var escaped = false
        for i in 0..<bytes.count {
            let c = bytes[i]
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
                if depth > limit { return i }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        return nil
    }

    /// 1-based line and column (in bytes) of `offset`.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// Counters from the arena allocator, for tests and diagnostics.
public enum JSONArenaStatistics {
    /// Blocks jansson allocated outside any arena and has not freed yet.
    public static var liveHeapBlocks: Int { skd_arena_stat_heap_live() }
    /// Blocks handed out from arenas since the process started.
    public static var arenaAllocations: Int { skd_arena_stat_arena_allocs() }
    /// Arena chunks waiting in the calling thread's cache for the next parse on that thread.
    public static var threadCachedChunks: Int { skd_arena_stat_thread_cached_chunks() }
}
