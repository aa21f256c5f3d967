import Foundation
import JSON
import SkeletonProtocol

extension DaemonSession {
    /// `skeleton/scenes` of an open document, in file order.
    func scenes(of document: SourceDocument) throws(CLIError) -> [SceneSummary] {
        try call(ScenesRequest.self, .init(document: TextDocumentIdentifier(uri: document.uri)))
    }

    /// The document once per scene (`--all-scenes`), each aimed at its scene.
    func sceneDocuments(_ document: SourceDocument) throws(CLIError) -> [SourceDocument] {
        try scenes(of: document).map { scene in
            var copy = document
            copy.scene = scene.id
            return copy
        }
    }
}

extension SourceDocument {
    /// `out.png` → `out-SCENE.png` (`--all-scenes`: one picture per scene, named with the scene id; characters
    /// that cannot be in a file name become `_`).
    func scenePath(_ output: String) -> String {
        guard let scene else { return output }
        let safe = String(scene.map { $0 == "/" || $0 == "\0" ? "_" : $0 })
        let ext = (output as NSString).pathExtension
        let base = ext.isEmpty ? output : String(output.dropLast(ext.count + 1))
        return base + "-" + (safe.isEmpty ? "scene" : safe) + (ext.isEmpty ? "" : "." + ext)
    }
}
