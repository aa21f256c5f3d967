/// The LSP base protocol framer: a header block (`Name: value` lines ended by an empty line), then exactly
/// `Content-Length` bytes of body.
///
/// - Header names are case-insensitive; lines end with `\r\n` (a bare `\n` is tolerated).
/// - `Content-Type` is optional; its charset must be `utf-8` (or the legacy `utf8`).
/// - A `Content-Length` over `maxMessageSize` is refused before anything is allocated for it, and its body is
///   skipped as it streams past, so the next message is read normally.
/// - After a malformed header block the framer resynchronises at the next line that starts a header.
public struct ContentLengthFramer: Framer {
    /// The largest body accepted, in bytes.
    public let maxMessageSize: Int
    /// The largest header block accepted, in bytes.
    public static let maxHeaderSize = 8192
    /// Bodies over `maxMessageSize` but at most this long are skipped unread; a longer `Content-Length` is
    /// not believed, and the framer resynchronises at the next header instead.
    public static let maxSkippableLength = 1 << 31

    private enum State {
        case headers
        case body(length: Int)
        case skipping(remaining: Int)
        case resync
    }

    private var state: State = .headers
    private var buffer = ByteBuffer()
    /// While resynchronising: whether the first buffered byte starts a line.
    private var resyncAtLineStart = true

    public init(maxMessageSize: Int = 64 << 20) { self.maxMessageSize = maxMessageSize }

    public var bufferedByteCount: Int { buffer.count }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (FramerEvent) -> Void) {
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

    public mutating func finish(_ emit: (FramerEvent) -> Void) {
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
        buffer.removeAll()
        switch parsed {
        case .blank:
            state = .headers
        case .success(let length):
            state = .body(length: length)
        case .failure(let error, let skip):
            emit(.error(error))
            if let skip { state = skip > 0 ? .skipping(remaining: skip) : .headers } else { enterResync() }
        }
        return true
    }

    private mutating func enterResync() {
        state = .resync
        resyncAtLineStart = true
    }

    /// After a malformed header block, skips to the next line that starts with `Content-`. Returns false when
    /// more input is needed. The buffer holds at most a short tail, in case a header name is split across reads.
    private mutating func resynchronise(_ input: inout UnsafeRawBufferPointer) -> Bool {
        let tailLength = 16
        if buffer.count > 0 {
            // A header start that begins in the tail and continues in this input.
            var joined: [UInt8] = buffer.withReadable { Array($0) }
            let tailCount = joined.count
            joined.append(contentsOf: input.prefix(tailLength))
            let atLineStart = resyncAtLineStart
            let found = joined.withUnsafeBytes { Self.findHeaderStart($0, firstIsLineStart: atLineStart) }
            if let found, found < tailCount {
                let start = joined[found..<tailCount]
                buffer.removeAll()
                start.withUnsafeBytes { buffer.append($0) }
                state = .headers
                return true
            }
        }
        let lineStart = buffer.withReadable { $0.last.map { $0 == 0x0A } } ?? resyncAtLineStart
        if let found = Self.findHeaderStart(input, firstIsLineStart: lineStart) {
            buffer.removeAll()
            input = UnsafeRawBufferPointer(rebasing: input[found...])
            state = .headers
            return true
        }
        // Keep only a short tail of what was skipped.
        var kept: [UInt8] = buffer.withReadable { Array($0) }
        kept.append(contentsOf: input.suffix(tailLength + 1))
        if kept.count > tailLength { resyncAtLineStart = kept[kept.count - tailLength - 1] == 0x0A }
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

    private static func parseHeaders(_ bytes: UnsafeRawBufferPointer, maxMessageSize: Int) -> HeaderResult {
        let maxSkippableLength = Self.maxSkippableLength
        var length: Int?
        var lengthError: FramingError?
        var charsetError: FramingError?
        var sawHeader = false
        for line in lines(of: bytes) where !line.isEmpty {
            sawHeader = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(
                    FramingError(.malformedHeader, "header line without a colon: \(printable(line))"), skip: nil)
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            let value = trimmed(line[(colon + 1)...])
            switch name {
            case "content-length":
                guard !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    lengthError = FramingError(
                        .invalidContentLength, "Content-Length must be a non-negative integer, not \(printable(value))")
                    continue
                }
                // Saturate instead of overflowing on absurd lengths.
                var n = 0
                for digit in value {
                    n = n > (Int.max - 9) / 10 ? Int.max : n * 10 + Int(digit - 0x30)
                }
                length = n
            case "content-type":
                let text = String(decoding: value, as: UTF8.self).lowercased()
                if let range = text.range(of: "charset=") {
                    let charset = text[range.upperBound...].prefix { $0 != ";" }
                        .trimmingCharacters(in: " \"")
                    if charset != "utf-8" && charset != "utf8" {
                        charsetError = FramingError(
                            .unsupportedCharset, "unsupported charset \(charset): only utf-8 is accepted")
                    }
                }
            default:
                continue  // Unknown headers are ignored.
            }
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

    /// The offset of the first line that starts with `content-` (any case), or nil. Offset 0 counts as a line
    /// start only when `firstIsLineStart`.
    private static func findHeaderStart(_ bytes: UnsafeRawBufferPointer, firstIsLineStart: Bool) -> Int? {
        let needle = Array("content-".utf8)
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where i == 0 ? firstIsLineStart : bytes[i - 1] == 0x0A {
            var match = true
            for j in 0..<needle.count where (bytes[i + j] | 0x20) != needle[j] {
                match = false
                break
            }
            if match { return i }
        }
        return nil
    }

    private static func lines(of bytes: UnsafeRawBufferPointer) -> [ArraySlice<UInt8>] {
        let all = Array(bytes)
        return all.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
    }

    private static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let f = s.first, f == 0x20 || f == 0x09 { s = s.dropFirst() }
        while let l = s.last, l == 0x20 || l == 0x09 { s = s.dropLast() }
        return s
    }

    private static func printable(_ s: ArraySlice<UInt8>) -> String {
        let text = String(decoding: s.prefix(40), as: UTF8.self)
        return "\"" + text + (s.count > 40 ? "…" : "") + "\""
    }
}

extension StringProtocol {
    fileprivate func range(of target: String) -> Range<Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }

    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
