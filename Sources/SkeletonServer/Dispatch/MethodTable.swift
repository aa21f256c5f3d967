package import JSON
package import JSONRPC
package import SkeletonProtocol
import Synchronization

/// Which lane a method runs on.
package enum Route: Sendable {
    /// The lane of the document named by `params.textDocument.uri` or `params.uri`: serial per document.
    case document
    /// The control lane: serial with other control work, parallel with documents.
    case control
    /// After everything received before it has finished, and before anything received after it starts (for
    /// moving the clock: a scripted client expects its earlier requests to happen at the earlier time).
    case barrier
    /// A named lane of its own (the workspace's: indexing, watched-file changes and `skeleton/workspace` in order).
    case lane(String)
}

/// What a request handler gets.
package struct RequestContext: HandlerContext {
    package let id: RequestID
    package let method: String
    /// `params` as sent (an object or an array), or nil when absent.
    package let params: JSONValue?
    package let cancellation: CancellationToken
    package let server: Server
    let hooks = ResponseHooks()

    /// Runs `work` once the answer to this request has been queued for the client (for example, the first
    /// frame of a subscription, which must not overtake the answer that names the subscription).
    package func afterResponse(_ work: @escaping @Sendable () -> Void) { hooks.add(work) }

    /// The params object; -32602 at `/params` when absent or not an object.
    package func paramsObject() throws(JSONDecodingError) -> JSONValue {
        guard let params, params.kind == .object else {
            throw JSONDecodingError(pointer: JSONPointer(["params"]), message: "must be an object")
        }
        return params
    }
}

/// What a notification handler gets.
package struct NotificationContext: HandlerContext {
    package let method: String
    package let params: JSONValue?
    package let server: Server

    package func paramsObject() throws(JSONDecodingError) -> JSONValue {
        guard let params, params.kind == .object else {
            throw JSONDecodingError(pointer: JSONPointer(["params"]), message: "must be an object")
        }
        return params
    }
}

/// Answers a request: a result, or a thrown `ResponseError` / `JSONDecodingError` (-32602); anything else
/// thrown becomes -32603.
/// What every handler is given: the message's params (what the unknown-member rule checks).
package protocol HandlerContext: Sendable {
    var params: JSONValue? { get }
}

package typealias RequestHandler = @Sendable (RequestContext) throws -> JSON
package typealias NotificationHandler = @Sendable (NotificationContext) throws -> Void

/// The methods a server answers, built before the server starts and never changed afterwards.
package struct MethodTable: Sendable {
    struct RequestEntry: Sendable {
        let route: Route
        /// The lane key of a message's params (the reader thread asks it; see `Route`).
        let lane: @Sendable (JSONValue?) -> String
        let handler: @Sendable (RequestContext) throws -> Reply
    }

    struct NotificationEntry: Sendable {
        let route: Route
        let lane: @Sendable (JSONValue?) -> String
        let handler: NotificationHandler
    }

    private(set) var requests: [String: RequestEntry] = [:]
    private(set) var notifications: [String: NotificationEntry] = [:]

    package init() {}

    /// Registers a request handler.
    ///
    /// - Parameter members: the members its params object may have; any other is refused with -32602 before
    ///   `handler` runs (see `ParamMembers`). nil only for LSP's own methods, whose clients may send more.
    package mutating func request(
        _ method: String, route: Route = .document, members: ParamMembers?, _ handler: @escaping RequestHandler
    ) {
        let checked = Self.checking(members, handler)
        requests[method] = RequestEntry(route: route, lane: Self.lane(route)) { context in .json(try checked(context)) }
    }

    /// Registers a notification handler; `members` as for requests (a refused notification is logged, as
    /// notifications get no answer).
    package mutating func notification(
        _ method: String, route: Route = .document, members: ParamMembers?, _ handler: @escaping NotificationHandler
    ) {
        notifications[method] = NotificationEntry(
            route: route, lane: Self.lane(route), handler: Self.checking(members, handler))
    }

    // MARK: Typed methods

    /// Registers a request about one document (`SkeletonProtocol`): it runs on that document's lane (the member its
    /// params type names), its params decoded there once (-32602 naming the value before `handler` runs).
    package mutating func request<Method: RequestMethod>(
        _: Method.Type, _ handler: @escaping @Sendable (Method.Params, RequestContext) throws -> Method.Result
    ) where Method.Params: DocumentParams {
        requests[Method.method] = RequestEntry(route: .document, lane: Self.lane(Method.Params.document)) { context in
            try handler(Method.Params.decode(params: context.params), context).reply
        }
    }

    /// Registers a request that is about no document, on `route` (`.control`, `.barrier` or a named lane);
    /// params decoded as for a document's request.
    package mutating func request<Method: RequestMethod>(
        _: Method.Type, route: Route,
        _ handler: @escaping @Sendable (Method.Params, RequestContext) throws -> Method.Result
    ) {
        requests[Method.method] = RequestEntry(route: route, lane: Self.lane(route)) { context in
            try handler(Method.Params.decode(params: context.params), context).reply
        }
    }

    /// Registers a notification about one document: on its lane, params decoded there (a refused notification is
    /// logged, as notifications get no answer).
    package mutating func notification<Method: NotificationMethod>(
        _: Method.Type, _ handler: @escaping @Sendable (Method.Params, NotificationContext) throws -> Void
    ) where Method.Params: DocumentParams {
        notifications[Method.method] = NotificationEntry(route: .document, lane: Self.lane(Method.Params.document)) {
            context in try handler(Method.Params.decode(params: context.params), context)
        }
    }

    /// Registers a notification that is about no document, on `route` (a named lane); params decoded as for a
    /// document's notification.
    package mutating func notification<Method: NotificationMethod>(
        _: Method.Type, route: Route, _ handler: @escaping @Sendable (Method.Params, NotificationContext) throws -> Void
    ) {
        notifications[Method.method] = NotificationEntry(route: route, lane: Self.lane(route)) { context in
            try handler(Method.Params.decode(params: context.params), context)
        }
    }

    // MARK: Lanes

    /// The lane of a document's work: the document named by `member`, or the control lane when it names none
    /// (the decoder then refuses the params there).
    private static func lane(_ member: DocumentMember) -> @Sendable (JSONValue?) -> String {
        { params in member.uri(in: params).map { "doc:" + $0 } ?? "$control" }
    }

    /// The lane of an untyped method's work on `route`: for `.document`, `params.textDocument.uri` or `params.uri`.
    private static func lane(_ route: Route) -> @Sendable (JSONValue?) -> String {
        switch route {
        case .lane(let name): { _ in name }
        case .control, .barrier: { _ in "$control" }  // .barrier never runs on a lane
        case .document:
            { params in
                (DocumentMember.textDocument.uri(in: params) ?? DocumentMember.uri.uri(in: params)).map { "doc:" + $0 }
                    ?? "$control"
            }
        }
    }

    /// `handler`, preceded by the unknown-member check of `members` (none when nil).
    private static func checking<Context: HandlerContext, Result>(
        _ members: ParamMembers?, _ handler: @escaping @Sendable (Context) throws -> Result
    ) -> @Sendable (Context) throws -> Result {
        guard let members else { return handler }
        return { context in
            try members.check(context.params)
            return try handler(context)
        }
    }

    /// Every request method, sorted (for capabilities and docs).
    package var requestMethods: [String] { requests.keys.sorted() }
    package var notificationMethods: [String] { notifications.keys.sorted() }
}

/// Work to run after a request's answer is queued.
final class ResponseHooks: Sendable {
    private let work = Mutex<[@Sendable () -> Void]>([])
    func add(_ item: @escaping @Sendable () -> Void) { work.withLock { $0.append(item) } }
    func run() {
        for item in work.withLock({ list -> [@Sendable () -> Void] in
            defer { list = [] }
            return list
        }) { item() }
    }
}
