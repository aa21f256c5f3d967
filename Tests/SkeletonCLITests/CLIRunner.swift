import Foundation
import SkeletondTestSupport

/// Runs the built `skeleton` binary and captures its exit status and output.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stderr's lines, without the empty last one.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// The `skeleton` built beside the daemon (`$SKELETOND`'s folder, else `.build/debug`).
    static var binary: URL { TestEnvironment.binDirectory.appendingPathComponent("skeleton") }

    /// An example document's path.
    static func example(_ name: String) -> String {
        TestEnvironment.packageRoot.appendingPathComponent("Examples/\(name).skeleton.json").path
    }

    /// Runs `skeleton arguments…` with `environment` added, killing it after `timeout` seconds.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: URL = binary, timeout: Double = 120,
        directory workingDirectory: URL? = nil
    ) throws -> Result {
        let directory = try TemporaryDirectory()
        let outPath = directory.file("stdout")
        let errPath = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SKELETOND")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, deadline.timeIntervalSinceNow > 0 { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ClientError("skeleton \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("skeleton-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// An executable shell script named `name`.
    func script(_ name: String, _ body: String) throws -> String {
        let path = try write(name, "#!/bin/sh\n" + body + "\n")
        chmod(path, 0o755)
        return path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
