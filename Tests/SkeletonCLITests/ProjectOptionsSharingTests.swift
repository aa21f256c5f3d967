import Foundation
import SkeletondTestSupport
import Testing

/// `--project` and `--code` are one option group (`ProjectOptions`) that every command taking documents shares: the
/// same help and the same checks, `mcp` and `serve` included.
@Suite struct ProjectOptionsSharingTests {
    static let commands: [[String]] = [
        ["render"], ["animate"], ["matrix"], ["tree"], ["lint"], ["layers"], ["scenes"], ["preview"],
        ["snapshot", "record"], ["snapshot", "verify"], ["mcp"], ["serve"],
    ]

    @Test(arguments: commands)
    func everyCommandExplainsTheAppAlike(_ command: [String]) throws {
        let help = try CLIRunner.run(command + ["--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains("--project <dir> The app's folder: every Swift file, storyboard, XIB and asset catalogue"))
        #expect(text.contains("--code <swift-file> A Swift file of the app (repeatable)"), "\(help.stdout)")
    }

    @Test(arguments: [["mcp"], ["serve"], ["lint"], ["snapshot", "record"]])
    func aProjectThatIsNotAFolderIsRefusedAlike(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("no-such-app")
        let result = try CLIRunner.run(command + ["--project", missing], directory: directory.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("skeleton: --project \(missing): no such folder"), "\(result.stderr)")
    }

    @Test func serveReadsCodeFilesAsTheAppsCode() throws {
        let directory = try TemporaryDirectory()
        let document = try directory.write(
            "card.skeleton.json", #"{"root": {"type": "UIView", "frame": [0, 0, 10, 10]}}"#)
        let result = try CLIRunner.run(["serve", document, "--code", directory.file("Missing.swift")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read \(directory.file("Missing.swift"))"), "\(result.stderr)")
    }
}
