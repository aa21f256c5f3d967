package import JSON
package import JSONRPC
package import SkeletonProtocol
import Synchronization

/// The JSON-RPC server: LSP lifecycle, dispatch onto lanes, cancellation, batches.
///
/// Everything here runs on the reader thread except the handlers, which run on lanes. The lifecycle phase
/// therefore changes in input order, and a handler never sees a phase that its request did not.
package final class Server: MessageHandler {
    /// Decides the server's capabilities from the client's `initialize` params (and may take settings there).
    /// Throwing a `ResponseError` or `JSONDecodingError` refuses the `initialize`.
    package typealias Initializer = @Sendable (_ params: InitializeRequest.Params) throws -> JSON

    package let log: Logger
    package let info: ServerInfo
    private let table: MethodTable
    private let initializer: Initializer
    private let onExit: @Sendable (Int32) -> Void
    private let lanes = Lanes()
    private let phase = Mutex(LifecyclePhase.uninitialized)
    private let pending = Mutex<[RequestID: CancellationToken]>([:])
    private let connectionBox = Mutex<Connection?>(nil)
    /// The id of the last request the server sent the client.
    private let lastRequestID = Mutex(0)

    /// - Parameters:
    ///   - onExit: ends the process with the given status (tests pass a closure that records it).
    package init(
        table: MethodTable, info: ServerInfo = ServerInfo(), log: Logger,
        initializer: @escaping Initializer, onExit: @escaping @Sendable (Int32) -> Void
    ) {
        self.table = table
        self.info = info
        self.log = log
        self.initializer = initializer
        self.onExit = onExit
    }

    package var lifecyclePhase: LifecyclePhase { phase.withLock { $0 } }

    /// The connection the server answers on (set by the first payload).
    package var connection: Connection? { connectionBox.withLock { $0 } }

    /// Sends a notification to the client.
    package func notify(_ method: String, _ params: JSON) {
        connection?.sendNotification(method, params)
    }

    /// Sends a request to the client (`client/registerCapability`, `window/workDoneProgress/create`), with an id of
    /// its own (`skeletond-N`, never one of the client's); its answer is not waited for (one that comes is logged).
    package func sendRequest(_ method: String, _ params: JSON) {
        let id = lastRequestID.withLock { last in
            last += 1
            return last
        }
        let message = OutgoingMessage.request(id: .string("skeletond-\(id)"), method: method, params: params)
        connection?.outbox.send(message.bytes)
    }

    /// Runs `work` on the lane of document `uri`, after the work already queued there (for timers and clock
    /// moves that change a document outside any request).
    package func runOnDocumentLane(_ uri: String, _ work: @escaping @Sendable () -> Void) {
        lanes.run("doc:" + uri, work)
    }

    /// Blocks until every dispatched handler has finished.
    package func waitUntilIdle() { lanes.waitUntilIdle() }

    /// Handlers queued or running.
    package var pendingWork: Int { lanes.pendingCount }

    /// Handlers queued at once at which the reader stops reading input; it reads on once half of them ran.
    package static let maxPendingWork = Lanes.defaultCapacity

    // MARK: MessageHandler

    package func handle(_ payload: IncomingPayload, from connection: Connection) {
        connectionBox.withLock { if $0 == nil { $0 = connection } }
        lanes.waitForRoom()
        connection.outbox.waitForRoom()
        switch payload {
        case .single(.failure(let invalid)):
            connection.sendError(id: invalid.id, invalid.error)
        case .single(.success(let message)):
            dispatch(message, responder: DirectResponder(connection: connection))
        case .batch(let elements):
            let responder = BatchResponder(
                connection: connection, expected: elements.count, maxBytes: connection.outbox.budget)
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    lanes.waitForRoom()
                    connection.outbox.waitForRoom()
                }
                switch element {
                case .failure(let invalid): responder.respond(invalid.id, error: invalid.error)
                case .success(let message): dispatch(message, responder: responder)
                }
            }
        }
    }

    package func inputDidEnd(_ connection: Connection) {
        log.info("input ended; finishing \(lanes.activeCount) lanes")
        lanes.waitUntilIdle()
        connection.outbox.close()
        onExit(0)
    }

    // MARK: Dispatch

    private func dispatch(_ message: IncomingMessage, responder: any Responder) {
        switch message {
        case .response(let id, _, _):
            log.debug("a response to \(id.map(\.description) ?? "null") (the server waits for none)")
            responder.skip()
        case .notification(let method, let params):
            handleNotification(method, params)
            responder.skip()
        case .request(let id, let method, let params):
            handleRequest(id, method, params, responder)
        }
    }

    private func handleRequest(_ id: RequestID, _ method: String, _ params: JSONValue?, _ responder: any Responder) {
        let current = lifecyclePhase
        if method == "initialize" {
            guard current == .uninitialized else {
                return responder.respond(id, error: ResponseError(.invalidRequest, "initialize was already received"))
            }
            return responder.respond(id, initialize(params).map(Reply.json))
        }
        switch current {
        case .uninitialized:
            return responder.respond(id, error: Self.notInitialized)
        case .shuttingDown:
            return responder.respond(id, error: Self.shuttingDown)
        case .running:
            break
        }
        if method == "shutdown" {
            // Everything received before it is answered first.
            phase.withLock { $0 = .shuttingDown }
            lanes.waitUntilIdle()
            return responder.respond(id, .success(.json(.null)))
        }
        guard let entry = table.requests[method] else {
            return responder.send(id, message: MessageEncoder.methodNotFound(id: id, method: method))
        }
        let token = CancellationToken()
        pending.withLock { $0[id] = token }
        let context = RequestContext(id: id, method: method, params: params, cancellation: token, server: self)
        if case .barrier = entry.route {
            // On the reader thread: nothing new is dispatched until it is done.
            lanes.waitUntilIdle()
            let result = run { try entry.handler(context) }
            pending.withLock { $0[id] = nil }
            responder.respond(id, result)
            if case .success = result { context.hooks.run() }
            return
        }
        lanes.run(entry.lane(params)) { [self] in
            connection?.outbox.waitForRoom()
            let result: Result<Reply, ResponseError>
            if token.isCancelled {
                result = .failure(Self.cancelled)
            } else {
                result = run { try entry.handler(context) }
            }
            pending.withLock { pending in
                if pending[id] === token { pending[id] = nil }
            }
            responder.respond(id, result)
            if case .success = result { context.hooks.run() }
        }
    }

    private func handleNotification(_ method: String, _ params: JSONValue?) {
        if method == "exit" {
            let code: Int32 = lifecyclePhase == .shuttingDown ? 0 : 1
            log.info("exit (status \(code))")
            lanes.waitUntilIdle()
            connection?.outbox.close()
            return onExit(code)
        }
        switch lifecyclePhase {
        case .uninitialized:
            return log.debug("dropped \(method): not initialized")
        case .shuttingDown:
            return log.debug("dropped \(method): shutting down")
        case .running:
            break
        }
        if method == "$/cancelRequest" { return cancel(params) }
        guard let entry = table.notifications[method] else {
            if !method.hasPrefix("$/") && method != "initialized" { log.info("ignored unknown notification \(method)") }
            return
        }
        let context = NotificationContext(method: method, params: params, server: self)
        lanes.run(entry.lane(params)) { [self] in
            connection?.outbox.waitForRoom()
            if case .failure(let error) = run({ try entry.handler(context) }) {
                log.error("\(method): \(error.message)")
            }
        }
    }

    private static let notInitialized = ResponseError(
        .serverNotInitialized, "the server is not initialized: send initialize first")
    private static let shuttingDown = ResponseError(
        .invalidRequest, "the server is shutting down: only exit is accepted")
    private static let cancelled = ResponseError(.requestCancelled, "request cancelled by the client")

    private func cancel(_ params: JSONValue?) {
        guard let value = params?["id"] else { return log.warning("$/cancelRequest without an id") }
        let id: RequestID
        if let i = value.int {
            id = .int(i)
        } else if let s = value.string {
            id = .string(s)
        } else {
            return log.warning("$/cancelRequest with an id that is neither an integer nor a string")
        }
        let token = pending.withLock { $0[id] }
        if let token { token.cancel() } else { log.debug("$/cancelRequest for \(id), which is not pending") }
    }

    private func initialize(_ params: JSONValue?) -> Result<JSON, ResponseError> {
        let result = run { try initializer(InitializeRequest.Params.decode(params: params)) }
        guard case .success(let capabilities) = result else { return result }
        phase.withLock { $0 = .running }
        return .success([
            "capabilities": capabilities,
            "serverInfo": ["name": .string(info.name), "version": .string(info.version)],
        ])
    }

    /// Runs a handler and maps what it throws onto JSON-RPC errors.
    private func run<T>(_ body: () throws -> T) -> Result<T, ResponseError> {
        do {
            return .success(try body())
        } catch let error as ResponseError {
            return .failure(error)
        } catch let error as JSONDecodingError {
            return .failure(.invalidParams(error))
        } catch {
            log.error("internal error: \(error)")
            return .failure(ResponseError(.internalError, "internal error: \(error)"))
        }
    }
}
