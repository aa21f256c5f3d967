import JSON
import SkeletonProtocol

/// A layout a tool works on: the file its `file` argument names, read afresh for each call, with the server's
/// `--code` files and `--project` folder, and the path to show in messages.
struct ToolDocument {
    var source: SourceDocument
    /// The path as the tool's caller should read it: as given on the command line, or relative to `--project`.
    var shown: String

    /// Reads the document `file` names (within `scope`), and the `--code` files.
    init(_ file: String, in scope: FileScope) throws(ToolError) {
        let (path, shown) = try scope.resolve(file)
        do throws(CLIError) {
            source = try SourceDocument.load(path)
            for code in scope.code { source.code.append(try SourceDocument.load(code)) }
        } catch {
            throw ToolError(error.message.replacingOccurrences(of: path, with: shown))
        }
        source.project = scope.project?.resolved
        self.shown = shown
    }
}

extension DaemonSession {
    /// The most diagnostic lines an error message lists.
    static let maxListedDiagnostics = 20

    /// Opens `document`, runs `body` with its diagnostics, then closes it and its `--code` files, so that the next
    /// call reads every file afresh and starts with no skeleton shown.
    func withOpen<T>(_ document: ToolDocument, _ body: ([DiagnosticLine]) throws(ToolError) -> T) throws(ToolError)
        -> T
    {
        defer {
            for uri in [document.source.uri] + document.source.code.map(\.uri) {
                notify(DidCloseTextDocument.self, .init(textDocument: TextDocumentIdentifier(uri: uri)))
            }
            openedCode.removeAll()
        }
        let diagnostics: [DiagnosticLine]
        do throws(CLIError) {
            diagnostics = try open(document.source)
        } catch {
            throw ToolError(error)
        }
        return try body(diagnostics)
    }

    /// Opens `document` as `withOpen` does, refusing one with errors (the error lists them).
    func withValid<T>(_ document: ToolDocument, _ body: ([DiagnosticLine]) throws(ToolError) -> T) throws(ToolError)
        -> T
    {
        try withOpen(document) { diagnostics throws(ToolError) in
            let errors = diagnostics.filter(\.isError)
            guard errors.isEmpty else {
                var lines = errors.prefix(Self.maxListedDiagnostics).map { $0.formatted(path: document.shown) }
                if errors.count > lines.count { lines.append("… and \(errors.count - lines.count) more") }
                throw ToolError(
                    "\(document.shown) is not a valid skeleton document (\(errors.count) error"
                        + "\(errors.count == 1 ? "" : "s")):\n" + lines.joined(separator: "\n"))
            }
            return try body(diagnostics)
        }
    }

    /// Sends `Method`'s request and returns its result; the daemon's refusal is a tool error with its message (an
    /// unknown scene or node says which tool lists them), and a daemon that died or hung is one that says so.
    @discardableResult
    func request<Method: RequestMethod>(_: Method.Type, _ params: Method.Params) throws(ToolError) -> JSON
    where Method.Params: EncodableObject {
        let response: JSON
        do throws(CLIError) {
            response = try exchange(Method.self, params)
        } catch {
            throw ToolError(error)
        }
        guard let error = response["error"] else { return response["result"] ?? .null }
        var message = error["message"]?.stringValue ?? error.text
        let pointer = error["data"]?["pointer"]?.stringValue
        if let pointer, message.hasPrefix(pointer + ": ") { message.removeFirst(pointer.count + 2) }
        switch pointer {
        case "/params/scene"?:
            let scene = params.json["scene"]?.stringValue ?? ""
            throw ToolError("scene \(JSON.string(scene).text): \(message); list_scenes lists the scenes")
        case "/params/node"?: throw ToolError("\(message); tree lists the views and their references")
        default: throw ToolError("skeletond refused \(Method.method): \(message)")
        }
    }
}
