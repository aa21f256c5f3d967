package import JSON

// The workspace's methods (`Protocol/base-protocol.md`, "The workspace").

/// `skeleton/workspace`: what the workspace's index holds, once what came before it is read.
package enum WorkspaceRequest: RequestMethod {
    package static let method = "skeleton/workspace"
    package typealias Params = NoParams
    package typealias Result = JSON
}

/// `workspace/didChangeWatchedFiles`: files of the workspace created, changed or deleted.
package enum DidChangeWatchedFiles: NotificationMethod {
    package static let method = "workspace/didChangeWatchedFiles"

    package struct Params: ProtocolObject {
        package static let members = MemberRule.open(["changes"])

        package let changes: [FileEvent]

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            changes = try object.decodeArray("changes")
        }
    }
}

/// LSP's `FileEvent`: a file's uri and what happened to it.
package struct FileEvent: ProtocolObject {
    package static let members = MemberRule.open(["uri", "type"])

    /// LSP's `FileChangeType`.
    package enum Change: Int, Sendable {
        case created = 1
        case changed = 2
        case deleted = 3
    }

    package let uri: String
    package let type: Change

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        uri = try object.string("uri")
        let source = try object.required("type")
        guard let type = Change(rawValue: try source.decodeInt()) else {
            throw JSONDecodingError(at: source, "must be 1 (created), 2 (changed) or 3 (deleted)")
        }
        self.type = type
    }
}

extension DidChangeWatchedFiles.Params: EncodableObject {
    package init(changes: [FileEvent]) { self.changes = changes }

    package var json: JSON { ["changes": .array(changes.map(\.json))] }
}

extension FileEvent: EncodableObject {
    package init(uri: String, type: Change) {
        self.uri = uri
        self.type = type
    }

    package var json: JSON { ["uri": .string(uri), "type": .int(type.rawValue)] }
}
