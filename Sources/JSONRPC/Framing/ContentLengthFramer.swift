/// The LSP base protocol framer: a header block (`Name: value` lines ended by an empty line), then exactly
/// `Content-Length` bytes of body.
///
/// - Header names are case-insensitive; lines end with `\r\n` (a bare `\n` is tolerated).
/// - `Content-Type` is optional; its charset must be `utf-8` (or the legacy `utf8`).
/// - A `Content-Length` over `maxMessageSize` is refused before anything is allocated for it, and its body is
///   skipped as it streams past, so the next message is read normally.
/// - Two `Content-Length` headers in one block are a framing error (no silent winner).
/// - After any framing error that leaves the body's extent unknown, the framer resynchronises at the next
///   `Content-Length:` (any case) wherever it appears in the stream — at a line start or not, since a body does
///   not end with a line break — and reads that message normally.
package struct ContentLengthFramer: Framer {
    /// The largest body accepted, in bytes.
    package let maxMessageSize: Int
    /// The largest header block accepted, in bytes.
    package static let maxHeaderSize = 8192
    /// Bodies over `maxMessageSize` but at most this long are skipped unread; a longer `Content-Length` is
    /// not believed, and the framer resynchronises at the next header instead.
    package static let maxSkippableLength = 1 << 31

    private enum State {
        case headers
        case body(length: Int)
        case skipping(remaining: Int)
        case resync
    }

    private var state: State = .headers
    private var buffer = ByteBuffer()
    /// While resynchronising: whether the byte before the first buffered (or next) byte is a line break.
    private var resyncAfterLineBreak = true

    package init(maxMessageSize: Int = 64 << 20) { self.maxMessageSize = maxMessageSize }

    package var bufferedByteCount: Int { buffer.count }

    package mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (FramerEvent) -> Void) {
        var input = bytes
        while true {
            switch state {
            case .skipping(let remaining):
                let n = min(remaining, input.count)
                input = UnsafeRawBufferPointer(rebasing: input[n...])
                state = remaining - n == 0 ? .headers : .skipping(remaining: remaining - n)
                if n == 0 { return }
            case .body(let length):
                // Zero copy when the whole body is in this chunk and nothing is buffered.
                if buffer.count == 0, input.count >= length {
                    emit(.message(UnsafeRawBufferPointer(rebasing: input[..<length])))
                    input = UnsafeRawBufferPointer(rebasing: input[length...])
                    state = .headers
                    continue
                }
                let take = min(length - buffer.count, input.count)
                buffer.append(UnsafeRawBufferPointer(rebasing: input[..<take]))
                input = UnsafeRawBufferPointer(rebasing: input[take...])
                guard buffer.count == length else { return }
                buffer.withReadable { emit(.message($0)) }
                buffer.removeAll()
                state = .headers
            case .resync:
                guard resynchronise(&input) else { return }
            case .headers:
                if input.isEmpty && buffer.count == 0 { return }
                guard stepHeaders(&input, emit) else { return }
            }
        }
    }

    package mutating func finish(_ emit: (FramerEvent) -> Void) {
        switch state {
        case .body(let length):
            emit(
                .error(
                    FramingError(
                        .truncated, "input ended \(buffer.count) bytes into a \(length)-byte message body")))
        case .skipping:
            break  // Already reported as too large.
        case .headers:
            if buffer.withReadable({ $0.contains { $0 != 0x0D && $0 != 0x0A && $0 != 0x20 } }) {
                emit(.error(FramingError(.truncated, "input ended inside a message header")))
            }
        case .resync:
            break
        }
        buffer.removeAll()
        state = .headers
    }

    /// Moves header bytes into the buffer and acts on a complete header block. Returns false when more input
    /// is needed.
    private mutating func stepHeaders(_ input: inout UnsafeRawBufferPointer, _ emit: (FramerEvent) -> Void) -> Bool {
        let previous = buffer.count
        let end = buffer.withReadable { Self.findHeaderEnd($0, continuingWith: input) }
        if let end, end <= Self.maxHeaderSize {
            buffer.append(UnsafeRawBufferPointer(rebasing: input[..<(end - previous)]))
            input = UnsafeRawBufferPointer(rebasing: input[(end - previous)...])
        } else if end == nil, previous + input.count <= Self.maxHeaderSize {
            buffer.append(input)
            input = UnsafeRawBufferPointer(rebasing: input[input.count...])
            return false
        } else {
            // The block does not end within the limit: refuse it wherever the input was split.
            let room = max(0, Self.maxHeaderSize - previous)
            input = UnsafeRawBufferPointer(rebasing: input[min(room, input.count)...])
            emit(.error(FramingError(.malformedHeader, "header block longer than \(Self.maxHeaderSize) bytes")))
            buffer.removeAll()
            enterResync()
            return true
        }
        let parsed = buffer.withReadable { Self.parseHeaders($0, maxMessageSize: maxMessageSize) }
        switch parsed {
        case .blank:
            state = .headers
        case .success(let length):
            state = .body(length: length)
        case .failure(let error, let skip):
            emit(.error(error))
            if let skip {
                state = skip > 0 ? .skipping(remaining: skip) : .headers
            } else if let embedded = buffer.withReadable({ Self.embeddedHeaderStart($0) }) {
                // Garbage without line breaks ran into the next message's header: read again from there.
                var replay = buffer.withReadable { Array($0[embedded...]) }
                replay.append(contentsOf: input)
                buffer.removeAll()
                state = .headers
                input = UnsafeRawBufferPointer(rebasing: input[input.count...])
                replay.withUnsafeBytes { feed($0, emit) }
                return false
            } else {
                enterResync()
            }
        }
        buffer.removeAll()
        return true
    }

    /// The first `content-length:` (any case) in a failed header block that does not start a line: the start of
    /// a message that garbage or a body without a final line break ran into. A header at a line start belongs to
    /// the failed block itself.
    private static func embeddedHeaderStart(_ block: UnsafeRawBufferPointer) -> Int? {
        var from = 1
        while from < block.count, let found = findHeaderStart(UnsafeRawBufferPointer(rebasing: block[from...])) {
            let at = from + found
            if block[at - 1] != 0x0A { return at }
            from = at + 1
        }
        return nil
    }

    private mutating func enterResync() {
        state = .resync
        resyncAfterLineBreak = true  // a header block ends with a line break
    }

    /// After a framing error, skips to the next header block: a line that starts with `Content-` (any case), or
    /// `Content-Length:` wherever it appears (a body does not end with a line break, so the next message's header
    /// often does not start a line). Returns false when more input is needed. The buffer keeps at most the last
    /// `resyncNeedle.count - 1` skipped bytes, in case a header name is split across reads.
    private mutating func resynchronise(_ input: inout UnsafeRawBufferPointer) -> Bool {
        let tailLength = Self.resyncNeedle.count - 1
        if buffer.count > 0 {
            // A header name that starts in the kept tail and continues in this input.
            var joined: [UInt8] = buffer.withReadable { Array($0) }
            let tailCount = joined.count
            joined.append(contentsOf: input.prefix(tailLength))
            let afterLineBreak = resyncAfterLineBreak
            if let found = joined.withUnsafeBytes({ Self.messageStart($0, afterLineBreak: afterLineBreak) }),
                found < tailCount
            {
                let start = joined[found..<tailCount]
                buffer.removeAll()
                start.withUnsafeBytes { buffer.append($0) }
                state = .headers
                return true
            }
        }
        let afterLineBreak = buffer.withReadable { $0.last.map { $0 == 0x0A } } ?? resyncAfterLineBreak
        if let found = Self.messageStart(input, afterLineBreak: afterLineBreak) {
            buffer.removeAll()
            input = UnsafeRawBufferPointer(rebasing: input[found...])
            state = .headers
            return true
        }
        // Keep only a short tail of what was skipped, and whether a line break came just before it.
        var kept: [UInt8] = buffer.withReadable { Array($0) }
        kept.append(contentsOf: input.suffix(tailLength + 1))
        if kept.count > tailLength { resyncAfterLineBreak = kept[kept.count - tailLength - 1] == 0x0A }
        buffer.removeAll()
        kept.suffix(tailLength).withUnsafeBytes { buffer.append(UnsafeRawBufferPointer($0)) }
        input = UnsafeRawBufferPointer(rebasing: input[input.count...])
        return false
    }

    private enum HeaderResult {
        case success(Int)
        /// The error, and how many body bytes to skip (nil: resynchronise).
        case failure(FramingError, skip: Int?)
        /// Only line breaks: stray blank lines between messages, which are ignored.
        case blank
    }

    /// Reads a complete header block (`Name: value` lines, `\r\n` or `\n`, ended by an empty line) byte by byte,
    /// in place: no line arrays, no strings but for error messages.
    private static func parseHeaders(_ bytes: UnsafeRawBufferPointer, maxMessageSize: Int) -> HeaderResult {
        var length: Int?
        var lengthError: FramingError?
        var charsetError: FramingError?
        var sawHeader = false
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = lineEnd + 1
            var contentEnd = lineEnd
            if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            defer { lineStart = next }
            if contentEnd == lineStart { continue }
            sawHeader = true
            var colon = lineStart
            while colon < contentEnd, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
            guard colon < contentEnd else {
                return .failure(
                    FramingError(
                        .malformedHeader, "header line without a colon: \(printable(bytes, lineStart..<contentEnd))"),
                    skip: nil)
            }
            let value = trimmed(bytes, (colon + 1)..<contentEnd)
            let name = trimmed(bytes, lineStart..<colon)
            if matches(bytes, name, lowercase: contentLengthName) {
                guard length == nil, lengthError == nil else {
                    return .failure(
                        FramingError(.malformedHeader, "more than one Content-Length header in one block"), skip: nil)
                }
                guard let n = decimal(bytes, value) else {
                    lengthError = FramingError(
                        .invalidContentLength,
                        "Content-Length must be a non-negative integer, not \(printable(bytes, value))")
                    continue
                }
                length = n
            } else if matches(bytes, name, lowercase: contentTypeName) {
                charsetError = charsetProblem(bytes, value)
            }
            // Other headers are ignored.
        }
        if !sawHeader { return .blank }
        if let lengthError { return .failure(lengthError, skip: nil) }
        guard let length else {
            return .failure(
                FramingError(.missingContentLength, "header block without a Content-Length header"), skip: nil)
        }
        if length > maxMessageSize {
            // A plausible length is skipped as its body streams past; an absurd one cannot be trusted to say
            // where the next message starts, so the framer resynchronises instead.
            let error = FramingError(
                .messageTooLarge, "message of \(length) bytes is over the limit of \(maxMessageSize) bytes")
            return .failure(error, skip: length <= maxSkippableLength ? length : nil)
        }
        if let charsetError { return .failure(charsetError, skip: length) }
        return .success(length)
    }

    private static let contentLengthName = Array("content-length".utf8)
    private static let contentTypeName = Array("content-type".utf8)
    /// What resynchronisation looks for.
    static let resyncNeedle = Array("content-length:".utf8)
    /// What starts a header block at a line start (any `Content-` header).
    private static let lineStartNeedle = Array("content-".utf8)

    /// Whether `bytes[range]` is `name` (given in lower case), ASCII case-insensitively.
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, lowercase name: [UInt8]) -> Bool {
        guard range.count == name.count else { return false }
        for k in 0..<name.count where lowerASCII(bytes[range.lowerBound + k]) != name[k] { return false }
        return true
    }

    private static func lowerASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The digits of `range` as a number, saturating at `Int.max` instead of overflowing; nil unless the range
    /// is one or more ASCII digits.
    private static func decimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        var n = 0
        for k in range {
            let digit = bytes[k] &- 0x30
            guard digit <= 9 else { return nil }
            n = n > (Int.max - 9) / 10 ? Int.max : n * 10 + Int(digit)
        }
        return n
    }

    /// A `Content-Type` whose `charset=` names anything but `utf-8` (or the legacy `utf8`).
    private static let charsetName = Array("charset=".utf8)
    private static let utf8Names = [Array("utf-8".utf8), Array("utf8".utf8)]

    private static func charsetProblem(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> FramingError? {
        let needle = charsetName
        guard range.count >= needle.count else { return nil }
        for start in range.lowerBound...(range.upperBound - needle.count)
        where matches(bytes, start..<(start + needle.count), lowercase: needle) {
            var end = start + needle.count
            while end < range.upperBound, bytes[end] != UInt8(ascii: ";") { end += 1 }
            var charset = Array(bytes[(start + needle.count)..<end]).map(lowerASCII)
            charset.removeAll { $0 == 0x20 || $0 == 0x22 || $0 == 0x09 }
            if utf8Names.contains(charset) { return nil }
            let name = String(decoding: charset.prefix(40), as: UTF8.self)
            return FramingError(.unsupportedCharset, "unsupported charset \(name): only utf-8 is accepted")
        }
        return nil
    }

    /// The offset just past the empty line that ends a header block in `head + tail`, counted from the start
    /// of `head`. `head` holds no complete block (it is what earlier reads left), so only `tail` is scanned.
    private static func findHeaderEnd(_ head: UnsafeRawBufferPointer, continuingWith tail: UnsafeRawBufferPointer)
        -> Int?
    {
        // Is the end of `head` at the start of a line (ignoring carriage returns)?
        var k = head.count - 1
        while k >= 0, head[k] == 0x0D { k -= 1 }
        var atLineStart = k < 0 || head[k] == 0x0A
        for i in 0..<tail.count {
            let c = tail[i]
            if c == 0x0A {
                if atLineStart { return head.count + i + 1 }
                atLineStart = true
            } else if c != 0x0D {
                atLineStart = false
            }
        }
        return nil
    }

    /// The offset of the first `content-length:` (any case) in `bytes`, or nil.
    private static func findHeaderStart(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let needle = resyncNeedle
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count)
        where lowerASCII(bytes[i]) == 0x63 && matches(bytes, i..<(i + needle.count), lowercase: needle) {
            return i
        }
        return nil
    }

    /// Where the next header block starts in `bytes`: the first `content-` (any case) at a line start (offset 0
    /// is one when `afterLineBreak`) or `content-length:` anywhere; nil when there is none.
    private static func messageStart(_ bytes: UnsafeRawBufferPointer, afterLineBreak: Bool) -> Int? {
        let lineStartNeedle = Self.lineStartNeedle
        var i = 0
        while i < bytes.count {
            if lowerASCII(bytes[i]) == 0x63 {
                let atLineStart = i == 0 ? afterLineBreak : bytes[i - 1] == 0x0A
                let needle = atLineStart ? lineStartNeedle : resyncNeedle
                if i + needle.count <= bytes.count, matches(bytes, i..<(i + needle.count), lowercase: needle) {
                    return i
                }
            }
            i += 1
        }
        return nil
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        return lower..<upper
    }

    private static func printable(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        let shown = range.lowerBound..<min(range.upperBound, range.lowerBound + 40)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[shown]), as: UTF8.self)
        return "\"" + text + (range.count > 40 ? "…" : "") + "\""
    }
}
