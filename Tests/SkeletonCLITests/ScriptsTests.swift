import Foundation
import SkeletondTestSupport
import Testing

/// `scripts/demo` and `scripts/bootstrap`, run through bash with stand-ins for what they would change on the machine.
@Suite struct ScriptsTests {
    /// Runs `bash -c script` in the package root with `environment` added; returns status, stdout and stderr.
    static func bash(_ script: String, environment: [String: String] = [:]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["-c", script], environment: environment, executable: URL(fileURLWithPath: "/bin/bash"), timeout: 60,
            directory: TestEnvironment.packageRoot)
    }

    /// Every example gets its own three pictures: `profile-card.skeleton.json` and `profile-card.xib` share a stem,
    /// and neither overwrites the other's.
    @Test func demoOutputsNeverCollide() throws {
        let result = try Self.bash(
            "source scripts/lib/common.sh && for f in Examples/*; do if [ -f \"$f\" ]; then demo_outputs demo-output \"$f\"; fi; done"
        )
        #expect(result.status == 0, "\(result.stderr)")
        let paths = result.stdout.split(separator: "\n").map(String.init)
        let folder = TestEnvironment.packageRoot.appendingPathComponent("Examples")
        let examples = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
        #expect(paths.count == 3 * examples.count)
        #expect(Set(paths).count == paths.count, "\(paths)")
        #expect(paths.contains("demo-output/profile-card.xib.png"))
        #expect(paths.contains("demo-output/profile-card.skeleton.json.png"))
        // The demo itself writes what demo_outputs names.
        let demo = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("scripts/demo"), encoding: .utf8)
        #expect(demo.contains("demo_outputs \"$out\" \"$file\""))
    }

    /// When packages are missing, bootstrap says it will wait for the dpkg lock and asks apt-get to wait for it.
    @Test func bootstrapWaitsForTheDpkgLock() throws {
        let directory = try TemporaryDirectory()
        let log = directory.file("apt-get.log")
        _ = try directory.script("dpkg", "exit 1")  // every package is missing
        _ = try directory.script("apt-get", "echo \"$*\" >> '\(log)'")
        _ = try directory.script("sudo", "exec \"$@\"")
        let path = directory.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Self.bash("scripts/bootstrap", environment: ["PATH": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("holds the dpkg lock, this waits for it (at most 5 minutes)"))
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.count == 2)
        for call in calls {
            #expect(call.hasPrefix("-o DPkg::Lock::Timeout=300 "), "\(call)")
        }
        #expect(calls.last?.contains("install") == true)
    }
}
