import JSON
import JSONRPC
import Synchronization

/// Where the answers to one input payload go: straight to the connection, or into a batch.
protocol Responder: Sendable {
    func respond(_ id: RequestID?, _ result: Result<JSON, ResponseError>)
    /// Says that one expected answer will not come (a notification in a batch).
    func skip()
}

/// Sends each answer as its own message.
struct DirectResponder: Responder {
    let connection: Connection

    func respond(_ id: RequestID?, _ result: Result<JSON, ResponseError>) {
        switch result {
        case .success(let value): connection.send(OutgoingMessage.response(id: id, result: value))
        case .failure(let error): connection.send(OutgoingMessage.error(id: id, error))
        }
    }

    func skip() {}
}

/// Collects the answers of a batch and sends them as one array once every element is accounted for
/// (JSON-RPC 2.0 §6). A batch of notifications only sends nothing.
final class BatchResponder: Responder {
    private struct State {
        var remaining: Int
        var answers: [JSON] = []
    }

    private let connection: Connection
    private let state: Mutex<State>

    init(connection: Connection, expected: Int) {
        self.connection = connection
        self.state = Mutex(State(remaining: expected))
    }

    func respond(_ id: RequestID?, _ result: Result<JSON, ResponseError>) {
        let answer: JSON =
            switch result {
            case .success(let value): OutgoingMessage.response(id: id, result: value)
            case .failure(let error): OutgoingMessage.error(id: id, error)
            }
        complete(with: answer)
    }

    func skip() { complete(with: nil) }

    private func complete(with answer: JSON?) {
        let done = state.withLock { s -> [JSON]? in
            if let answer { s.answers.append(answer) }
            s.remaining -= 1
            return s.remaining == 0 ? s.answers : nil
        }
        if let done, !done.isEmpty { connection.send(.array(done)) }
    }
}
