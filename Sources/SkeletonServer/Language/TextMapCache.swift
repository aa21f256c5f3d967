import Synchronization

/// An outline encoded for one text version (`DocumentSymbols.encode`): its bytes, and where each node's own members
/// are in them, so that an edit can re-encode a few symbols and keep the rest of the bytes.
struct EncodedOutline: Sendable {
    var bytes: [UInt8]
    /// Per node (index in the map's `nodes`): its symbol's bytes from its `{` to the end of its `selectionRange`
    /// (everything but its children); empty for nodes past the outline's depth limit.
    var heads: [Range<Int>]
}

/// What the language features work out once per text version and keep with that version's `DocumentTextMap`
/// (so an edit, which makes a new map, drops it): which lines are ASCII (their positions need no scan), and the
/// encoded outline per position encoding. Filled on first use, from any lane; safe to share.
///
/// A map worked out from the previous version's (an edit inside one scalar value) starts from that version's cache:
/// its line kinds with the edited line looked at again, and its outlines kept as stale, with the nodes whose symbols
/// may read differently (`DocumentSymbols.splice` re-encodes only those).
final class TextMapCache: Sendable {
    /// An earlier version's outline and the nodes whose symbols may differ in this version's.
    typealias StaleOutline = (outline: EncodedOutline, nodes: [Int])

    private struct State {
        var asciiLines: [Bool]?
        var symbols: [PositionEncoding: EncodedOutline] = [:]
        var staleSymbols: [PositionEncoding: StaleOutline] = [:]
    }

    /// Stale symbols past this count are not spliced: the outline is encoded again.
    static let maximumStaleNodes = 4096

    private let state: Mutex<State>

    init() { state = Mutex(State()) }

    /// The cache of a text that an edit inside one scalar value on line `editedLine` made from `previous`'s text (the
    /// same lines), with `outlineNodes` the nodes whose symbols the edit may change (nil: encode the outline again).
    init(following previous: TextMapCache, editedLine: Int, outlineNodes: [Int]?, buffer: TextBuffer) {
        let old = previous.state.withLock { $0 }
        var state = State()
        if var lines = old.asciiLines, lines.count == buffer.lineCount, editedLine < lines.count {
            lines[editedLine] = Self.isASCII(line: editedLine, of: buffer)
            state.asciiLines = lines
        }
        if let outlineNodes {
            for (encoding, outline) in old.symbols { state.staleSymbols[encoding] = (outline, outlineNodes) }
            for (encoding, stale) in old.staleSymbols where state.staleSymbols[encoding] == nil {
                let nodes = Set(stale.nodes).union(outlineNodes)
                if nodes.count <= Self.maximumStaleNodes {
                    state.staleSymbols[encoding] = (stale.outline, nodes.sorted())
                }
            }
        }
        self.state = Mutex(state)
    }

    /// Per line of `buffer` (the text the map was built from): whether every byte is ASCII.
    func asciiLines(of buffer: TextBuffer) -> [Bool] {
        if let known = state.withLock({ $0.asciiLines }) { return known }
        var lines = Array(repeating: true, count: buffer.lineCount)
        var line = 0
        for b in buffer.bytes {
            if b == 0x0A {
                line += 1
            } else if b >= 0x80 {
                lines[line] = false
            }
        }
        state.withLock { $0.asciiLines = $0.asciiLines ?? lines }
        return lines
    }

    /// Whether every byte of line `line` of `buffer` is ASCII.
    private static func isASCII(line: Int, of buffer: TextBuffer) -> Bool {
        let start = buffer.lineStarts[line]
        let end = line + 1 < buffer.lineCount ? buffer.lineStarts[line + 1] : buffer.bytes.count
        return !buffer.bytes[start..<end].contains { $0 >= 0x80 }
    }

    /// The encoded outline for `encoding`, built by `build` the first time. When this cache follows one that had it,
    /// `build` is given the previous version's outline, taken out of the cache (so that, held nowhere else, its bytes
    /// can be changed in place).
    func symbols(_ encoding: PositionEncoding, build: (inout StaleOutline?) -> EncodedOutline) -> [UInt8] {
        var stale: StaleOutline?
        let known = state.withLock { state -> EncodedOutline? in
            if let known = state.symbols[encoding] { return known }
            stale = state.staleSymbols.removeValue(forKey: encoding)
            return nil
        }
        if let known { return known.bytes }
        let built = build(&stale)
        state.withLock { $0.symbols[encoding] = $0.symbols[encoding] ?? built }
        return built.bytes
    }
}
