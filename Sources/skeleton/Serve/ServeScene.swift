import Foundation
import JSON

/// One entry of the pages' scene picker: a scene of one of the documents `skeleton serve` was given.
struct ServeScene: Equatable {
    /// The index of the document in the served list.
    let document: Int
    /// The scene id of a storyboard or XIB; nil for a JSON document (or a file with no valid scenes yet).
    let scene: String?
    /// What the picker shows: the file's name, and the scene's title and id.
    let label: String
    /// Whether this is its file's initial scene (the one commands use without `--scene`).
    var initial = false

    /// `{index, label, file, scene}` for the pages (`file` is the name as given, no folder).
    func message(index: Int, path: String) -> JSON {
        [
            "index": .int(index), "label": .string(label), "file": .string((path as NSString).lastPathComponent),
            "scene": scene.map(JSON.string) ?? .null,
        ]
    }
}

extension DaemonSession {
    /// The picker's entries for `document` (at `index` in the served list): one per scene of a storyboard or XIB,
    /// one for a JSON document. A file the daemon cannot list (no valid tree yet) is one entry, its initial scene.
    func serveScenes(of document: SourceDocument, index: Int) -> [ServeScene] {
        let name = (document.path as NSString).lastPathComponent
        let whole = [ServeScene(document: index, scene: nil, label: name)]
        guard document.isInterfaceBuilder, let scenes = try? scenes(of: document) else { return whole }
        let listed = scenes.map { scene in
            let (id, title) = (scene.id, scene.title)
            let label = title.isEmpty || title == id ? "\(name) › \(id)" : "\(name) › \(title) (\(id))"
            return ServeScene(document: index, scene: id, label: label, initial: scene.initial)
        }
        return listed.isEmpty ? whole : listed
    }
}
