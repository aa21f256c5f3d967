import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import Synchronization

/// The browser side of `skeleton serve`: an HTTP server on 127.0.0.1 that serves the page (three fixed routes,
/// no files) and a WebSocket at `/ws` whose messages become `PageEvent`s, and whose pages' outboxes are written
/// out in order. Every request's `Host` (and the WebSocket's `Origin`) must name this server (`HostPolicy`).
package final class PreviewServer: Sendable {
    /// The port the server listens on (the one asked for, or the free one the system chose).
    package let port: Int
    /// The page's address, the first line `skeleton serve` prints.
    package var url: String { "http://127.0.0.1:\(port)/" }
    private let task: Task<Void, Never>

    private init(port: Int, task: Task<Void, Never>) {
        self.port = port
        self.task = task
    }

    /// Binds 127.0.0.1:`port` (0: a free port) and serves until `stop()`; returns once the socket listens.
    ///
    /// - Throws: `PreviewServerError` when the port is taken or cannot be bound.
    package static func start(port: Int, events: PageEvents) throws(PreviewServerError) -> PreviewServer {
        let started = StartSignal()
        var logger = Logger(label: "skeleton-serve")
        logger.logLevel = .critical
        let pages = PageCounter()
        let app = Application(
            router: router(started),
            server: .http1WebSocketUpgrade(
                configuration: .init(
                    http1: .init(
                        idleTimeout: .seconds(300),
                        httpDecoderConfiguration: .init(
                            maxHeaderFieldSize: WebPreviewLimits.maxHeaderBytes,
                            maxHeaderListSize: WebPreviewLimits.maxHeaderBytes, maxHeaderFieldCount: 64)),
                    ws: .init(
                        maxFrameSize: WebPreviewLimits.maxFrameBytes, autoPing: .enabled(timePeriod: .seconds(30))))
            ) { request, _, _ in
                guard request.path == "/ws", let policy = started.policy,
                    policy.refusal(of: request, originRequired: true) == nil
                else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    await serveSocket(inbound, outbound, events: events, pages: pages)
                }
            },
            configuration: .init(
                address: .hostname("127.0.0.1", port: port), serverName: nil, reuseAddress: true,
                availableConnectionsDelegate: .maximum(WebPreviewLimits.maxConnections, logger: logger)),
            onServerRunning: { channel in started.finish(.success(channel.localAddress?.port ?? port)) },
            logger: logger)
        let task = Task.detached {
            do { try await app.run() } catch { started.finish(.failure(PreviewServerError(port: port, error))) }
        }
        switch started.wait() {
        case .success(let bound): return PreviewServer(port: bound, task: task)
        case .failure(let error):
            task.cancel()
            throw error
        }
    }

    /// Stops listening and closes every connection.
    package func stop() { task.cancel() }

    /// The page's routes, behind the Host check.
    static func router(_ started: StartSignal) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: HostCheck(started: started))
        for asset in PageAssets.all {
            router.get(RouterPath(stringLiteral: asset.path)) { request, _ in
                asset.response(host: request.head.authority ?? "127.0.0.1")
            }
        }
        router.get("/ws") { _, _ in
            Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "a WebSocket upgrade from this server's page is required\n"))
            )
        }
        return router
    }

    /// One page's WebSocket: its commands go to `events`, its outbox is written out, until either side ends.
    static func serveSocket(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, events: PageEvents,
        pages: PageCounter
    ) async {
        guard let page = pages.open() else {
            try? await outbound.close(.policyViolation, reason: "at most \(WebPreviewLimits.maxPages) pages at once")
            return
        }
        defer { pages.close() }
        events.post(.opened(page))
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while let text = await page.next() {
                    do { try await outbound.writeTextMessage(text) } catch { break }
                }
                page.close()
            }
            group.addTask {
                await readCommands(inbound, page: page, events: events)
                page.close()
            }
            await group.waitForAll()
        }
        events.post(.closed(page))
        try? await outbound.close(.normalClosure, reason: nil)
    }

    /// Reads `page`'s messages into `events`; a refused one is answered with `{type: "error", message}`.
    static func readCommands(_ inbound: WebSocketInboundStream, page: PageOutbox, events: PageEvents) async {
        do {
            for try await message in inbound.messages(maxSize: WebPreviewLimits.maxCommandBytes) {
                guard case .text(let text) = message else {
                    page.post(PageMessages.error("binary messages are not accepted"))
                    continue
                }
                do {
                    let command = try PageCommand.parse(text)
                    if !events.post(.command(page, command)) {
                        page.post(PageMessages.error("too many commands waiting: this one is dropped"))
                    }
                } catch {
                    page.post(PageMessages.error(error.message))
                }
            }
        } catch {
            // A message over the size limit or a broken connection ends the page.
        }
    }
}

/// Refuses any request whose `Host` or `Origin` is not this server's, with 403 and the reason.
struct HostCheck: RouterMiddleware {
    typealias Context = BasicRequestContext
    let started: StartSignal

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let refusal =
            if let policy = started.policy {
                policy.refusal(of: request.head, originRequired: false)
            } else {
                "the server is not started"
            }
        if let refusal {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "refused: \(refusal)\n")))
        }
        return try await next(request, context)
    }
}

/// Why the server could not start.
package struct PreviewServerError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }

    init(port: Int, _ error: any Error) {
        if let io = error as? IOError, io.errnoCode == EADDRINUSE {
            message =
                "port \(port) on 127.0.0.1 is taken by another program: give another --port, or none for a free one"
        } else if let io = error as? IOError, io.errnoCode == EACCES {
            message = "port \(port) on 127.0.0.1 needs privileges this user lacks: give a --port above 1023"
        } else {
            message = "cannot listen on 127.0.0.1:\(port): \(error)"
        }
    }
}

/// Hands the outcome of starting (the port bound, or the failure) to the thread that waits for it, and the Host
/// policy of the bound port to the upgrade check.
final class StartSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Int, PreviewServerError>?>(nil)

    func finish(_ result: Result<Int, PreviewServerError>) {
        let first = outcome.withLock { outcome in
            guard outcome == nil else { return false }
            outcome = result
            return true
        }
        if first { semaphore.signal() }
    }

    func wait() -> Result<Int, PreviewServerError> {
        semaphore.wait()
        return outcome.withLock { $0 ?? .failure(PreviewServerError(port: 0, CancellationError())) }
    }

    /// The policy for the port bound (nil before it is).
    var policy: HostPolicy? {
        outcome.withLock { outcome in
            guard case .success(let port) = outcome else { return nil }
            return HostPolicy(port: port)
        }
    }
}

/// Counts the pages connected, up to `WebPreviewLimits.maxPages`, and numbers them.
final class PageCounter: Sendable {
    private let counts = Mutex((connected: 0, opened: 0))

    func open() -> PageOutbox? {
        counts.withLock { counts in
            guard counts.connected < WebPreviewLimits.maxPages else { return nil }
            counts.connected += 1
            counts.opened += 1
            return PageOutbox(id: counts.opened)
        }
    }

    func close() { counts.withLock { $0.connected -= 1 } }
}
