import JSON
import JSONRPC
import SkeletonProtocol
import Synchronization

/// Where the answers to one input payload go: straight to the connection, or into a batch.
protocol Responder: Sendable {
    /// Sends one answer, already encoded as a whole response message (`MessageEncoder`).
    func send(_ id: RequestID?, message: [UInt8])
    /// Sends one answer made of `head + shared + tail` (a big encoded result between its envelope's parts); a
    /// responder that can write `shared` without copying it does.
    func send(_ id: RequestID?, head: [UInt8], shared: [UInt8], tail: [UInt8])
    /// Says that one expected answer will not come (a notification in a batch).
    func skip()
}

extension Responder {
    /// Encoded results this big are written beside their envelope rather than copied into one message.
    static var sharedResultBytes: Int { 64 << 10 }

    /// Encodes an answer straight into one buffer (no tree for the envelope) and sends it; a big encoded result
    /// (an outline) is sent beside its envelope's parts, not copied.
    func respond(_ id: RequestID?, _ result: Result<Reply, ResponseError>) {
        if case .success(.encoded(let value)) = result, value.bytes.count >= Self.sharedResultBytes {
            let (head, tail) = MessageEncoder.responseParts(id: id)
            send(id, head: head, shared: value.bytes, tail: tail)
            return
        }
        send(id, message: Self.encode(id, result))
    }

    /// Joins the parts into one message (what a responder that cannot write them apart does).
    func send(_ id: RequestID?, head: [UInt8], shared: [UInt8], tail: [UInt8]) {
        send(id, message: head + shared + tail)
    }

    /// Sends an error answer from its preformatted parts.
    func respond(_ id: RequestID?, error: ResponseError) {
        send(id, message: MessageEncoder.error(id: id, error))
    }

    static func encode(_ id: RequestID?, _ result: Result<Reply, ResponseError>) -> [UInt8] {
        switch result {
        case .success(.written(let value)): MessageEncoder.response(id: id) { value.write(into: &$0) }
        case .success(.json(let value)): MessageEncoder.response(id: id, result: value)
        case .success(.encoded(let value)): MessageEncoder.response(id: id, encodedResult: value)
        case .failure(let error): MessageEncoder.error(id: id, error)
        }
    }
}

/// Sends each answer as its own message.
struct DirectResponder: Responder {
    let connection: Connection

    func send(_ id: RequestID?, message: [UInt8]) { connection.outbox.send(message) }

    func send(_ id: RequestID?, head: [UInt8], shared: [UInt8], tail: [UInt8]) {
        connection.outbox.send(head: head, shared: shared, tail: tail)
    }

    func skip() {}
}

/// Collects the answers of a batch and sends them as one array once every element is accounted for
/// (JSON-RPC 2.0 §6). A batch of notifications only sends nothing.
///
/// Answers are kept encoded, and together they may take at most `maxBytes` (the output budget): an answer that
/// would go past it is replaced by a -32603 error for that element, so one batch can never make the daemon hold
/// more than the budget, whatever its elements ask for (send such a request on its own).
final class BatchResponder: Responder {
    private struct State {
        var remaining: Int
        var body: [UInt8] = [UInt8(ascii: "[")]
        var answers = 0
    }

    private let connection: Connection
    private let maxBytes: Int
    private let state: Mutex<State>

    init(connection: Connection, expected: Int, maxBytes: Int) {
        self.connection = connection
        self.maxBytes = maxBytes
        self.state = Mutex(State(remaining: expected))
    }

    func send(_ id: RequestID?, message: [UInt8]) { complete(with: message, id: id) }

    func skip() { complete(with: nil, id: nil) }

    /// The -32603 that replaces an answer past `maxBytes`.
    private func tooLarge(_ id: RequestID?) -> [UInt8] {
        MessageEncoder.error(
            id: id,
            ResponseError(
                .internalError,
                "this answer would make the batch's answers larger than \(maxBytes) bytes: send the request on its own"
            ))
    }

    /// Adds an answer (nil for a skipped element) and sends the batch once every element is accounted for. The
    /// size is decided under the same lock as the append, so concurrent answers cannot together pass `maxBytes`.
    private func complete(with answer: [UInt8]?, id: RequestID?) {
        let done = state.withLock { s -> [UInt8]? in
            if var answer {
                if s.body.count + answer.count >= maxBytes { answer = tooLarge(id) }
                if s.answers > 0 { s.body.append(UInt8(ascii: ",")) }
                s.body.append(contentsOf: answer)
                s.answers += 1
            }
            s.remaining -= 1
            guard s.remaining == 0, s.answers > 0 else { return nil }
            s.body.append(UInt8(ascii: "]"))
            return s.body
        }
        if let done { connection.outbox.send(done) }
    }
}
