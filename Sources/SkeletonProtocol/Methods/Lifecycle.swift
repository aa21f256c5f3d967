package import JSON
import SkeletonModel

// LSP's lifecycle (`Protocol/base-protocol.md`, "Lifecycle"): what `initialize` reads, and `initialized`. LSP's
// objects, so members the daemon does not read are passed over.

/// `initialize`: the session's settings and the client's capabilities; answers the server's capabilities.
package enum InitializeRequest: RequestMethod {
    package static let method = "initialize"
    /// `{capabilities, serverInfo}`.
    package typealias Result = JSON

    package struct Params: ProtocolObject {
        package static let members = MemberRule.open([
            "processId", "initializationOptions", "capabilities", "workspaceFolders", "rootUri", "rootPath",
        ])

        /// The client's process (nil: null, or absent).
        package let processID: Int?
        package let initializationOptions: InitializationOptions
        package let capabilities: ClientCapabilities
        /// `workspaceFolders`' uris, else `rootUri`, else nil (`rootPath` is then read).
        package let workspaceURIs: [String]
        package let rootPath: String?

        /// The most workspace folders `initialize` may name.
        package static let maxWorkspaceFolders = 64

        /// No params: every default.
        package init() {
            processID = nil
            initializationOptions = InitializationOptions()
            capabilities = ClientCapabilities()
            workspaceURIs = []
            rootPath = nil
        }

        package init(from object: ParamsObject) throws(JSONDecodingError) {
            processID = try object.optionalInt("processId")
            initializationOptions = try object.decodeIfPresent("initializationOptions") ?? InitializationOptions()
            capabilities = try object.decodeIfPresent("capabilities") ?? ClientCapabilities()
            var uris: [String] = []
            var rootPath: String?
            if let folders = object.optional("workspaceFolders") {
                let items = try folders.decodeArray()
                guard items.count <= Self.maxWorkspaceFolders else {
                    throw JSONDecodingError(at: folders, "more than \(Self.maxWorkspaceFolders) workspace folders")
                }
                for item in items { uris.append(try WorkspaceFolder.decode(item).uri) }
            } else if let root = object.optional("rootUri") {
                uris.append(try root.decodeString())
            } else if let root = object.optional("rootPath") {
                rootPath = try root.decodeString()
            }
            workspaceURIs = uris
            self.rootPath = rootPath
        }

        /// Absent params are every default; any other value but an object is -32602 at `/params`.
        package static func decode(params: JSONValue?) throws(JSONDecodingError) -> Params {
            guard let params else { return Params() }
            guard params.kind == .object else { throw ParamsObject.notAnObject }
            return try decode(params)
        }
    }
}

/// LSP's `WorkspaceFolder`: `{uri, name}`.
package struct WorkspaceFolder: ProtocolObject {
    package static let members = MemberRule.open(["uri", "name"])

    package let uri: String

    package init(from object: ParamsObject) throws(JSONDecodingError) { uri = try object.string("uri") }
}

/// How the session's clock runs: the real one, or moved only by `clock/advance` and `clock/set`.
package enum ClockMode: String, Sendable, CaseIterable {
    case real
    case manual
}

/// `initialize`'s `initializationOptions`: the daemon's own settings for the session.
package struct InitializationOptions: ProtocolObject {
    package static let members = MemberRule.open(
        ParamMembers(["clock", "incrementalEdits", "workspace"]).adding(MotionChange.members))

    /// nil: real.
    package let clock: ClockMode?
    package let motion: MotionChange?
    /// nil: true.
    package let incrementalEdits: Bool?
    package let workspace: WorkspaceLimitOptions?

    /// The options a client sets (nil: the default).
    package init(
        clock: ClockMode? = nil, motion: MotionChange? = nil, incrementalEdits: Bool? = nil,
        workspace: WorkspaceLimitOptions? = nil
    ) {
        self.clock = clock
        self.motion = motion
        self.incrementalEdits = incrementalEdits
        self.workspace = workspace
    }

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        clock = try object.optional("clock")?.decodeEnum(ClockMode.self)
        motion = try MotionChange(from: object)
        incrementalEdits = try object.optionalBool("incrementalEdits")
        workspace = try object.decodeIfPresent("workspace")
    }
}

/// `initializationOptions.workspace`: lower limits for the workspace's index (from 1 to the standard one, which the
/// server checks: it knows them).
package struct WorkspaceLimitOptions: ProtocolObject {
    package static let members = MemberRule.open(["maxFiles", "maxBytes", "maxSyntaxTreeBytes"])

    /// Each with its value in the message.
    package let maxFiles: (value: Int, source: JSONValue)?
    package let maxBytes: (value: Int, source: JSONValue)?
    package let maxSyntaxTreeBytes: (value: Int, source: JSONValue)?

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        maxFiles = try Self.int(object, "maxFiles")
        maxBytes = try Self.int(object, "maxBytes")
        maxSyntaxTreeBytes = try Self.int(object, "maxSyntaxTreeBytes")
    }

    private static func int(_ object: ParamsObject, _ key: String) throws(JSONDecodingError)
        -> (value: Int, source: JSONValue)?
    {
        guard let source = object.optional(key) else { return nil }
        return (try source.decodeInt(), source)
    }
}

/// The client's capabilities the daemon reads.
package struct ClientCapabilities: ProtocolObject {
    package static let members = MemberRule.open(["general", "window", "workspace"])

    /// `general.positionEncodings`, in the client's order.
    package let positionEncodings: [String]
    /// `window.workDoneProgress`.
    package let workDoneProgress: Bool
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`.
    package let registersWatchers: Bool

    package init(positionEncodings: [String] = [], workDoneProgress: Bool = false, registersWatchers: Bool = false) {
        self.positionEncodings = positionEncodings
        self.workDoneProgress = workDoneProgress
        self.registersWatchers = registersWatchers
    }

    package init(from object: ParamsObject) throws(JSONDecodingError) {
        var encodings: [String] = []
        if let general = object.optional("general") {
            let general = try ParamsObject(general, .open(["positionEncodings"]))
            for encoding in try general.optional("positionEncodings")?.decodeArray() ?? [] {
                encodings.append(try encoding.decodeString())
            }
        }
        positionEncodings = encodings
        // `window` and `workspace` are read only where they are objects, as LSP clients send them.
        workDoneProgress = try object.optional("window")?.optionalBool("workDoneProgress") ?? false
        let watched = object.optional("workspace")?.optionalMember("didChangeWatchedFiles")
        registersWatchers = try watched?.optionalBool("dynamicRegistration") ?? false
    }
}

/// `initialized`: the client has the server's capabilities; the workspace's reading starts. Its params are not read
/// (absent, or anything).
package enum InitializedNotification: NotificationMethod {
    package static let method = "initialized"

    package struct Params: ProtocolObject {
        package static let members = MemberRule.open([])

        package init() {}
        package init(from object: ParamsObject) {}

        package static func decode(params: JSONValue?) -> Params { Params() }
    }
}

extension InitializedNotification.Params: EncodableObject {
    package var json: JSON { .object([:]) }
}

extension InitializeRequest.Params: EncodableObject {
    /// What a client says of itself; with `workspaceFolders`, the daemon reads them as its workspace.
    package init(
        processID: Int?, initializationOptions: InitializationOptions = InitializationOptions(),
        capabilities: ClientCapabilities = ClientCapabilities(), workspaceFolders: [String] = []
    ) {
        self.processID = processID
        self.initializationOptions = initializationOptions
        self.capabilities = capabilities
        workspaceURIs = workspaceFolders
        rootPath = nil
    }

    /// `processId` (null when nil, as LSP wants it there), the options, the capabilities, and the workspace:
    /// `workspaceFolders` (each named by its last path component), else `rootPath`.
    package var json: JSON {
        let folders = workspaceURIs.map { uri -> JSON in
            ["uri": .string(uri), "name": .string(String(uri.split(separator: "/").last ?? ""))]
        }
        return .members([
            "processId": processID.map(JSON.int) ?? .null, "initializationOptions": initializationOptions.json,
            "capabilities": capabilities.json, "workspaceFolders": folders.isEmpty ? nil : .array(folders),
            "rootPath": folders.isEmpty ? rootPath.map(JSON.string) : nil,
        ])
    }
}

extension InitializationOptions: EncodableObject {
    package var json: JSON {
        var object: JSONObject = motion?.members ?? [:]
        object["clock"] = clock.map { .string($0.rawValue) }
        object["incrementalEdits"] = incrementalEdits.map(JSON.bool)
        object["workspace"] = workspace.json
        return .object(object)
    }
}

extension WorkspaceLimitOptions: EncodableObject {
    /// Lower limits (nil: the standard one).
    package init(maxFiles: Int? = nil, maxBytes: Int? = nil, maxSyntaxTreeBytes: Int? = nil) {
        self.maxFiles = maxFiles.map { ($0, .unsent) }
        self.maxBytes = maxBytes.map { ($0, .unsent) }
        self.maxSyntaxTreeBytes = maxSyntaxTreeBytes.map { ($0, .unsent) }
    }

    package var json: JSON {
        .members([
            "maxFiles": maxFiles.map { .int($0.value) }, "maxBytes": maxBytes.map { .int($0.value) },
            "maxSyntaxTreeBytes": maxSyntaxTreeBytes.map { .int($0.value) },
        ])
    }
}

extension ClientCapabilities: EncodableObject {
    package var json: JSON {
        [
            "general": ["positionEncodings": .array(positionEncodings.map(JSON.string))],
            "window": ["workDoneProgress": .bool(workDoneProgress)],
            "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": .bool(registersWatchers)]],
        ]
    }
}
