import Foundation
import JSON

/// The documents of an app's folder, as the daemon's workspace found them (`skeleton/workspace`): its skeleton
/// layouts (`*.skeleton.json`), storyboards and XIBs. Every command that runs over a project without FILEs takes them
/// from here, so they all see the same files.
enum ProjectDocuments {
    /// The paths of the layouts, storyboards and XIBs a `skeleton/workspace` answer lists, in path order.
    static func paths(in workspace: JSON) -> [String] {
        let members = ["layoutFiles", "interfaceBuilderFiles"]
        let uris = members.flatMap { workspace[$0]?.arrayValue ?? [] }.compactMap(\.stringValue)
        return uris.compactMap { URL(string: $0)?.path }.sorted()
    }
}
