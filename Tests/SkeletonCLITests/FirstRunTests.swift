import Foundation
import SkeletondTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a new user meets first: the command line's own errors, the daemon found however `skeleton` was installed,
/// the debug tree on the terminal, references that can be pasted back, and no half-written files.
@Suite struct FirstRunTests {
    @Test func noCommandIsAUsageError() throws {
        let result = try CLIRunner.run([])
        #expect(result.status == 64)
        #expect(result.stderr.contains("skeleton: a command is needed: one of render, animate"))
        #expect(result.stdout.isEmpty)
    }

    @Test func numbersInErrorsAreWrittenAsTheUserWroteThem() throws {
        let result = try CLIRunner.run(["render", CLIRunner.example("grid"), "--scale", "5", "-o", "/tmp/x.png"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--scale must be between 1 and 4, not 5 ("))
        let fractional = try CLIRunner.run(["render", CLIRunner.example("grid"), "--scale", "4.5", "-o", "/tmp/x.png"])
        #expect(fractional.stderr.contains("not 4.5 ("))
    }

    @Test func treeReferencesArePrintedUnescapedAndPasteBack() throws {
        let grid = CLIRunner.example("grid")
        let tree = try CLIRunner.run(["tree", grid])
        #expect(tree.status == 0)
        #expect(tree.stdout.contains("\"reference\" : \"grid[0,header]/heading\""))
        #expect(!tree.stdout.contains("\\/"))
        let node = try CLIRunner.run(["tree", grid, "--node", "grid[0,header]/heading"])
        #expect(node.status == 0, "\(node.stderr)")
        #expect(node.stdout.contains("\"reference\" : \"grid[0,header]/heading\""))
    }

    @Test func debugPrintsTheSkeletonTreeOnTheTerminal() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(
            ["render", CLIRunner.example("profile-card"), "-o", directory.file("card.png")],
            environment: ["SKELETON_DEBUG": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("skeleton tree:"))
        #expect(result.stderr.contains("\"reference\" : \"avatar\""))
        let quiet = try CLIRunner.run(["render", CLIRunner.example("profile-card"), "-o", directory.file("q.png")])
        #expect(!quiet.stderr.contains("skeleton tree:"))
    }

    /// A copied `skeleton` whose directory holds something called `skeletond` that cannot run (a folder, a
    /// script for an interpreter that is not there) still finds the daemon on `PATH`.
    @Test func aCopiedSkeletonFindsTheDaemonOnPath() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.file("skeleton")
        try FileManager.default.copyItem(atPath: CLIRunner.binary.path, toPath: copy)
        let daemonDirectory = TestEnvironment.binDirectory.path
        let path = daemonDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        try FileManager.default.createDirectory(
            atPath: directory.file("skeletond"), withIntermediateDirectories: false)
        let beside = try CLIRunner.run(
            ["tree", CLIRunner.example("grid")], environment: ["PATH": path], executable: URL(fileURLWithPath: copy))
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stdout.contains("\"reference\" : \"screen\""))

        try FileManager.default.removeItem(atPath: directory.file("skeletond"))
        _ = try directory.write("skeletond", "#!/nonexistent/interpreter\n")
        chmod(directory.file("skeletond"), 0o755)
        let broken = try CLIRunner.run(
            ["tree", CLIRunner.example("grid")], environment: ["PATH": path], executable: URL(fileURLWithPath: copy))
        #expect(broken.status == 0, "\(broken.stderr)")

        let nowhere = try CLIRunner.run(
            ["tree", CLIRunner.example("grid")], environment: ["PATH": "/nonexistent"],
            executable: URL(fileURLWithPath: copy))
        #expect(nowhere.status == 3)
    }

    /// Ctrl-C in the middle of `animate` leaves neither a truncated GIF nor its temporary file, and an existing
    /// GIF of the same name is left as it was.
    @Test func anInterruptedAnimationLeavesNoPartialFile() throws {
        let directory = try TemporaryDirectory()
        let output = directory.file("feed.gif")
        try Data("an older picture".utf8).write(to: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = [
            "animate", CLIRunner.example("feed"), "--duration", "600", "--fps", "5", "--scale", "2", "-o", output,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SKELETOND")
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let partial = directory.file(".feed.gif.partial-\(process.processIdentifier)")
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: partial), process.isRunning, deadline.timeIntervalSinceNow > 0 {
            usleep(20_000)
        }
        #expect(FileManager.default.fileExists(atPath: partial), "the GIF is written under a temporary name")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect((try? String(contentsOfFile: output, encoding: .utf8)) == "an older picture")
    }
}
