import FuzzReplay
import JSONRPC

/// Feeds one input's stream `M0 + G1 + M1 + G2 + M2 + M2'` (FramerFuzzInput) to a `ContentLengthFramer` in the
/// chunks the input chose, and again in one read, and traps unless the framer recovered as
/// Protocol/base-protocol.md ("Framing errors and recovery") says. What the garbage may do is only this: be
/// reported as errors, and swallow a message it runs into (a `Content-Type` with a bad charset makes the next
/// message's body skipped; a header block over 8 KiB is cut inside the next header; a block that fails with the
/// next header at a line start takes it along). It never holds `content-length`, so it cannot announce a body,
/// and a delivered body is always exactly one of the messages'. Hence, exactly:
///
/// 1. the events are the same whether the stream arrives in the chosen chunks or in one read;
/// 2. the first event is M0's body, the last M2''s, and the one before M2' is M2's body or an error;
/// 3. every delivered message is the body of M0, M1, M2 or M2', intact, each at most once and in stream order;
/// 4. a message that no garbage precedes (M1 when G1 is empty, M2 when G2 is, M2' always) is delivered, and
///    straight after the one before it when that one was delivered;
/// 5. no message disappears silently: between two delivered messages that skip one, there is an error;
/// 6. `bufferedByteCount` is never over the 8 KiB header limit + 64 KiB + the longest body, after any read.
enum FramerFuzzSession {
    enum Event: Equatable {
        case message([UInt8])
        case error(FramingError)
    }

    static func run(_ data: UnsafeRawBufferPointer, verbose: Bool = false) {
        let input = FramerFuzzInput(data)
        let stream = input.stream
        let bound = ContentLengthFramer.maxHeaderSize + (64 << 10) + (input.bodies.map(\.count).max() ?? 0)
        let chunked = frame(stream, chunkSizes: input.chunkSizes, bound: bound, input)
        if verbose { StandardError.write(describe(input, chunked)) }
        let whole = frame(stream, chunkSizes: [0], bound: bound, input)
        guard chunked == whole else {
            fail("the events depend on the chunking; in one read:\n" + describe(whole), input, chunked)
        }
        check(chunked, input)
    }

    /// The properties 2–5 on the events.
    private static func check(_ events: [Event], _ input: FramerFuzzInput) {
        guard events.first == .message(input.bodies[0]) else { fail("the first event is not M0", input, events) }
        guard events.last == .message(input.bodies[3]) else { fail("the last event is not M2'", input, events) }
        let beforeLast = events[events.count - 2]
        let errorBeforeLast = if case .error = beforeLast { true } else { false }
        guard errorBeforeLast || beforeLast == .message(input.bodies[2]) else {
            fail("M2' is preceded neither by M2 nor by an error", input, events)
        }
        // Which message each delivered body is, and where it is among the events.
        var delivered: [(message: Int, at: Int)] = []
        for (at, event) in events.enumerated() {
            guard case .message(let body) = event else { continue }
            guard let message = input.bodies.firstIndex(of: body) else {
                fail("event \(at) is a body that no message sent", input, events)
            }
            if let last = delivered.last, message <= last.message {
                fail("M\(message) is delivered again or out of order (event \(at))", input, events)
            }
            delivered.append((message, at))
        }
        let garbageBefore = [false, !input.garbage[0].isEmpty, !input.garbage[1].isEmpty, false]
        for message in 1..<4 where !garbageBefore[message] {
            guard let this = delivered.firstIndex(where: { $0.message == message }) else {
                fail("M\(message) follows no garbage but is not delivered", input, events)
            }
            if let previous = delivered.first(where: { $0.message == message - 1 }),
                previous.at + 1 != delivered[this].at
            {
                fail("M\(message) follows M\(message - 1) directly but events come between them", input, events)
            }
        }
        for (previous, next) in zip(delivered, delivered.dropFirst()) where next.message > previous.message + 1 {
            let between = events[(previous.at + 1)..<next.at]
            guard between.contains(where: { if case .error = $0 { true } else { false } }) else {
                fail("M\(previous.message + 1) disappears without an error", input, events)
            }
        }
    }

    /// The events of a fresh framer fed `stream` in reads of `chunkSizes` (in turn), then finished; checks the
    /// buffered bytes after every read (property 6).
    private static func frame(_ stream: [UInt8], chunkSizes: [Int], bound: Int, _ input: FramerFuzzInput) -> [Event] {
        var framer = ContentLengthFramer()
        var events: [Event] = []
        let collect: (FramerEvent) -> Void = { event in
            switch event {
            case .message(let body): events.append(.message(Array(body)))
            case .error(let error): events.append(.error(error))
            }
        }
        stream.withUnsafeBytes { all in
            var offset = 0
            var turn = 0
            while offset < all.count {
                let size = chunkSizes[turn % chunkSizes.count]
                turn += 1
                let end = size == 0 ? all.count : min(all.count, offset + size)
                framer.feed(UnsafeRawBufferPointer(rebasing: all[offset..<end]), collect)
                offset = end
                if framer.bufferedByteCount > bound {
                    fail(
                        "\(framer.bufferedByteCount) bytes buffered after byte \(offset), over the bound \(bound)",
                        input, events)
                }
            }
        }
        framer.finish(collect)
        return events
    }

    /// Reports a violated property to libFuzzer (a trap), after printing what was fed and what came out.
    private static func fail(_ what: String, _ input: FramerFuzzInput, _ events: [Event]) -> Never {
        StandardError.write("framer property violated: \(what)\n" + describe(input, events))
        preconditionFailure("framer property violated: \(what)")
    }

    private static func describe(_ input: FramerFuzzInput, _ events: [Event]) -> String {
        var text = "chunks \(input.chunkSizes), bodies of \(input.bodies.map(\.count)) bytes\n"
        for (i, run) in input.garbage.enumerated() {
            text += "G\(i + 1) (\(run.count) bytes): \(printable(run))\n"
        }
        return text + describe(events)
    }

    private static func describe(_ events: [Event]) -> String {
        var text = "events:\n"
        for event in events {
            switch event {
            case .message(let body): text += "  message \(printable(body))\n"
            case .error(let error): text += "  error \(error.kind): \(error.message)\n"
            }
        }
        return text
    }

    /// The first 200 bytes, with control and non-ASCII bytes escaped.
    private static func printable(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes.prefix(200) {
            switch byte {
            case 0x0D: text += "\\r"
            case 0x0A: text += "\\n"
            case 0x5C: text += "\\\\"
            case 0x20..<0x7F: text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return "\"" + text + (bytes.count > 200 ? "…\" (\(bytes.count) bytes)" : "\"")
    }
}
