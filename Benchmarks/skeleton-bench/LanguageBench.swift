import JSON
import SkeletonProtocol

/// (j) What editors send unprompted, through skeletond: `textDocument/hover`, `textDocument/completion` and
/// `textDocument/documentSymbol` on a 10,000-node document, each against a no-op request (`daemon/status`, which
/// touches no document) on the same pipe, the floor; and each of the three right after an edit of one value (a new
/// text version: what is kept per version is worked out again), timed from the request (the edit is applied first,
/// on the same lane).
enum LanguageBench {
    struct Result {
        let nodes: Int
        var hover: [Double] = []
        var completion: [Double] = []
        var symbols: [Double] = []
        var floor: [Double] = []
        /// The same requests, each right after an edit.
        var hoverAfterEdit: [Double] = []
        var completionAfterEdit: [Double] = []
        var symbolsAfterEdit: [Double] = []
        /// Hover and the outline right after an edit that changes the value's length (`15x` → `15x0` and back).
        var hoverAfterLongerEdit: [Double] = []
        var symbolsAfterLongerEdit: [Double] = []
        /// The first hover after opening (the text map is built then).
        var firstHover = 0.0
        /// The outline's answer bytes through a pipe and the bench's reader, without the daemon (`PipeFloor`).
        var outlinePipeFloor: [Double] = []
        var outlineBytes = 0
    }

    static func run(executable: String, nodes: Int, rounds: Int, progress: (String) -> Void) throws -> Result {
        let daemon = try LiveDaemon(executable: executable)
        defer { daemon.stop() }
        let document = CardDocument.make(nodes: nodes)
        let uri = "file:///bench/language.skeleton.json"
        daemon.notify(DidOpenTextDocument.self, LiveBench.openParams(uri: uri, text: document.text))
        _ = try daemon.request(IsActiveRequest.self, .init(target: SceneName(uri: uri)))
        let identifier = TextDocumentIdentifier(uri: uri)
        let symbolParams = TextDocumentParams(textDocument: identifier)
        // The picture node's `{`: a node hover (its skeleton from the session).
        let hoverParams = TextDocumentPositionParams(
            textDocument: identifier, position: Position(line: document.editLine, character: Self.firstBrace(document)))
        // Just inside the picture node's `{`: the member names it does not have yet.
        let completionParams = TextDocumentPositionParams(
            textDocument: identifier,
            position: Position(line: document.editLine, character: Self.firstBrace(document) + 1))
        var version = 1
        /// Replaces the `length` characters of the edit target's width with `text`.
        func change(_ length: Int, to text: String) {
            version += 1
            let target = PositionRange(
                start: Position(line: document.editLine, character: document.editColumn),
                end: Position(line: document.editLine, character: document.editColumn + length))
            daemon.notify(
                DidChangeTextDocument.self,
                .init(
                    textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version),
                    contentChanges: [TextDocumentContentChangeEvent(range: target, text: text)]))
        }
        /// Toggles the edit target's width (154 ↔ 155): one value of one node changes.
        func edit() { change(3, to: version % 2 == 1 ? "155" : "154") }
        /// Makes the edit target's width four digits (`longer`) or three again: every span after it moves.
        func resize(longer: Bool) { change(longer ? 3 : 4, to: longer ? "1540" : "154") }
        var result = Result(nodes: document.nodeCount)
        func roundTrip<Method: RequestMethod>(_: Method.Type, _ params: Method.Params) throws -> Double
        where Method.Params: EncodableObject {
            let (id, bytes) = daemon.requestBytes(Method.self, params)
            let sent = daemon.clock.now
            daemon.write(bytes)
            let answer = try daemon.receive(until: { $0.id == id }, timeout: 60)
            guard answer.result != nil else {
                throw BenchError("language: \(Method.method) answered \(String(decoding: answer.body, as: UTF8.self))")
            }
            return (answer.at - sent).seconds
        }
        result.firstHover = try roundTrip(HoverRequest.self, hoverParams)
        for i in 0..<rounds {
            result.floor.append(try roundTrip(StatusRequest.self, NoParams()))
            result.hover.append(try roundTrip(HoverRequest.self, hoverParams))
            result.completion.append(try roundTrip(CompletionRequest.self, completionParams))
            result.symbols.append(try roundTrip(DocumentSymbolRequest.self, symbolParams))
            edit()
            result.hoverAfterEdit.append(try roundTrip(HoverRequest.self, hoverParams))
            edit()
            result.completionAfterEdit.append(try roundTrip(CompletionRequest.self, completionParams))
            edit()
            result.symbolsAfterEdit.append(try roundTrip(DocumentSymbolRequest.self, symbolParams))
            resize(longer: true)
            result.hoverAfterLongerEdit.append(try roundTrip(HoverRequest.self, hoverParams))
            resize(longer: false)
            result.symbolsAfterLongerEdit.append(try roundTrip(DocumentSymbolRequest.self, symbolParams))
            // The width as it was (155 after the three toggles above), and every per-version answer worked out again.
            edit()
            _ = try roundTrip(HoverRequest.self, hoverParams)
            _ = try roundTrip(DocumentSymbolRequest.self, symbolParams)
            if (i + 1) % 100 == 0 { progress("language: \(i + 1) rounds") }
        }
        let (id, request) = daemon.requestBytes(DocumentSymbolRequest.self, symbolParams)
        daemon.write(request)
        let outline = try daemon.receive(until: { $0.id == id }, timeout: 60).body
        result.outlineBytes = outline.count
        result.outlinePipeFloor = try PipeFloor.measure(body: outline, rounds: rounds)
        return result
    }

    /// The column of the first `{` on the edit target's line (one node per line, ASCII).
    static func firstBrace(_ document: CardDocument) -> Int {
        var line = 0
        var column = 0
        for byte in document.text {
            if line == document.editLine, byte == UInt8(ascii: "{") { return column }
            if byte == 0x0A {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return 0
    }
}
