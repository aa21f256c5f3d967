import InterfaceBuilder
import JSON

/// `textDocument/codeAction` on a storyboard or XIB:
/// - on a view with the `not-skeletonable-ancestor` warning (the range starts on its element's line): "Make the chain
///   to … skeletonable", a preferred `quickfix` adding the `isSkeletonable = YES` runtime attribute to every view
///   above it that is not skeletonable;
/// - on a view with the `hidden-flag-ignored` warning: "Make … skeletonable", a preferred `quickfix` adding the
///   attribute to that view;
/// - "Make this scene skeletonable", a `refactor` whose `WorkspaceEdit` adds SkeletonView's `isSkeletonable = YES`
///   runtime attribute to every view of the scene at the range's start that holds content, and to its ancestors, as
///   a user would in Xcode's identity inspector. Scenes with nothing missing get no refactor.
enum StoryboardCodeActions {
    /// The actions at each of `offsets` (the request's range and the client's diagnostics, see `CodeActions`), each
    /// action once; the file is parsed once for all of them.
    static func actions(_ request: TextDocumentRequest, at offsets: [Int]) -> [JSON] {
        let file = InterfaceBuilderFile.parse(bytes: request.text.buffer.bytes)
        let sessions = request.currentSessions.sessions.values
        let known = { (id: String) in sessions.lazy.compactMap { $0.decodedNode(id)?.isSkeletonable }.first }
        var actions: [JSON] = []
        for offset in offsets {
            for action in actionsAt(offset, file, request, known: known) where !actions.contains(action) {
                actions.append(action)
            }
        }
        return actions
    }

    private static func actionsAt(
        _ offset: Int, _ file: InterfaceBuilderFile, _ request: TextDocumentRequest, known: (String) -> Bool?
    ) -> [JSON] {
        let bytes = request.text.buffer.bytes
        var actions: [JSON] = []
        if let chain = file.skeletonableChainEdits(in: bytes, at: offset, known: known) {
            let views = chain.edits.count == 1 ? "1 view" : "\(chain.edits.count) views"
            var action: JSONObject = [
                "title": .string("Make the chain to \"\(chain.name)\" skeletonable (isSkeletonable on \(views))"),
                "kind": "quickfix", "isPreferred": true, "edit": edit(chain.edits, request),
            ]
            if let warning = chainWarning(file, request, at: offset, known: known) { action["diagnostics"] = [warning] }
            actions.append(.object(action))
        }
        actions += hiddenFlagFixes(file, request, at: offset)
        if let change = file.skeletonableEdits(in: bytes, sceneAt: offset), !change.edits.isEmpty {
            let views = change.edits.count == 1 ? "1 view" : "\(change.edits.count) views"
            actions.append([
                "title": .string("Make this scene skeletonable (\(change.scene.title): isSkeletonable on \(views))"),
                "kind": "refactor", "edit": edit(change.edits, request),
            ])
        }
        return actions
    }

    /// "Make "x" skeletonable" for each view with the `hidden-flag-ignored` warning whose element starts on the line
    /// of `offset` (as its scene's live session has it), adding the `isSkeletonable` runtime attribute to that view.
    private static func hiddenFlagFixes(_ file: InterfaceBuilderFile, _ request: TextDocumentRequest, at offset: Int)
        -> [JSON]
    {
        let buffer = request.text.buffer
        let line = buffer.line(of: offset) + 1
        let sessions = request.currentSessions.sessions
        var out: [JSON] = []
        for scene in file.scenes {
            guard let session = sessions[scene.id] else { continue }
            let appearance = NodePitfalls.appearance(of: session.document)
            for (id, at) in file.elementLocations(scene: scene.id) where at.line == line {
                guard let node = session.decodedNode(id),
                    let finding = NodePitfalls.findings(
                        node, appearance: appearance, isRoot: session.document.root.reference == id
                    ).first(where: { $0.code == .hiddenFlagIgnored }),
                    let change = file.skeletonableEdit(forView: id, scene: scene.id, in: buffer.bytes)
                else { continue }
                let warning = NodePitfalls.warning(finding, view: id, at: at)
                out.append([
                    "title": .string("Make \"\(id)\" skeletonable"), "kind": "quickfix", "isPreferred": true,
                    "edit": edit([change], request),
                    "diagnostics": [Diagnostic(warning).lsp(in: buffer, encoding: request.encoding)],
                ])
            }
        }
        return out
    }

    /// A `WorkspaceEdit` of `edits` on the request's document.
    private static func edit(_ edits: [IBTextEdit], _ request: TextDocumentRequest) -> JSON {
        let lsp: [JSON] = edits.map { ["range": request.range($0.range), "newText": .string($0.text)] }
        return ["changes": [request.uri: .array(lsp)]]
    }

    /// The `not-skeletonable-ancestor` warning on the line of `offset`, as published.
    private static func chainWarning(
        _ file: InterfaceBuilderFile, _ request: TextDocumentRequest, at offset: Int, known: (String) -> Bool?
    ) -> JSON? {
        let buffer = request.text.buffer
        let line = buffer.line(of: offset) + 1
        for scene in file.scenes {
            if let warning = file.skeletonableChainWarnings(scene: scene.id, known: known).first(where: {
                $0.line == line
            }) {
                return Diagnostic(warning).lsp(in: buffer, encoding: request.encoding)
            }
        }
        return nil
    }
}
