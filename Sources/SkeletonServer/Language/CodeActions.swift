import JSON
import JSONRPC
import SkeletonProtocol

/// `textDocument/codeAction`, the one entry point: storyboards and XIBs get `StoryboardCodeActions` (a `refactor`),
/// JSON documents `DocumentCodeActions` (`quickfix`es for SkeletonView's pitfalls and unknown names); Swift documents
/// none.
///
/// Actions are looked for at the request's `range` and at the range of each of the daemon's own diagnostics the
/// client sends in `context.diagnostics`: editors ask with the cursor's position (often the start of the line) and
/// the diagnostics on that line, whose ranges are exact where the cursor is not.
struct CodeActions: Sendable {
    let documents: DocumentStore

    /// The `initialize` capability that announces the method.
    static let capability: JSON = ["codeActionKinds": ["quickfix", "refactor"]]

    /// The most diagnostics of `context.diagnostics` whose ranges are looked at (`Protocol/language-features.md`);
    /// the rest are passed over, so a request's work stays bounded whatever the client sends.
    static let maxContextDiagnostics = 32

    func register(in table: inout MethodTable) {
        table.request(CodeActionRequest.self) { params, _ in
            let request = try TextDocumentRequest(params.textDocument, documents: documents)
            guard !request.isSwift else { return [] }
            let ranges =
                [try request.byteRange(params.range)] + Self.diagnosticRanges(params.contextDiagnostics, request)
            if request.isInterfaceBuilder {
                return .array(StoryboardCodeActions.actions(request, at: ranges.map(\.lowerBound)))
            }
            var actions: [JSON] = []
            for range in ranges {
                for action in DocumentCodeActions.actions(request, in: range) where !actions.contains(action) {
                    actions.append(action)
                }
            }
            return .array(actions)
        }
    }

    /// The byte ranges of the first `maxContextDiagnostics` diagnostics of `context.diagnostics` whose `source` is
    /// `skeletond`, each once. `context` is optional here (LSP requires it; older clients omit it), and a diagnostic
    /// whose range is not in the document as it is now (a stale one, from before an edit) is passed over: the
    /// client's cache is not the request's error.
    static func diagnosticRanges(_ diagnostics: [JSONValue], _ request: TextDocumentRequest) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var looked = 0
        for diagnostic in diagnostics where diagnostic["source"]?.string == "skeletond" {
            guard looked < maxContextDiagnostics else { break }
            looked += 1
            guard let value = diagnostic["range"], let range = try? request.byteRange(PositionRange.decode(value)),
                !ranges.contains(range)
            else { continue }
            ranges.append(range)
        }
        return ranges
    }
}
