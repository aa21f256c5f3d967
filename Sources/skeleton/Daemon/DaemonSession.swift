import Foundation
import JSON
import JSONRPC
import SkeletonClient
import SkeletonProtocol

/// A running `skeletond`, initialized under the manual clock, and the CLI's only way to talk to it: every call
/// has a timeout, and a daemon that dies, stalls or refuses becomes a `CLIError` that says so.
final class DaemonSession {
    let daemon: DaemonProcess
    let executable: URL
    /// Seconds to wait for any one answer (`$SKELETON_TIMEOUT`, default 30).
    let timeout: Double
    /// The uris of the Swift files (`--code`) opened so far.
    var openedCode: Set<String> = []
    /// Diagnostic lines already printed on stderr: a document opened again (each variant of a `matrix`) says the
    /// same thing once.
    var printedDiagnostics: Set<String> = []
    /// `initialize`'s `serverInfo` (`{name, version}`).
    private(set) var serverInfo: JSON = .null

    /// Prints `line` on stderr unless this session printed it already.
    func printOnce(_ line: String) {
        if printedDiagnostics.insert(line).inserted { StandardError.line(line) }
    }

    /// Finds and starts the daemon, then runs `initialize` / `initialized`; with `project`, the daemon reads that
    /// folder as its workspace (`workspaceFolders`), and this returns once it has (`waitForWorkspace`).
    static func start(project: String? = nil) throws(CLIError) -> DaemonSession {
        var failures: [CLIError] = []
        for executable in try DaemonLocator.candidates() {
            do throws(CLIError) {
                return try DaemonSession(executable: executable, timeout: configuredTimeout(), project: project)
            } catch {
                failures.append(error)
            }
        }
        throw .daemon(failures.map(\.message).joined(separator: "; "))
    }

    init(executable: URL, timeout: Double, project: String? = nil) throws(CLIError) {
        self.executable = executable
        self.timeout = timeout
        do {
            daemon = try DaemonProcess(
                executable: executable, arguments: ["--log-level", "error", "--max-message-size", String(256 << 20)],
                mode: .lsp)
        } catch {
            throw .daemon("cannot start \(executable.path): \(error.localizedDescription)")
        }
        let params = InitializeRequest.Params(
            processID: Int(ProcessInfo.processInfo.processIdentifier), initializationOptions: .init(clock: .manual),
            capabilities: ClientCapabilities(positionEncodings: ["utf-8", "utf-16"], workDoneProgress: project != nil),
            workspaceFolders: project.map { [URL(fileURLWithPath: $0).standardizedFileURL.absoluteString] } ?? [])
        serverInfo = try call(InitializeRequest.self, params)["serverInfo"] ?? .null
        notify(InitializedNotification.self, .init())
        if project != nil { try waitForWorkspace() }
    }

    /// Waits until the daemon has read the workspace: `skeleton/workspace` runs on the workspace's lane, after the
    /// reading `initialized` started. A big app takes longer than one answer may: the daemon's work done progress
    /// (reports at each whole percent) keeps the wait alive, which ends when no message came for the timeout.
    /// Says on stderr what the workspace's limits left out.
    private func waitForWorkspace() throws(CLIError) {
        let id = "skeleton-workspace"
        daemon.client.send(
            [
                "jsonrpc": "2.0", "id": .string(id), "method": .string(WorkspaceRequest.method),
                "params": NoParams().json,
            ])
        var answer: JSON?
        while answer == nil {
            let message: JSON
            do {
                message = try daemon.client.receive(timeout: timeout)
            } catch {
                throw failure(during: "\(WorkspaceRequest.method) (reading --project)", error)
            }
            if message["id"]?.stringValue == id, message["method"] == nil {
                answer = message
            } else if let request = message["id"], message["method"] != nil {
                // window/workDoneProgress/create: accepted.
                daemon.client.send(["jsonrpc": "2.0", "id": request, "result": .null])
            } else if message["method"]?.stringValue != "$/progress" {
                daemon.client.notifications.append(message)
            }
        }
        if let error = answer?["error"] { throw refusal(WorkspaceRequest.method, error) }
        if let leftOut = answer?["result"]?["leftOut"]?.stringValue {
            StandardError.line("skeleton: --project: \(leftOut)")
        }
    }

    /// `$SKELETON_TIMEOUT` when it is a positive number, else 30 seconds.
    static func configuredTimeout() -> Double {
        if let text = ProcessInfo.processInfo.environment["SKELETON_TIMEOUT"], let value = Double(text),
            value.isFinite, value > 0
        {
            return value
        }
        return 30
    }

    // MARK: Calls

    /// Sends `Method`'s request (its name from its type) and reads its result into the method's result type; an error
    /// answer, an answer of another shape, a timeout or a dead daemon throws.
    @discardableResult
    func call<Method: RequestMethod>(_: Method.Type, _ params: Method.Params) throws(CLIError) -> Method.Result
    where Method.Params: EncodableObject, Method.Result: ResultValue {
        let response = try exchange(Method.self, params)
        if let error = response["error"] { throw refusal(Method.method, error) }
        do { return try Method.Result(answer: response["result"] ?? .null) } catch {
            throw .daemon("skeletond answered \(Method.method) with \(error.message)")
        }
    }

    /// `call(_:_:)` for a method without params.
    @discardableResult
    func call<Method: RequestMethod>(_: Method.Type) throws(CLIError) -> Method.Result
    where Method.Params == NoParams, Method.Result: ResultValue {
        try call(Method.self, NoParams())
    }

    /// Sends `Method`'s request and returns the whole response (result or error); only transport failures throw.
    func exchange<Method: RequestMethod>(_: Method.Type, _ params: Method.Params) throws(CLIError) -> JSON
    where Method.Params: EncodableObject {
        let response: JSON
        do {
            response = try daemon.client.request(Method.self, answering: params, timeout: timeout)
        } catch {
            throw failure(during: Method.method, error)
        }
        if Self.debug { forwardLogMessages() }
        return response
    }

    /// `SKELETON_DEBUG` is set (to anything but the empty string): the daemon, which inherits the environment,
    /// logs the skeleton tree after every show, and the CLI prints those logs on its own stderr.
    static let debug = !(ProcessInfo.processInfo.environment["SKELETON_DEBUG"] ?? "").isEmpty

    /// Prints the `window/logMessage` notifications received so far on stderr, as `skeletond: …` lines, and
    /// drops them from the queue (frames stay).
    private func forwardLogMessages() {
        var kept: [JSON] = []
        for message in daemon.client.notifications {
            guard message["method"] == "window/logMessage" else {
                kept.append(message)
                continue
            }
            if let text = message["params"]?["message"]?.stringValue { StandardError.line("skeletond: \(text)") }
        }
        daemon.client.notifications = kept
    }

    /// The `preview/frame` notifications that arrived while waiting for answers, then any that arrive within
    /// `seconds`.
    func frames(waitingUpTo seconds: Double) throws(CLIError) -> [JSON] {
        var messages = daemon.client.notifications
        daemon.client.notifications.removeAll()
        do { messages += try daemon.client.drain(for: messages.isEmpty ? seconds : 0) } catch {
            throw failure(during: "preview/frame", error)
        }
        return messages.filter { $0["method"] == "preview/frame" }.compactMap { $0["params"] }
    }

    /// Sends `Method`'s notification.
    func notify<Method: NotificationMethod>(_: Method.Type, _ params: Method.Params)
    where Method.Params: EncodableObject {
        daemon.client.notify(Method.self, params)
    }

    /// Ends the session politely (`shutdown`, `exit`, end of input) and waits briefly for the daemon to go.
    func finish() {
        _ = try? daemon.client.request("shutdown", nil, timeout: min(timeout, 5))
        daemon.client.notify("exit")
        daemon.client.closeInput()
        _ = daemon.waitForExit(timeout: 5)
    }

    // MARK: Failures

    /// An error answer as one line: the daemon's message without its JSON Pointer prefix.
    func refusal(_ method: String, _ error: JSON) -> CLIError {
        var message = error["message"]?.stringValue ?? error.text
        if let pointer = error["data"]?["pointer"]?.stringValue, message.hasPrefix(pointer + ": ") {
            message.removeFirst(pointer.count + 2)
        }
        if error["data"]?["pointer"]?.stringValue == "/params/node" {
            return .io("\(message) (a node is its id or its index path such as 0.1; `skeleton tree FILE` lists them)")
        }
        return .io("skeletond refused \(method): \(message)")
    }

    /// What went wrong when a call got no answer: the daemon exited (with its status and last words), or it
    /// stopped answering (then it is stopped).
    func failure(during method: String, _ error: any Error) -> CLIError {
        if daemon.client.reachedEnd || !daemon.process.isRunning {
            guard let status = daemon.waitForExit(timeout: 2) else {
                return .daemon("skeletond closed its output during \(method) but did not exit; stopped it")
            }
            let how =
                daemon.process.terminationReason == .uncaughtSignal
                ? "was killed by signal \(status)" : "exited with status \(status)"
            let words = lastWords().map { " (it said: \($0))" } ?? ""
            return .daemon("skeletond \(how) during \(method)\(words)")
        }
        if error is ClientError, "\(error)".hasPrefix("no message within") {
            daemon.process.terminate()
            return .daemon("skeletond did not answer \(method) within \(timeout.plainText) s; stopped it")
        }
        daemon.process.terminate()
        return .daemon("talking to skeletond during \(method) failed: \(error)")
    }

    /// The daemon's last non-empty line on stderr; a descendant holding the pipe open delays it by half a second at
    /// most.
    private func lastWords() -> String? {
        daemon.standardError(waitingUpTo: 0.5).split(whereSeparator: \.isNewline).last.map { String($0.prefix(300)) }
    }
}
