import ArgumentParser
import Foundation
import JSON
import SkeletonProtocol

/// The documents of a run over several files or a whole app (`snapshot`, `lint`): FILE… and `--project DIR`, as
/// every other command reads them, and `--code`.
struct ProjectInputs: ParsableArguments {
    @Argument(
        help: """
            Skeleton documents, storyboards or XIBs (default with --project: every *.skeleton.json, storyboard and \
            XIB under DIR).
            """,
        completion: .file(extensions: ["json", "storyboard", "xib"]))
    var files: [String] = []

    @OptionGroup var app: ProjectOptions

    /// The folder paths are relative to: `--project`, else the current directory.
    var root: String { app.project ?? FileManager.default.currentDirectoryPath }

    /// Checks there is something to read, before the daemon starts.
    func check() throws(CLIError) {
        _ = try app.folder()
        guard !files.isEmpty || app.project != nil else {
            throw CLIError("a FILE or --project DIR is needed", status: .inputOutput)
        }
    }

    /// The paths of the run's documents: the FILEs, else every skeleton layout, storyboard and XIB of the daemon's
    /// workspace in path order (`ProjectDocuments`).
    func paths(_ daemon: DaemonSession) throws(CLIError) -> [String] {
        guard files.isEmpty else { return files }
        return ProjectDocuments.paths(in: try daemon.call(WorkspaceRequest.self))
    }

    /// `path` relative to the root when it is inside it, else as absolute path.
    func relative(_ path: String) -> String {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }
}
