import Foundation
import SkeletondTestSupport
import Testing

/// Results on stdout that cannot be written are a failure (status 2 and why), and a standard descriptor closed at
/// start is never taken by the daemon's pipes.
@Suite struct StandardStreamsTests {
    let card = CLIRunner.example("profile-card")

    @Test func aFullStdoutIsAnError() throws {
        let directory = try TemporaryDirectory()
        // A warning, so that lint prints a line.
        let warned = try directory.write(
            "warned.json",
            #"{"root": {"type": "UIView", "frame": [0, 0, 100, 100], "children": [{"type": "UILabel", "frame": [0, 0, 50, 20], "isSkeletonable": true}]}}"#
        )
        for command in [
            ["tree", card], ["lint", warned], ["layers", card, "--json"], ["layers", card], ["scenes", card],
        ] {
            let result = try CLIRunner.spawn(command, stdout: .path("/dev/full"))
            #expect(result.status == 2, "\(command)")
            #expect(
                result.stderr.hasSuffix("skeleton: cannot write to standard output: No space left on device\n"),
                "\(command): \(result.stderr)")
        }
    }

    @Test func aClosedStdinOrStdoutDoesNotBreakTheDaemonsPipes() throws {
        let directory = try TemporaryDirectory()
        for (stdin, stdout) in [
            (CLIRunner.Descriptor.closed, CLIRunner.Descriptor.path("/dev/null")), (.path("/dev/null"), .closed),
            (.closed, .closed),
        ] {
            let output = directory.file("card.png")
            try? FileManager.default.removeItem(atPath: output)
            let result = try CLIRunner.spawn(["render", card, "-o", output], stdin: stdin, stdout: stdout)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func aClosedStdoutIsAnErrorForACommandThatPrints() throws {
        let result = try CLIRunner.spawn(["tree", card], stdout: .closed)
        #expect(result.status == 2)
        #expect(result.stderr == "skeleton: cannot write to standard output: it was closed when skeleton started\n")
    }
}
