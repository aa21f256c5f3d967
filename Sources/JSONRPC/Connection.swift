import Foundation
package import JSON

/// Receives what a connection reads. Called on the reader thread, in input order.
package protocol MessageHandler: Sendable {
    func handle(_ payload: IncomingPayload, from connection: Connection)
    /// The input ended (EOF or a read error). Called once, after every payload.
    func inputDidEnd(_ connection: Connection)
}

/// A JSON-RPC connection over two file descriptors: one reader thread, one writer thread (the `Outbox`).
///
/// Framing and parse errors are answered here (id null) and reading goes on; everything that decodes is
/// passed to the handler.
package final class Connection: Sendable {
    package let outbox: Outbox
    package let log: Logger
    package let mode: FramingMode
    private let inputFD: Int32
    private let limits: JSONLimits

    package init(
        input: Int32, output: Int32, mode: FramingMode, limits: JSONLimits = .messages,
        watermarks: Outbox.Watermarks = Outbox.Watermarks(), log: Logger
    ) {
        self.inputFD = input
        self.mode = mode
        self.limits = limits
        self.log = log
        self.outbox = Outbox(fd: output, watermarks: watermarks, envelope: .forMode(mode))
    }

    /// Sends a complete message.
    package func send(_ message: JSON) { outbox.send(message.bytes) }

    /// Sends a response, its envelope encoded straight into the message's buffer (`MessageEncoder`).
    package func sendResult(id: RequestID, _ result: JSON) {
        outbox.send(MessageEncoder.response(id: id, result: result))
    }

    /// Sends an error response from its preformatted parts (`MessageEncoder.error`).
    package func sendError(id: RequestID?, _ error: ResponseError) {
        outbox.send(MessageEncoder.error(id: id, error))
    }

    /// Sends a notification, its envelope encoded straight into the message's buffer.
    package func sendNotification(_ method: String, _ params: JSON) {
        outbox.send(MessageEncoder.notification(method: method, params: params))
    }

    /// Reads until the end of input on a new thread.
    package func start(_ handler: any MessageHandler) {
        let thread = Thread { [self] in readLoop(handler) }
        thread.name = "skeletond.reader"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Reads until the end of input on the calling thread.
    package func readLoop(_ handler: any MessageHandler) {
        var stream = IncomingStream(mode: mode, limits: limits)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { chunk.deallocate() }
        let deliver: (IncomingEvent) -> Void = { [self] event in
            switch event {
            case .payload(let payload): handler.handle(payload, from: self)
            case .failure(let error):
                log.warning("answered with \(error.code): \(error.message)")
                sendError(id: nil, error)
            }
        }
        while true {
            let n = FileDescriptor.read(inputFD, into: chunk)
            if n < 0 { log.error("reading input failed (errno \(errno))") }
            if n <= 0 { break }
            stream.feed(UnsafeRawBufferPointer(rebasing: chunk[..<n]), deliver)
        }
        stream.finish(deliver)
        handler.inputDidEnd(self)
    }
}
