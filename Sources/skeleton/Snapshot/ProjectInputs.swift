import ArgumentParser
import Foundation
import JSON

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

    @Option(
        name: .customLong("project"),
        help: ArgumentHelp(
            """
            The app's folder: every Swift file, storyboard, XIB and asset catalogue colour under it belongs to the \
            app. Without FILEs, every skeleton layout (*.skeleton.json), storyboard and XIB under it is a document \
            of the run.
            """,
            valueName: "dir"),
        completion: .directory)
    var project: String?

    @Option(
        name: .customLong("code"),
        help: ArgumentHelp("A Swift file of the app (repeatable).", valueName: "swift-file"),
        completion: .file(extensions: ["swift"]))
    var code: [String] = []

    /// The folder paths are relative to: `--project`, else the current directory.
    var root: String { project ?? FileManager.default.currentDirectoryPath }

    /// `--project`, checked to be a folder.
    func projectFolder() throws(CLIError) -> String? {
        try DocumentArgument.checkedProject(project)
    }

    /// Checks there is something to read, before the daemon starts.
    func check() throws(CLIError) {
        _ = try projectFolder()
        guard !files.isEmpty || project != nil else {
            throw CLIError("a FILE or --project DIR is needed", status: .inputOutput)
        }
    }

    /// The paths of the run's documents: the FILEs, else every skeleton layout, storyboard and XIB of the daemon's
    /// workspace in path order (`ProjectDocuments`).
    func paths(_ daemon: DaemonSession) throws(CLIError) -> [String] {
        guard files.isEmpty else { return files }
        return ProjectDocuments.paths(in: try daemon.call("skeleton/workspace", [:]))
    }

    /// Reads the document at `path` with the run's `--code` files and project.
    func load(_ path: String) throws(CLIError) -> SourceDocument {
        var document = try SourceDocument.load(path)
        for codePath in code { document.code.append(try SourceDocument.load(codePath)) }
        document.project = project
        return document
    }

    /// `path` relative to the root when it is inside it, else as absolute path.
    func relative(_ path: String) -> String {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
    }
}
