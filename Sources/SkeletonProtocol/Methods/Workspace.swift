public import JSON

// The workspace's methods (`Protocol/base-protocol.md`, "The workspace").

/// `skeleton/workspace`: what the workspace's index holds, once what came before it is read.
public enum WorkspaceRequest: RequestMethod {
    public static let method = "skeleton/workspace"
    public typealias Params = NoParams
    public typealias Result = JSON
}

/// `workspace/didChangeWatchedFiles`: files of the workspace created, changed or deleted.
public enum DidChangeWatchedFiles: NotificationMethod {
    public static let method = "workspace/didChangeWatchedFiles"

    public struct Params: ProtocolObject {
        public static let members = MemberRule.open(["changes"])

        public let changes: [FileEvent]

        public init(from object: ParamsObject) throws(JSONDecodingError) {
            changes = try object.decodeArray("changes")
        }
    }
}

/// LSP's `FileEvent`: a file's uri and what happened to it.
public struct FileEvent: ProtocolObject {
    public static let members = MemberRule.open(["uri", "type"])

    /// LSP's `FileChangeType`.
    public enum Change: Int, Sendable {
        case created = 1
        case changed = 2
        case deleted = 3
    }

    public let uri: String
    public let type: Change

    public init(from object: ParamsObject) throws(JSONDecodingError) {
        uri = try object.string("uri")
        let source = try object.required("type")
        guard let type = Change(rawValue: try source.decodeInt()) else {
            throw JSONDecodingError(at: source, "must be 1 (created), 2 (changed) or 3 (deleted)")
        }
        self.type = type
    }
}
