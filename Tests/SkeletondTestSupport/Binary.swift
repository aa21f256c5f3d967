package import Foundation
package import JSONRPC
@_exported public import SkeletonClient

/// Where the tests find the built binary and the package's files.
package enum TestEnvironment {
    /// `$SKELETOND`, else `.build/debug/skeletond` under the package root.
    package static var daemonURL: URL {
        if let path = ProcessInfo.processInfo.environment["SKELETOND"] { return URL(fileURLWithPath: path) }
        return packageRoot.appendingPathComponent(".build/debug/skeletond")
    }

    /// The folder of the built executables: the daemon's (so `$SKELETOND` from another scratch path finds the
    /// `skeleton` built beside it).
    package static var binDirectory: URL { daemonURL.deletingLastPathComponent() }

    /// The package root, found from this file's location.
    package static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}

extension DaemonProcess {
    /// The built `skeletond`, for end-to-end tests.
    package convenience init(arguments: [String] = [], mode: FramingMode = .lsp, environment: [String: String] = [:])
        throws
    {
        try self.init(executable: TestEnvironment.daemonURL, arguments: arguments, mode: mode, environment: environment)
    }
}
