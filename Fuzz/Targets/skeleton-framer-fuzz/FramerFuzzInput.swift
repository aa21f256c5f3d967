/// One fuzz input for the framer: the stream `M0 + G1 + M1 + G2 + M2 + M2'` (four well-formed messages, two runs of
/// garbage) and the sizes of the reads it arrives in.
///
/// - Byte 0 (control): bits 0–2 are the number of chunk-size bytes that follow, less one (1–8); bits 3–4 the
///   messages' header (`Content-Length`, `content-length`, `CONTENT-LENGTH` with spaces around the value (never before the colon: resynchronisation looks for `Content-Length:`), or a
///   UTF-8 `Content-Type` line before `Content-Length`); bits 5–7 pick the bodies' padding (`paddings`).
/// - The chunk sizes, used in turn and over again: 0 is the rest of the stream in one read, 1–199 that many bytes,
///   200–255 1–56 KiB.
/// - A split byte: the rest is garbage, G1 its first split/255 part and G2 the remainder (0: G1 is empty, 255: G2
///   is).
/// - Two stretch bytes, one per run: 0 leaves it as it is, n repeats it until it is at least 64·n bytes (so lines
///   and header blocks over 8 KiB are reachable from short inputs). An empty run stays empty.
/// - The rest: the garbage, arbitrary bytes, except that every `content-length` (ASCII, any case) in a stretched
///   run has its hyphen replaced by `_` — garbage that announces a body may legitimately swallow the next message.
///   Nothing else is removed: `Content-Type`, colons, CR/LF, NULs, digits and pieces such as `Content-Len` stay.
///   (No `content-length` can straddle a run and a message: the word has no border, messages start with `C` of
///   a header and bodies end with `}`.)
///
/// Missing bytes read as 0, so every input (even an empty one) is a stream.
struct FramerFuzzInput {
    static let paddings = [0, 1, 14, 100, 300, 1000, 4096, 9000]
    static let headerNames = ["Content-Length: ", "content-length: ", "CONTENT-LENGTH:  ", "Content-Length: "]
    static let contentType = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"

    /// The read sizes, in turn; 0 is the rest of the stream.
    let chunkSizes: [Int]
    /// M0, M1, M2, M2' as sent (header and body) and their bodies.
    let messages: [[UInt8]]
    let bodies: [[UInt8]]
    /// G1 and G2, stretched and with `content-length` broken.
    let garbage: [[UInt8]]

    init(_ data: UnsafeRawBufferPointer) {
        func byte(_ i: Int) -> UInt8 { i < data.count ? data[i] : 0 }
        let control = byte(0)
        let count = Int(control & 7) + 1
        chunkSizes = (1...count).map { i in
            let b = Int(byte(i))
            return b < 200 ? b : (b - 199) << 10
        }
        let style = Int((control >> 3) & 3)
        let padding = Int(control >> 5)
        bodies = (0..<4).map { id in
            let pad = Self.paddings[(padding + id) % Self.paddings.count]
            let params = pad == 0 ? "" : #","params":""# + String(repeating: "p", count: pad) + #"""#
            return Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"x"\#(params)}"#.utf8)
        }
        messages = bodies.map { body in
            let header =
                (style == 3 ? Self.contentType : "") + Self.headerNames[style] + "\(body.count)"
                + (style == 2 ? " \r\n\r\n" : "\r\n\r\n")
            return Array(header.utf8) + body
        }
        let split = Int(byte(count + 1))
        let stretches = [Int(byte(count + 2)), Int(byte(count + 3))]
        let start = min(data.count, count + 4)
        let rest = Array(data[start...])
        let g1 = rest.count * split / 255
        garbage = [Array(rest[..<g1]), Array(rest[g1...])].enumerated().map { i, run in
            Self.breakContentLength(Self.stretch(run, toAtLeast: stretches[i] * 64))
        }
    }

    /// `M0 + G1 + M1 + G2 + M2 + M2'`.
    var stream: [UInt8] { messages[0] + garbage[0] + messages[1] + garbage[1] + messages[2] + messages[3] }

    /// `run` repeated (cut where the length is reached) until it is at least `length` bytes long.
    static func stretch(_ run: [UInt8], toAtLeast length: Int) -> [UInt8] {
        guard !run.isEmpty, run.count < length else { return run }
        var out = run
        out.reserveCapacity(length)
        while out.count < length { out.append(run[out.count % run.count]) }
        return out
    }

    /// `run` with the hyphen of every ASCII case-insensitive `content-length` replaced by `_` (which cannot start
    /// a new one).
    static func breakContentLength(_ run: [UInt8]) -> [UInt8] {
        let word = Array("content-length".utf8)
        guard run.count >= word.count else { return run }
        var out = run
        for i in 0...(out.count - word.count) {
            var k = 0
            while k < word.count, lowerASCII(out[i + k]) == word[k] { k += 1 }
            if k == word.count { out[i + 7] = UInt8(ascii: "_") }
        }
        return out
    }

    static func lowerASCII(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
