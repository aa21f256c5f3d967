import Foundation

/// Finds the `skeletond` executable to start.
///
/// Order: `$SKELETOND` when set (an explicit choice wins, which also lets tests substitute a daemon), then
/// `skeletond` next to this executable (`CommandLine.arguments[0]`'s directory with symlinks resolved, so an
/// installed symlink still finds its sibling), then the first `skeletond` on `PATH`.
enum DaemonLocator {
    /// The daemon's location, or an error naming every place that was tried.
    static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        argumentZero: String = CommandLine.arguments.first ?? "skeleton"
    ) throws(CLIError) -> URL {
        let files = FileManager.default
        if let explicit = environment["SKELETOND"], !explicit.isEmpty {
            guard files.isExecutableFile(atPath: explicit) else {
                throw .daemon("SKELETOND is \(explicit), which is not an executable file")
            }
            return URL(fileURLWithPath: explicit)
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var tried: [String] = []
        if let own = ownExecutable(argumentZero: argumentZero, path: path) {
            let sibling = own.deletingLastPathComponent().appendingPathComponent("skeletond")
            if files.isExecutableFile(atPath: sibling.path) { return sibling }
            tried.append(sibling.path)
        }
        if let found = searchPath(path, for: "skeletond") { return found }
        tried.append("PATH")
        throw .daemon("cannot find skeletond (tried \(tried.joined(separator: ", ")); set SKELETOND to its path")
    }

    /// This executable with symlinks resolved: `argv[0]` when it names a file, else `argv[0]` found on `PATH`.
    static func ownExecutable(argumentZero: String, path: String) -> URL? {
        let url: URL?
        if argumentZero.contains("/") {
            url = URL(fileURLWithPath: argumentZero)
        } else {
            url = searchPath(path, for: argumentZero)
        }
        return url?.resolvingSymlinksInPath()
    }

    /// The first executable file named `name` in the colon-separated `path`.
    static func searchPath(_ path: String, for name: String) -> URL? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
