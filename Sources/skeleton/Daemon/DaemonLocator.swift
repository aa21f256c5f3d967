import Foundation

/// Finds the `skeletond` executable to start.
///
/// Order: `$SKELETOND` when set (an explicit choice wins, which also lets tests substitute a daemon), then
/// `skeletond` next to this executable (`CommandLine.arguments[0]`'s directory with symlinks resolved, so an
/// installed symlink still finds its sibling), then the first `skeletond` on `PATH`; the first that starts is
/// used.
enum DaemonLocator {
    /// The daemons to try starting, in order: `$SKELETOND` alone when it is set; else the sibling of this
    /// executable when it is a runnable file, then the first `skeletond` on `PATH` (a sibling that cannot be
    /// started, such as a stale or foreign binary, must not hide the one on `PATH`). An error names every place
    /// that was tried when there is none.
    static func candidates(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        argumentZero: String = CommandLine.arguments.first ?? "skeleton"
    ) throws(CLIError) -> [URL] {
        if let explicit = environment["SKELETOND"], !explicit.isEmpty {
            guard isExecutableProgram(explicit) else {
                throw .daemon("SKELETOND is \(explicit), which is not an executable file")
            }
            return [URL(fileURLWithPath: explicit)]
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var found: [URL] = []
        var tried: [String] = []
        if let own = ownExecutable(argumentZero: argumentZero, path: path) {
            let sibling = own.deletingLastPathComponent().appendingPathComponent("skeletond")
            if isExecutableProgram(sibling.path) { found.append(sibling) } else { tried.append(sibling.path) }
        }
        if let onPath = searchPath(path, for: "skeletond"), !found.contains(onPath) { found.append(onPath) }
        guard found.isEmpty else { return found }
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

    /// Whether `path` is a file that can be run: executable and not a directory (a directory named `skeletond`
    /// beside a copied `skeleton`, such as a source folder, must not hide the daemon on `PATH`).
    static func isExecutableProgram(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return false
        }
        return FileManager.default.isExecutableFile(atPath: path)
    }

    /// The first executable file named `name` in the colon-separated `path`.
    static func searchPath(_ path: String, for name: String) -> URL? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if isExecutableProgram(candidate.path) { return candidate }
        }
        return nil
    }
}
