import Foundation
import JSON
import SkeletonProtocol
import SkeletonWebPreview

extension ServeBridge {
    /// Sends the daemon what changed on disk since the last poll: a document's or Swift file's new text as a whole
    /// `didChange`, a project file as `workspace/didChangeWatchedFiles`; then the pages get the scene list again
    /// (a storyboard's scenes may have changed) and subscribe again where a scene has a valid tree now.
    func follow() throws(CLIError) {
        let changed = follower.changes()
        guard !changed.isEmpty else { return }
        var reloaded: [String] = []
        var watchedChanges: [FileEvent] = []
        for index in changed {
            if index < documents.count {
                if try reload(document: index) { reloaded.append(documents[index].uri) }
            } else if index < documents.count + code.count {
                if try reload(code: index - documents.count) { reloaded.append(code[index - documents.count].uri) }
            } else {
                let path = watched[index - documents.count - code.count]
                let exists = FileFollower.signature(path) != nil
                watchedChanges.append(
                    FileEvent(
                        uri: URL(fileURLWithPath: path).standardizedFileURL.absoluteString,
                        type: exists ? .changed : .deleted))
            }
        }
        if !watchedChanges.isEmpty {
            daemon.notify(DidChangeWatchedFiles.self, .init(changes: watchedChanges))
            _ = try daemon.call(WorkspaceRequest.self)
        }
        // Each changed uri answers once its analysis (and the diagnostics it published) is done.
        for uri in reloaded { _ = try daemon.exchange(IsActiveRequest.self, .init(target: SceneName(uri: uri))) }
        let listed = documents.enumerated().flatMap { index, document in
            daemon.serveScenes(of: document, index: index)
        }
        if listed != scenes {
            let current = scenes[min(state.scene, scenes.count - 1)]
            scenes = listed
            state.scene = scenes.firstIndex(of: current) ?? min(state.scene, scenes.count - 1)
            broadcast(scenesMessage())
            broadcastState()
        }
        // The app's code decides the default show: after a Swift file changed, the scene is shown again with it.
        let codeChanged = changed.contains { $0 >= documents.count }
        if codeChanged || pages.values.contains(where: { $0.subscription == nil }) {
            try stage()
            try resubscribe(onlyMissing: true)
            broadcastState()
        }
    }

    /// Reads document `index` again; when its text changed, sends it (`didChange`, the whole text) with the
    /// state's traits kept. False when it is unchanged or cannot be read now (said on the pages; the next change
    /// is read again).
    private func reload(document index: Int) throws(CLIError) -> Bool {
        guard let text = read(documents[index].path), text != documents[index].text else { return false }
        documents[index].text = text
        sendChange(uri: documents[index].uri, text: text)
        return true
    }

    private func reload(code index: Int) throws(CLIError) -> Bool {
        guard let text = read(code[index].path), text != code[index].text else { return false }
        code[index].text = text
        sendChange(uri: code[index].uri, text: text)
        return true
    }

    /// The file's text, or nil (said on the pages) when it cannot be read as a document now.
    private func read(_ path: String) -> String? {
        do {
            return try SourceDocument.load(path).text
        } catch {
            broadcast(PageMessages.notice(error.message))
            return nil
        }
    }

    /// `didChange` with the whole text and the uri's next version (each was opened as version 1).
    private func sendChange(uri: String, text: String) {
        let version = (versions[uri] ?? 1) + 1
        versions[uri] = version
        daemon.notify(
            DidChangeTextDocument.self,
            .init(
                textDocument: VersionedTextDocumentIdentifier(uri: uri, version: version),
                contentChanges: [TextDocumentContentChangeEvent(text: text)]))
    }
}
