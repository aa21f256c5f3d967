/// The `--jsonl` framer: one message per line. `\r\n` line ends are accepted and blank lines are ignored.
/// A line over `maxMessageSize` is refused and skipped up to its end without being buffered.
package struct LineFramer: Framer {
    package let maxMessageSize: Int
    private var buffer = ByteBuffer()
    private var discarding = false

    package init(maxMessageSize: Int = 64 << 20) { self.maxMessageSize = maxMessageSize }

    package var bufferedByteCount: Int { buffer.count }

    package mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (FramerEvent) -> Void) {
        var input = bytes
        while !input.isEmpty {
            guard let newline = input.firstIndex(of: 0x0A) else {
                if !discarding {
                    if buffer.count + input.count > maxMessageSize {
                        tooLarge(emit)
                    } else {
                        buffer.append(input)
                    }
                }
                return
            }
            let line = UnsafeRawBufferPointer(rebasing: input[..<newline])
            input = UnsafeRawBufferPointer(rebasing: input[(newline + 1)...])
            if discarding {
                discarding = false
                continue
            }
            if buffer.count + line.count > maxMessageSize {
                tooLarge(emit)
                discarding = false
                continue
            }
            if buffer.count == 0 {
                emitLine(line, emit)  // Zero copy.
            } else {
                buffer.append(line)
                buffer.withReadable { emitLine($0, emit) }
                buffer.removeAll()
            }
        }
    }

    package mutating func finish(_ emit: (FramerEvent) -> Void) {
        // A last line without a newline is still a message.
        if !discarding, buffer.count > 0 {
            buffer.withReadable { emitLine($0, emit) }
        }
        buffer.removeAll()
        discarding = false
    }

    private mutating func tooLarge(_ emit: (FramerEvent) -> Void) {
        emit(.error(FramingError(.messageTooLarge, "line over the limit of \(maxMessageSize) bytes")))
        buffer.removeAll()
        discarding = true
    }

    private func emitLine(_ line: UnsafeRawBufferPointer, _ emit: (FramerEvent) -> Void) {
        var body = line
        if body.last == 0x0D { body = UnsafeRawBufferPointer(rebasing: body.dropLast()) }
        guard body.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        emit(.message(body))
    }
}
