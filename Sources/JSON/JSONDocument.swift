internal import CJSONArena
internal import CJansson

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Explicit limits on what a parse accepts. Checked before jansson allocates anything.
package struct JSONLimits: Sendable, Hashable {
    /// The largest text accepted, in bytes.
    package var maxBytes: Int
    /// The deepest nesting of arrays and objects accepted (a scalar at top level is depth 0, `[]` is 1).
    package var maxDepth: Int
    /// The most values (objects, arrays, strings, numbers, literals) and object member names accepted, each object
    /// and array counting `StructureScan.containerWeight` (4), counted by a pass over the bytes before jansson
    /// allocates anything. jansson's tree costs ~35-60 bytes per scalar or name and ~110-210 per array or object,
    /// so this, not `maxBytes`, bounds the memory of a text made of many small values: at most ~52 bytes per unit,
    /// about 210 MB at the default.
    package var maxValues: Int

    package init(maxBytes: Int = 64 << 20, maxDepth: Int = 512, maxValues: Int = JSONLimits.defaultMaxValues) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    /// 4,000,000 values and names (objects and arrays counting 4).
    package static let defaultMaxValues = 4_000_000

    /// Limits for protocol messages: 64 MiB, 512 levels and 4,000,000 values and names.
    package static let messages = JSONLimits()
}

/// Why a text is not accepted as JSON.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable {
        /// jansson rejected the text (syntax, invalid UTF-8, number overflow, duplicate key).
        case syntax
        /// The text is longer than `JSONLimits.maxBytes`.
        case tooLarge(limit: Int)
        /// The text nests deeper than `JSONLimits.maxDepth`.
        case tooDeep(limit: Int)
        /// The text holds more values and member names than `JSONLimits.maxValues` (refused as a text that is
        /// too large is: its tree would be).
        case tooManyValues(limit: Int)
    }

    package var reason: Reason
    /// What went wrong, in words (jansson's text for syntax errors).
    package var message: String
    /// 1-based line of the error, as jansson counts it (0 when unknown).
    package var line: Int
    /// 1-based column of the error in the line, in Unicode scalars, as jansson counts it (0 when unknown).
    package var column: Int
    /// 0-based byte offset of the error in the text.
    package var position: Int

    package init(reason: Reason, message: String, line: Int, column: Int, position: Int) {
        self.reason = reason
        self.message = message
        self.line = line
        self.column = column
        self.position = position
    }

    package var description: String {
        line > 0 ? "\(message) (line \(line), column \(column), byte \(position))" : message
    }
}

/// An immutable JSON text parsed by jansson into its own arena.
///
/// The whole tree is freed at once when the document goes away; `JSONValue`s keep their document alive,
/// so no value can outlive its memory. Nothing mutates a parsed tree, which makes it safe to share.
// Safety: the arena and the tree are written only by the parse, before `init`; afterwards they are only read, and
// freed once, in `deinit`.
package final class JSONDocument: @unchecked Sendable {
    let arena: OpaquePointer
    let root: UnsafeMutablePointer<json_t>
    /// The document whose arena holds this tree, when this one is a part of it (`JSONValue.asDocument`); nil when
    /// this document owns its arena.
    private let whole: JSONDocument?
    /// Bytes the arena reserved for this tree (for a part, the whole's).
    package var reservedBytes: Int { skd_arena_reserved(arena) }

    init(arena: OpaquePointer, root: UnsafeMutablePointer<json_t>, whole: JSONDocument? = nil) {
        self.arena = arena
        self.root = root
        self.whole = whole
    }

    deinit { if whole == nil { skd_arena_destroy(arena) } }

    /// `value` as the root of a document of its own, its memory still `value`'s document's (kept alive with it).
    fileprivate static func part(_ value: JSONValue) -> JSONDocument {
        JSONDocument(arena: value.document.arena, root: value.pointer, whole: value.document)
    }

    /// The top-level value.
    package var value: JSONValue { JSONValue(document: self, pointer: root) }

    /// Parses exactly `bytes` (no terminator needed). Any JSON value is accepted at top level; duplicate
    /// object keys, invalid UTF-8, numbers that overflow and nesting beyond `limits.maxDepth` are errors.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .messages
    ) throws(JSONParseError) -> JSONDocument {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(
                reason: .tooLarge(limit: limits.maxBytes),
                message: "text is \(bytes.count) bytes, over the limit of \(limits.maxBytes)",
                line: 0, column: 0, position: 0)
        }
        // No byte adds more than one container's weight, so a text of at most `maxValues / containerWeight` bytes
        // cannot go over and is not scanned; the same pass checks the nesting, so the tree need not be.
        var nestingChecked = false
        if bytes.count > limits.maxValues / StructureScan.containerWeight {
            switch StructureScan.first(depthBeyond: limits.maxDepth, valuesBeyond: limits.maxValues, in: bytes) {
            case .tooDeep(let offset): throw tooDeep(at: offset, in: bytes, limits)
            case .tooManyValues(let offset):
                let (line, column) = StructureScan.lineAndColumn(of: offset, in: bytes)
                throw JSONParseError(
                    reason: .tooManyValues(limit: limits.maxValues),
                    message:
                        "text holds more than \(limits.maxValues) values and member names (objects and arrays count "
                        + "\(StructureScan.containerWeight)), over the limit",
                    line: line, column: column, position: offset)
            case nil: nestingChecked = true
            }
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
        let mayBeTooDeep = !nestingChecked && bytes.count > limits.maxDepth && limits.maxDepth >= 0
        if mayBeTooDeep, root == nil || skd_nesting_exceeds(root, limits.maxDepth) != 0,
            case .tooDeep(let deep) = StructureScan.first(depthBeyond: limits.maxDepth, valuesBeyond: .max, in: bytes)
        {
            skd_arena_destroy(arena)
            throw tooDeep(at: deep, in: bytes, limits)
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

    private static func tooDeep(at offset: Int, in bytes: UnsafeRawBufferPointer, _ limits: JSONLimits)
        -> JSONParseError
    {
        let (line, column) = StructureScan.lineAndColumn(of: offset, in: bytes)
        return JSONParseError(
            reason: .tooDeep(limit: limits.maxDepth), message: "nesting deeper than the limit of \(limits.maxDepth)",
            line: line, column: column, position: offset)
    }

    /// Parses the bytes of `array`.
    package static func parse(_ array: [UInt8], limits: JSONLimits = .messages) throws(JSONParseError) -> JSONDocument {
        let result = array.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONDocument in try parse(raw, limits: limits) }
        }
        return try result.get()
    }

    /// Parses the UTF-8 bytes of `text`.
    package static func parse(_ text: String, limits: JSONLimits = .messages) throws(JSONParseError) -> JSONDocument {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) -> JSONDocument in
                try parse(UnsafeRawBufferPointer(buffer), limits: limits)
            }
        }
        return try result.get()
    }
}

/// One pass over JSON bytes, without parsing, that finds the first place (outside strings) where the nesting goes
/// past a limit or the values and member names counted so far do. Strings are skipped with `memchr`, so a text
/// that is mostly string (a document inside a `didOpen`) costs little more than a copy.
enum StructureScan {
    /// What an object or an array counts for against `JSONLimits.maxValues`: its tree costs about four times a
    /// scalar's (an empty object ~210 bytes, an empty array ~115, a number ~35).
    static let containerWeight = 4

    enum Finding: Equatable {
        /// The offset of the `[` or `{` that opens the level past the limit.
        case tooDeep(Int)
        /// The offset where the value or member name past the limit starts.
        case tooManyValues(Int)
    }

    /// The first limit `bytes` goes past, or nil. Values and member names are counted where they start: after
    /// `[`, `{`, `,`, `:` or at the start (lenient with malformed text, which jansson refuses afterwards); objects
    /// and arrays count `containerWeight`.
    static func first(depthBeyond maxDepth: Int, valuesBeyond maxValues: Int, in bytes: UnsafeRawBufferPointer)
        -> Finding?
    {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let n = bytes.count
        var depth = 0
        var values = 0
        var expectingValue = true
        var i = 0
        while i < n {
            let c = base[i]
            switch c {
            case 0x20, 0x0A, 0x0D, 0x09:
                i += 1
                continue
            case 0x5D, 0x7D:  // ] }
                depth -= 1
                expectingValue = false
                i += 1
                continue
            case 0x2C, 0x3A:  // , :
                expectingValue = true
                i += 1
                continue
            default: break
            }
            if expectingValue {
                values += c == 0x5B || c == 0x7B ? containerWeight : 1
                if values > maxValues { return .tooManyValues(i) }
            }
            switch c {
            case 0x22:
                expectingValue = false
                i = endOfString(base, n, from: i + 1)
                continue
            case 0x5B, 0x7B:  // [ {
                depth += 1
                if depth > maxDepth { return .tooDeep(i) }
                expectingValue = true
            default:
                expectingValue = false
            }
            i += 1
        }
        return nil
    }

    /// Just past the quote that closes the string whose contents start at `start` (`n` when it does not close):
    /// each `"` found by `memchr` closes it unless an odd run of backslashes precedes it. Every byte is looked at
    /// a bounded number of times.
    private static func endOfString(_ base: UnsafePointer<UInt8>, _ n: Int, from start: Int) -> Int {
        var from = start
        while from < n {
            guard let found = memchr(base + from, 0x22, n - from) else { return n }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var k = quote - 1
            while k >= from, base[k] == 0x5C { k -= 1 }
            if (quote - 1 - k) % 2 == 0 { return quote + 1 }
            from = quote + 1
        }
        return n
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
package enum JSONArenaStatistics {
    /// Blocks jansson allocated outside any arena and has not freed yet.
    package static var liveHeapBlocks: Int { skd_arena_stat_heap_live() }
    /// Blocks handed out from arenas since the process started.
    package static var arenaAllocations: Int { skd_arena_stat_arena_allocs() }
    /// Arena chunks waiting in the calling thread's cache for the next parse on that thread.
    package static var threadCachedChunks: Int { skd_arena_stat_thread_cached_chunks() }
}

extension JSONValue {
    /// This value as the root of a document of its own: pointers to the values inside it (`pointerFromRoot`, and so
    /// every `JSONDecodingError`) start here, not at its document's root. A batch's elements are messages of their
    /// own this way: their errors name `/params/…`. No copy: the tree stays its document's, which stays alive.
    package var asDocument: JSONValue {
        guard pointer != document.root else { return self }
        return JSONValue(document: JSONDocument.part(self), pointer: pointer)
    }
}
