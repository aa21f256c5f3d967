import InterfaceBuilder
import JSON
import JSONRPC

/// `textDocument/codeAction` on a storyboard or XIB: "Make this scene skeletonable", a `refactor` whose
/// `WorkspaceEdit` adds SkeletonView's `isSkeletonable = YES` runtime attribute to every view of the scene at the
/// range's start that holds content, and to its ancestors, as a user would in Xcode's identity inspector. JSON
/// documents and scenes with nothing missing get no action (`[]`).
struct StoryboardCodeActions: Sendable {
    let documents: DocumentStore

    /// The `initialize` capability that announces the method.
    static let capability: JSON = ["codeActionKinds": ["refactor"]]

    func register(in table: inout MethodTable) {
        // LSP's own method: clients may send more members (work done and partial result tokens).
        table.request("textDocument/codeAction", members: nil) { context in try actions(context) }
    }

    private func actions(_ context: RequestContext) throws -> JSON {
        let params = try context.paramsObject()
        let target = try documents.target(try params.member("textDocument"))
        let (text, isInterfaceBuilder) = target.entry.state.withLock { ($0.text, $0.isInterfaceBuilder) }
        let encoding = documents.configuration.positionEncoding
        let start = try params.member("range").member("start")
        let position = TextPosition(
            line: try start.member("line").decodeInt(), character: try start.member("character").decodeInt())
        guard isInterfaceBuilder else { return [] }
        let bytes = text.buffer.bytes
        let offset: Int
        do { offset = try text.buffer.offset(of: position, encoding: encoding) } catch {
            throw JSONDecodingError(at: start, error.description)
        }
        let file = InterfaceBuilderFile.parse(bytes: bytes)
        guard let change = file.skeletonableEdits(in: bytes, sceneAt: offset), !change.edits.isEmpty else { return [] }
        let edits: [JSON] = change.edits.map { edit in
            let from = text.buffer.position(of: edit.range.lowerBound, encoding: encoding)
            let to = text.buffer.position(of: edit.range.upperBound, encoding: encoding)
            return [
                "range": [
                    "start": ["line": .int(from.line), "character": .int(from.character)],
                    "end": ["line": .int(to.line), "character": .int(to.character)],
                ],
                "newText": .string(edit.text),
            ]
        }
        let views = change.edits.count == 1 ? "1 view" : "\(change.edits.count) views"
        return [
            [
                "title": .string("Make this scene skeletonable (\(change.scene.title): isSkeletonable on \(views))"),
                "kind": "refactor",
                "edit": ["changes": [target.uri: .array(edits)]],
            ]
        ]
    }
}
