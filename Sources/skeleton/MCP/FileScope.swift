import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files `skeleton mcp`'s tools may read, fixed by its command line: the documents named there, and every
/// storyboard, XIB and JSON document under `--project DIR`. A tool's `file` argument is resolved (relative to DIR,
/// else to the working directory; symbolic links followed) and must land in that set.
struct FileScope: Sendable {
    /// The extensions of layout documents: skeleton JSON, storyboards, XIBs.
    static let layoutExtensions: Set<String> = ["json", "storyboard", "xib"]
    /// The longest path argument, in bytes (Linux's `PATH_MAX`).
    static let maxPathBytes = 4096
    /// At most this many documents on the command line.
    static let maxFiles = 256

    /// The documents named on the command line: resolved path → the path as given.
    let files: [String: String]
    /// `--project`'s folder, resolved, and as given.
    let project: (resolved: String, given: String)?
    /// The `--code` Swift files, as given (read afresh for every call).
    let code: [String]

    /// Resolves the command line's paths; a missing document or folder is an I/O error naming it.
    init(files: [String], project: String?, code: [String]) throws(CLIError) {
        var resolved: [String: String] = [:]
        for file in files {
            guard let real = Self.realPath(file) else { throw .io("cannot read \(file): \(Self.reason())") }
            resolved[real] = file
        }
        self.files = resolved
        if let project {
            var isFolder: ObjCBool = false
            guard let real = Self.realPath(project),
                FileManager.default.fileExists(atPath: real, isDirectory: &isFolder), isFolder.boolValue
            else { throw .io("--project \(project): no such folder") }
            self.project = (real, project)
        } else {
            self.project = nil
        }
        self.code = code
    }

    /// The document a tool's `file` argument names, as the path to read and the path to show in messages; an error
    /// says why it is refused.
    func resolve(_ argument: String) throws(ToolError) -> (path: String, shown: String) {
        guard !argument.isEmpty, argument.utf8.count <= Self.maxPathBytes, !argument.contains("\0") else {
            throw ToolError("file must be a path of 1 to \(Self.maxPathBytes) bytes")
        }
        let base = project?.resolved ?? FileManager.default.currentDirectoryPath
        let joined = argument.hasPrefix("/") ? argument : base + "/" + argument
        guard let real = Self.realPath(joined) else {
            throw ToolError("cannot read \(argument): \(Self.reason())")
        }
        if let given = files[real] { return (real, given) }
        guard let folder = projectPrefix, real.hasPrefix(folder) else {
            throw ToolError("\(argument) is outside what this server may read (\(described))")
        }
        let ext = (real as NSString).pathExtension.lowercased()
        guard Self.layoutExtensions.contains(ext) else {
            throw ToolError(
                "\(argument) is not a layout: the tools read skeleton JSON documents, storyboards and XIBs "
                    + "(.json, .storyboard, .xib)")
        }
        return (real, shown(real))
    }

    /// A resolved path as messages show it: as given on the command line, else relative to `--project`.
    func shown(_ resolved: String) -> String {
        if let given = files[resolved] { return given }
        if let folder = projectPrefix, resolved.hasPrefix(folder) { return String(resolved.dropFirst(folder.count)) }
        return resolved
    }

    /// `--project`'s resolved folder with a final `/`.
    private var projectPrefix: String? {
        project.map { $0.resolved.hasSuffix("/") ? $0.resolved : $0.resolved + "/" }
    }

    /// What the server may read, for messages: "the files a.json, b.xib and the layouts under DIR".
    var described: String {
        var parts: [String] = []
        if !files.isEmpty { parts.append("the files " + files.values.sorted().joined(separator: ", ")) }
        if let project { parts.append("the layouts under \(project.given)") }
        return parts.joined(separator: " and ")
    }

    /// `path` with symbolic links, `.` and `..` resolved, or nil (then `errno` says why).
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
