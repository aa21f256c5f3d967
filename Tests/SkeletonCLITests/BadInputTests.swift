import Foundation
import SkeletondTestSupport
import Testing

/// Every failure is one `skeleton: …` line on stderr and a non-zero status, quickly.
@Suite struct BadInputTests {
    let card = CLIRunner.example("profile-card")

    /// The only stderr line, which must start with `skeleton: `.
    func singleLine(_ result: CLIRunner.Result) -> String? {
        guard result.errorLines.count == 1, let line = result.errorLines.first, line.hasPrefix("skeleton: ") else {
            return nil
        }
        return line
    }

    @Test func aMissingFile() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["render", directory.file("nope.json"), "-o", directory.file("x.png")])
        #expect(result.status == 2)
        #expect(singleLine(result)?.hasSuffix("nope.json: No such file or directory") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.file("x.png")))
    }

    @Test func aDirectoryOrNonUTF8File() throws {
        let directory = try TemporaryDirectory()
        let folder = try CLIRunner.run(["tree", directory.url.path])
        #expect(folder.status == 2)
        #expect(singleLine(folder)?.hasSuffix(": Is a directory") == true)
        let binary = directory.file("binary.json")
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: URL(fileURLWithPath: binary))
        let result = try CLIRunner.run(["lint", binary])
        #expect(result.status == 2)
        #expect(singleLine(result)?.hasSuffix("it is not UTF-8 text") == true)
    }

    @Test(.enabled(if: getuid() != 0, "root reads every file"))
    func anUnreadableFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("secret.json", "{}")
        chmod(path, 0)
        let result = try CLIRunner.run(["lint", path])
        #expect(result.status == 2)
        #expect(singleLine(result)?.hasSuffix(": Permission denied") == true)
    }

    @Test func anInvalidDocumentPrintsItsDiagnosticsAndExitsOne() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.json", "{\"root\": {\"type\": \"UIVew\", \"frame\": [0, 0, 10, 10]}}")
        for command in [
            ["render", path, "-o", directory.file("x.png")], ["animate", path, "-o", directory.file("x.gif")],
            ["matrix", path, "-o", directory.file("m.png")], ["tree", path], ["layers", path, "--json"],
        ] {
            let result = try CLIRunner.run(command)
            #expect(result.status == 1, "\(command[0])")
            #expect(result.errorLines.count == 2, "\(command[0])")
            #expect(result.errorLines.first?.hasPrefix("\(path):1:19: error: ") == true, "\(command[0])")
            #expect(result.errorLines.last == "skeleton: \(path) is not a valid skeleton document (1 error)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["bad.json"])
    }

    @Test func anUnwritableOutput() throws {
        let directory = try TemporaryDirectory()
        let missing = try CLIRunner.run(["render", card, "-o", directory.file("no/such/dir/x.png")])
        #expect(missing.status == 2)
        #expect(singleLine(missing)?.contains("does not exist") == true)
        let folder = try CLIRunner.run(["matrix", card, "-o", directory.url.path])
        #expect(folder.status == 2)
        #expect(singleLine(folder)?.hasSuffix("it is a directory") == true)
        let gif = try CLIRunner.run(["animate", card, "-o", "/proc/version"])
        #expect(gif.status == 2)
        #expect(singleLine(gif) != nil)
    }

    @Test(arguments: [
        (["animate", "FILE", "--fps", "0", "-o", "x.gif"], "--fps must be between 1 and 50, not 0"),
        (["animate", "FILE", "--duration", "-1", "-o", "x.gif"], "--duration must be more than 0"),
        (
            ["animate", "FILE", "--duration", "2", "--delay", "3", "-o", "x.gif"],
            "--delay must be less than --duration"
        ),
        (["animate", "FILE", "--transition", "sideways", "-o", "x.gif"], "transition"),
        (["render", "FILE", "--time", "-1", "-o", "x.png"], "--time must be a number of seconds ≥ 0"),
        (["render", "FILE", "--scale", "5", "-o", "x.png"], "--scale must be between 1 and 4"),
        (["render", "FILE"], "--output"),
        (["frobnicate"], "frobnicate"),
    ])
    func usageErrors(_ arguments: [String], _ expected: String) throws {
        let result = try CLIRunner.run(arguments.map { $0 == "FILE" ? card : $0 })
        #expect(result.status == 64)
        let line = singleLine(result)
        #expect(line?.contains(expected) == true, "\(result.stderr)")
        #expect(line?.hasSuffix("--help')") == true)
    }

    @Test func anUnknownNode() throws {
        let directory = try TemporaryDirectory()
        let result = try CLIRunner.run(["render", card, "--node", "nope", "-o", directory.file("x.png")])
        #expect(result.status == 2)
        #expect(singleLine(result)?.hasPrefix("skeleton: no node has the reference \"nope\"") == true)
        #expect(try CLIRunner.run(["tree", card, "--node", "9.9"]).status == 2)
    }

    @Test func aDaemonThatDiesAtOnce() throws {
        let directory = try TemporaryDirectory()
        let daemon = try directory.script("dies", "echo 'out of cheese' >&2\nexit 3")
        let started = Date()
        let result = try CLIRunner.run(["tree", card], environment: ["SKELETOND": daemon], timeout: 20)
        #expect(result.status == 3)
        #expect(
            singleLine(result) == "skeleton: skeletond exited with status 3 during initialize (it said: out of cheese)")
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aDaemonThatDiesMidSession() throws {
        let directory = try TemporaryDirectory()
        let real = TestEnvironment.daemonURL.path
        let daemon = try directory.script("shortLived", "exec timeout -s KILL 1 '\(real)' \"$@\"")
        let out = directory.file("long.gif")
        let result = try CLIRunner.run(
            ["animate", CLIRunner.example("feed"), "--duration", "60", "--fps", "50", "-o", out],
            environment: ["SKELETOND": daemon], timeout: 30)
        #expect(result.status == 3)
        #expect(
            singleLine(result)?.hasPrefix("skeleton: skeletond was killed by signal 9 during ") == true,
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func aDaemonThatNeverAnswers() throws {
        let directory = try TemporaryDirectory()
        let daemon = try directory.script("hangs", "exec sleep 30")
        let result = try CLIRunner.run(
            ["lint", card], environment: ["SKELETOND": daemon, "SKELETON_TIMEOUT": "1"], timeout: 20)
        #expect(result.status == 3)
        #expect(singleLine(result) == "skeleton: skeletond did not answer initialize within 1 s; stopped it")
    }

    @Test func aDaemonThatIsNotThere() throws {
        let result = try CLIRunner.run(["tree", card], environment: ["SKELETOND": "/nonexistent/skeletond"])
        #expect(result.status == 3)
        #expect(singleLine(result)?.contains("/nonexistent/skeletond") == true)
    }
}
