import Foundation
import JSON
import JSONRPC
import SkeletonProtocol
import SkeletondTestSupport

/// A real daemon with a manual clock and helpers for documents, for end-to-end tests.
final class DaemonSession {
    let daemon: DaemonProcess
    var client: PipeClient { daemon.client }

    /// - Parameter initialize: more members of `initialize`'s params (`workspaceFolders`, `capabilities`…).
    init(
        arguments: [String] = [], environment: [String: String] = [:],
        initializationOptions: JSON = ["clock": "manual"], initialize: JSONObject = [:]
    ) throws {
        daemon = try DaemonProcess(arguments: arguments, environment: environment)
        var params: JSONObject = ["capabilities": [:], "initializationOptions": initializationOptions]
        for (key, value) in initialize { params[key] = value }
        let answer = try daemon.client.request(InitializeRequest.method, .object(params))
        guard answer["result"] != nil else { throw ClientError("initialize failed: \(answer.text)") }
        daemon.client.notify(InitializedNotification.self, .init())
    }

    /// Opens `document` (a JSON value or text) at `uri`.
    func open(_ uri: String, _ document: JSON, version: Int = 1) {
        open(uri, text: document.text, version: version)
    }

    func open(_ uri: String, text: String, version: Int = 1, languageId: String = "json") {
        client.notify(
            DidOpenTextDocument.self,
            .init(textDocument: TextDocumentItem(uri: uri, languageId: languageId, version: version, text: text.utf8)))
    }

    func replace(_ uri: String, text: String, version: Int) {
        client.notify(
            DidChangeTextDocument.self,
            .init(
                textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version),
                contentChanges: [TextDocumentContentChangeEvent(text: text)]))
    }

    /// `Method`'s request, whose answer must be a result.
    @discardableResult
    func call<Method: RequestMethod>(_: Method.Type, _ params: Method.Params) throws -> JSON
    where Method.Params: EncodableObject {
        let answer = try client.request(Method.self, answering: params)
        guard let result = answer["result"] else { throw ClientError("\(Method.method) failed: \(answer.text)") }
        return result
    }

    /// A request whose answer must be a result.
    @discardableResult
    func call(_ method: String, _ params: JSON) throws -> JSON {
        let answer = try client.request(method, params)
        guard let result = answer["result"] else { throw ClientError("\(method) failed: \(answer.text)") }
        return result
    }

    /// A request whose answer must be an error.
    func error(_ method: String, _ params: JSON) throws -> JSON {
        let answer = try client.request(method, params)
        guard let error = answer["error"] else { throw ClientError("\(method) did not fail: \(answer.text)") }
        return error
    }

    func advance(to time: Double) throws { try call(ClockSetRequest.self, .init(time: time)) }

    /// `skeleton/layers` at `time`.
    func layers(_ uri: String, at time: Double? = nil) throws -> [JSON] {
        try call(LayersRequest.self, .init(target: SceneName(uri: uri), time: time))["layers"]?.arrayValue ?? []
    }

    /// `preview/render` (raw, scale 1, now) as a canvas, to compare streamed frames with.
    func renderedCanvas(_ uri: String) throws -> FrameCanvas {
        let render = try call(RenderPreviewRequest.self, .init(uri: uri, encoding: "raw"))
        let pixels = Data(base64Encoded: render["data"]?.stringValue ?? "").map(Array.init) ?? []
        return FrameCanvas(
            width: render["width"]?.intValue ?? 0, height: render["height"]?.intValue ?? 0, rgba: pixels)
    }

    /// The next notification with `method` (earlier ones kept by the client are searched first).
    func notification(_ method: String, timeout: Double = 10) throws -> JSON {
        if let i = client.notifications.firstIndex(where: { $0["method"]?.stringValue == method }) {
            return client.notifications.remove(at: i)["params"] ?? .null
        }
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            let message = try client.receive(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if message["method"]?.stringValue == method { return message["params"] ?? .null }
            client.notifications.append(message)
        }
        throw ClientError("no \(method) within \(timeout) s")
    }

    /// The diagnostics of the next `textDocument/publishDiagnostics` (an error when it has none).
    func publishedDiagnostics() throws -> [JSON] {
        let published = try notification("textDocument/publishDiagnostics")
        guard let diagnostics = published["diagnostics"]?.arrayValue else {
            throw ClientError("publishDiagnostics without diagnostics: \(published.text)")
        }
        return diagnostics
    }

    /// Opens `storyboard` at `uri` and returns the diagnostics the daemon publishes for it.
    func diagnostics(of storyboard: StoryboardXML, at uri: String) throws -> [JSON] {
        open(uri, text: storyboard.text, languageId: "storyboard")
        return try publishedDiagnostics()
    }

    func close() {
        client.closeInput()
        _ = daemon.waitForExit()
    }

    /// A node for inline documents.
    static func node(
        _ type: String, _ id: String? = nil, frame: [Double], skeletonable: Bool = true,
        _ extra: JSONObject = [:], children: [JSON] = []
    ) -> JSON {
        var object: JSONObject = [
            "type": .string(type), "frame": .array(frame.map(JSON.double)), "isSkeletonable": .bool(skeletonable),
        ]
        if let id { object["id"] = .string(id) }
        for (k, v) in extra { object[k] = v }
        if !children.isEmpty { object["children"] = .array(children) }
        return .object(object)
    }
}

extension JSON {
    /// `rect` of a layer as numbers.
    var rect: [Double] { self["rect"]?.arrayValue?.compactMap(\.doubleValue) ?? [] }
}
