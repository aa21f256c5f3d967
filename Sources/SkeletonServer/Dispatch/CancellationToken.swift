package import JSONRPC
import Synchronization

/// Set by `$/cancelRequest`; checked by a request before it starts and by long handlers while they run.
package final class CancellationToken: Sendable {
    private let flag = Atomic<Bool>(false)

    package init() {}

    package var isCancelled: Bool { flag.load(ordering: .relaxed) }

    package func cancel() { flag.store(true, ordering: .relaxed) }

    /// Throws -32800 when cancelled. Long handlers call this between units of work.
    package func check() throws(ResponseError) {
        if isCancelled { throw ResponseError(.requestCancelled, "request cancelled by the client") }
    }
}
