/// Where the server is in the LSP lifecycle.
package enum LifecyclePhase: Sendable, Equatable {
    /// Before `initialize`: requests get -32002, notifications are dropped.
    case uninitialized
    /// Serving.
    case running
    /// After `shutdown`: requests get -32600, only `exit` is acted on.
    case shuttingDown
}

/// The name and version in `initialize`'s `serverInfo`.
package struct ServerInfo: Sendable {
    package var name: String
    package var version: String
    package init(name: String = "skeletond", version: String = SkeletondVersion.current) {
        self.name = name
        self.version = version
    }
}

/// The daemon's version.
package enum SkeletondVersion {
    package static let current = "0.1.0"
}
