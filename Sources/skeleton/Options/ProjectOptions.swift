import ArgumentParser
import Foundation

/// `--project DIR` and `--code SWIFT`…: the app the documents of a command belong to. Every command that reads
/// documents takes them through this one group (`@OptionGroup`), so they are spelled, explained and checked alike.
struct ProjectOptions: ParsableArguments {
    @Option(
        name: .customLong("project"),
        help: ArgumentHelp(
            """
            The app's folder: every Swift file, storyboard, XIB and asset catalogue colour under it belongs to the \
            app (skipping build folders, Pods, Carthage and hidden folders; at most 2,000 files and 64 MiB). A FILE \
            given is that file within the app; without FILEs, commands that take several read every skeleton layout \
            (*.skeleton.json), storyboard and XIB under it.
            """,
            valueName: "dir"),
        completion: .directory)
    var project: String?

    @Option(
        name: .customLong("code"),
        help: ArgumentHelp(
            "A Swift file of the app (repeatable): its SkeletonView setup applies to the storyboards' and XIBs' scenes.",
            valueName: "swift-file"),
        completion: .file(extensions: ["swift"]))
    var code: [String] = []

    /// `--project`'s folder, checked to be one (nil without the option).
    func folder() throws(CLIError) -> String? {
        guard let project else { return nil }
        return try Self.folder(project)
    }

    /// `project`, checked to be a folder; otherwise an I/O error naming it.
    static func folder(_ project: String) throws(CLIError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: project, isDirectory: &isFolder), isFolder.boolValue else {
            throw .io("--project \(project): no such folder")
        }
        return project
    }

    /// The document at `path` with the `--code` files and the project.
    func load(_ path: String) throws(CLIError) -> SourceDocument {
        var document = try SourceDocument.load(path)
        for codePath in code { document.code.append(try SourceDocument.load(codePath)) }
        document.project = try folder()
        return document
    }
}
