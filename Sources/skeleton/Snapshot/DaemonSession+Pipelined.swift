import JSON
import SkeletonProtocol

extension DaemonSession {
    /// Sends `requests` with at most `window` of them unanswered at a time and hands each result to `handle` with
    /// its index, as answers arrive: the daemon works on requests for different documents on different threads, so
    /// a window as wide as the cores keeps every core busy while this thread reads the answers.
    ///
    /// - Important: `window` is 1…`SnapshotLimits.maxJobs`; requests are small, so the unread ones never fill the
    ///   daemon's input pipe. An error answer, a timeout or a dead daemon throws, as `call` does.
    func pipelined<Method: RequestMethod>(
        _: Method.Type, _ requests: [Method.Params], window: Int, handle: (Int, JSON) throws(CLIError) -> Void
    ) throws(CLIError) where Method.Params: EncodableObject {
        let method = Method.method
        let window = min(max(1, window), SnapshotLimits.maxJobs)
        var next = 0
        var outstanding = 0
        func sendNext() {
            daemon.client.send([
                "jsonrpc": "2.0", "id": .string("pipelined-\(next)"), "method": .string(method),
                "params": requests[next].json,
            ])
            next += 1
            outstanding += 1
        }
        while next < requests.count, outstanding < window { sendNext() }
        while outstanding > 0 {
            let message: JSON
            do {
                message = try daemon.client.receive(timeout: timeout)
            } catch {
                throw failure(during: method, error)
            }
            guard message["method"] == nil, let id = message["id"]?.stringValue, id.hasPrefix("pipelined-"),
                let index = Int(id.dropFirst("pipelined-".count)), requests.indices.contains(index)
            else {
                daemon.client.notifications.append(message)
                continue
            }
            outstanding -= 1
            if let error = message["error"] { throw refusal(method, error) }
            if next < requests.count { sendNext() }
            try handle(index, message["result"] ?? .null)
        }
    }
}
