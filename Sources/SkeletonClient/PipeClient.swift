import Foundation
package import JSON
package import JSONRPC

/// Something went wrong talking to the server.
package struct ClientError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A JSON-RPC client over two file descriptors: writes framed messages to the server's input and reads framed
/// messages from its output, always with a timeout, so a client can never hang on a server that died or stalled.
// Safety: its buffers are not locked: its owner uses it from one thread at a time (each call waits for its own
// answer, and no call keeps a reference to it); Sendable only so that it can be handed to the thread that uses it.
package final class PipeClient: @unchecked Sendable {
    /// The daemon's messages are parsed with the message limits but no count of values: an answer about a large
    /// document (`skeleton/layers` of 100,000 nodes) may hold more than a request may, and its size is the
    /// daemon's to bound.
    static let answerLimits = JSONLimits(maxValues: .max)

    package let mode: FramingMode
    private let writeFD: Int32
    private let readFD: Int32
    private var framer: any Framer
    private var inbox: [JSON] = []
    private var nextID = 1000
    private var inputClosed = false
    /// Set when the server's output reached end of file.
    package private(set) var reachedEnd = false
    /// The descriptors this client writes the server's input to and reads its output from.
    package var descriptors: (write: Int32, read: Int32) { (writeFD, readFD) }

    package init(writeFD: Int32, readFD: Int32, mode: FramingMode = .lsp) {
        self.writeFD = writeFD
        self.readFD = readFD
        self.mode = mode
        framer = mode == .lsp ? ContentLengthFramer() as any Framer : LineFramer() as any Framer
    }

    /// Sends one message, framed for the mode.
    package func send(_ message: JSON) {
        sendRaw(OutputFraming.framing(for: mode)(message.bytes))
    }

    /// Sends bytes as they are.
    package func sendRaw(_ bytes: [UInt8]) {
        guard !inputClosed else { return }
        FileDescriptor.writeAll(writeFD, bytes)
    }

    /// Closes the server's input (it sees end of file).
    package func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        close(writeFD)
    }

    /// The next message from the server.
    package func receive(timeout: Double = 20) throws -> JSON {
        let deadline = Date().addingTimeInterval(timeout)
        while inbox.isEmpty {
            guard !reachedEnd else { throw ClientError("the server closed its output") }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ClientError("no message within \(timeout) s") }
            try fill(waitMilliseconds: Int32(min(remaining, 1) * 1000))
        }
        return inbox.removeFirst()
    }

    /// Messages that arrive within `seconds` (for checking that nothing else comes).
    package func drain(for seconds: Double) throws -> [JSON] {
        let deadline = Date().addingTimeInterval(seconds)
        while !reachedEnd, deadline.timeIntervalSinceNow > 0 {
            try fill(waitMilliseconds: Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
        }
        defer { inbox.removeAll() }
        return inbox
    }

    /// Waits for the server to close its output, returning whatever it sent before.
    package func readUntilEnd(timeout: Double = 20) throws -> [JSON] {
        let deadline = Date().addingTimeInterval(timeout)
        while !reachedEnd {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ClientError("the server did not close its output within \(timeout) s") }
            try fill(waitMilliseconds: Int32(min(remaining, 1) * 1000))
        }
        defer { inbox.removeAll() }
        return inbox
    }

    /// Sends a request with a fresh id and returns its response; notifications that arrive first are kept
    /// in `notifications`.
    package func request(_ method: String, _ params: JSON? = nil, timeout: Double = 20) throws -> JSON {
        nextID += 1
        let id = nextID
        var message: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
        while true {
            let next = try receive(timeout: timeout)
            if next["id"]?.intValue == id, next["method"] == nil { return next }
            notifications.append(next)
        }
    }

    /// Sends a notification.
    package func notify(_ method: String, _ params: JSON? = nil) {
        var message: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { message["params"] = params }
        send(.object(message))
    }

    /// Messages received while waiting for responses.
    package var notifications: [JSON] = []

    private func fill(waitMilliseconds: Int32) throws {
        var descriptor = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, waitMilliseconds)
        guard ready > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { FileDescriptor.read(readFD, into: $0) }
        if n <= 0 {
            reachedEnd = true
            return
        }
        var parsed: [JSON] = []
        var failure: ClientError?
        chunk.withUnsafeBytes { raw in
            framer.feed(UnsafeRawBufferPointer(rebasing: raw[..<n])) { event in
                switch event {
                case .message(let body):
                    do { parsed.append(try JSONDocument.parse(body, limits: Self.answerLimits).value.json) } catch {
                        failure = ClientError("the server sent invalid JSON: \(error)")
                    }
                case .error(let error):
                    failure = ClientError("the server sent a bad frame: \(error)")
                }
            }
        }
        inbox.append(contentsOf: parsed)
        if let failure { throw failure }
    }
}
