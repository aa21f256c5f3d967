import JSON
import JSONRPC

/// `textDocument/codeAction`, the one entry point: storyboards and XIBs get `StoryboardCodeActions` (a `refactor`),
/// JSON documents `DocumentCodeActions` (`quickfix`es for SkeletonView's pitfalls and unknown names); Swift documents
/// none.
struct CodeActions: Sendable {
    let documents: DocumentStore

    /// The `initialize` capability that announces the method.
    static let capability: JSON = ["codeActionKinds": ["quickfix", "refactor"]]

    func register(in table: inout MethodTable) {
        // LSP's own method: clients may send more members (work done and partial result tokens).
        table.request("textDocument/codeAction", members: nil) { context in
            let request = try TextDocumentRequest(context, documents: documents)
            guard !request.isSwift else { return [] }
            let range = try request.byteRange("range")
            let actions =
                request.isInterfaceBuilder
                ? StoryboardCodeActions.actions(request, at: range.lowerBound)
                : DocumentCodeActions.actions(request, in: range)
            return .array(actions)
        }
    }
}
