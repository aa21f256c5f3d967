import InterfaceBuilder
import JSON

/// `textDocument/codeAction` on a storyboard or XIB: "Make this scene skeletonable", a `refactor` whose
/// `WorkspaceEdit` adds SkeletonView's `isSkeletonable = YES` runtime attribute to every view of the scene at the
/// range's start that holds content, and to its ancestors, as a user would in Xcode's identity inspector. Scenes
/// with nothing missing get no action (`[]`).
enum StoryboardCodeActions {
    static func actions(_ request: TextDocumentRequest, at offset: Int) -> [JSON] {
        let text = request.text
        let bytes = text.buffer.bytes
        let file = InterfaceBuilderFile.parse(bytes: bytes)
        guard let change = file.skeletonableEdits(in: bytes, sceneAt: offset), !change.edits.isEmpty else { return [] }
        let edits: [JSON] = change.edits.map { edit in
            ["range": request.range(edit.range), "newText": .string(edit.text)]
        }
        let views = change.edits.count == 1 ? "1 view" : "\(change.edits.count) views"
        return [
            [
                "title": .string("Make this scene skeletonable (\(change.scene.title): isSkeletonable on \(views))"),
                "kind": "refactor",
                "edit": ["changes": [request.uri: .array(edits)]],
            ]
        ]
    }
}
