import Synchronization

/// What the language features work out once per text version and keep with that version's `DocumentTextMap`
/// (so an edit, which makes a new map, drops it): which lines are ASCII (their positions need no scan), and the
/// encoded outline per position encoding. Filled on first use, from any lane; safe to share.
final class TextMapCache: Sendable {
    private struct State {
        var asciiLines: [Bool]?
        var symbols: [PositionEncoding: [UInt8]] = [:]
    }

    private let state = Mutex(State())

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

    /// The encoded outline for `encoding`, built by `build` the first time.
    func symbols(_ encoding: PositionEncoding, build: () -> [UInt8]) -> [UInt8] {
        if let known = state.withLock({ $0.symbols[encoding] }) { return known }
        let built = build()
        state.withLock { $0.symbols[encoding] = $0.symbols[encoding] ?? built }
        return built
    }
}
