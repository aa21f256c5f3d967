import JSON
import JSONRPC

/// How one fuzz input is read: its first byte chooses the framing, the size of the reads the bytes arrive in,
/// and the limits; the rest of the input is the byte stream the daemon would read on stdin.
///
/// First byte, bit by bit:
/// - bit 0: `0` LSP framing (Content-Length), `1` `--jsonl`;
/// - bits 1–3: the read size, one of `readSizes` (64 KiB is what the daemon uses; the small ones split
///   headers and bodies across reads, down to one byte at a time);
/// - bit 4: `0` the daemon's default limits, `1` small limits (so size and depth refusals are reachable).
///
/// An empty input is a no-op.
struct FuzzInput {
    static let readSizes = [64 << 10, 1, 2, 3, 7, 16, 61, 255]
    /// Small enough for libFuzzer's inputs to reach, large enough for real messages.
    static let smallLimits = JSONLimits(maxBytes: 300, maxDepth: 6)

    let mode: FramingMode
    let readSize: Int
    let limits: JSONLimits
    /// The bytes after the first one.
    let stream: UnsafeRawBufferPointer

    init?(_ data: UnsafeRawBufferPointer) {
        guard let control = data.first else { return nil }
        mode = control & 1 == 0 ? .lsp : .jsonl
        readSize = Self.readSizes[Int((control >> 1) & 7)]
        limits = control & 0x10 == 0 ? .messages : Self.smallLimits
        stream = UnsafeRawBufferPointer(rebasing: data[1...])
    }

    /// The first byte for a seed in `mode`, read in 64 KiB chunks with the default limits.
    static func controlByte(for mode: FramingMode) -> UInt8 { mode == .lsp ? 0 : 1 }
}
