import Foundation
import JSON

extension DaemonSession {
    /// `skeleton/scenes` of an open document: `[{id, title, rootViewID, frame, initial}]` in file order.
    func scenes(of document: SourceDocument) throws(CLIError) -> [JSON] {
        try call("skeleton/scenes", ["uri": .string(document.uri)]).arrayValue ?? []
    }

    /// The document once per scene (`--all-scenes`), each aimed at its scene.
    func sceneDocuments(_ document: SourceDocument) throws(CLIError) -> [SourceDocument] {
        try scenes(of: document).compactMap { scene in
            guard let id = scene["id"]?.stringValue else { return nil }
            var copy = document
            copy.scene = id
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
