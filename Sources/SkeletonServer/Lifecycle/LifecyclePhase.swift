/// Where the server is in the LSP lifecycle.
public enum LifecyclePhase: Sendable, Equatable {
    /// Before `initialize`: requests get -32002, notifications are dropped.
    case uninitialized
    /// Serving.
    case running
    /// After `shutdown`: requests get -32600, only `exit` is acted on.
    case shuttingDown
}

/// The name and version in `initialize`'s `serverInfo`.
public struct ServerInfo: Sendable {
    public var name: String
    public var version: String
    public init(name: String = "skeletond", version: String = SkeletondVersion.current) {
        self.name = name
        self.version = version
    }
}

/// The daemon's version.
public enum SkeletondVersion {
    public static let current = "0.1.0"
}
