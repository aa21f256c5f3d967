import Foundation
import SkeletondTestSupport
import Testing

/// `scripts/snapshot-ci`, the CI recipe: lint as a gate, then verify with its reports.
@Suite struct SnapshotRecipeTests {
    /// Runs the recipe in `directory` with the built binaries.
    private static func recipe(_ directory: TemporaryDirectory, _ arguments: [String], maxWarnings: String = "0")
        throws -> CLIRunner.Result
    {
        let script = TestEnvironment.packageRoot.appendingPathComponent("scripts/snapshot-ci").path
        return try CLIRunner.run(
            [script] + arguments,
            environment: [
                "SKELETOND": TestEnvironment.daemonURL.path, "SKELETON": CLIRunner.binary.path,
                "OUT": directory.file("reports"), "MAX_WARNINGS": maxWarnings,
            ],
            executable: URL(fileURLWithPath: "/bin/bash"), directory: directory.url)
    }

    @Test func theRecipePassesOnRecordedBaselinesAndFailsOnAChangeOrAWarning() throws {
        let directory = try TemporaryDirectory()
        let card = directory.file("profile-card.skeleton.json")
        try FileManager.default.copyItem(atPath: CLIRunner.example("profile-card"), toPath: card)
        let record = try CLIRunner.run(["snapshot", "record", "profile-card.skeleton.json"], directory: directory.url)
        #expect(record.status == 0, "\(record.stderr)")

        let passing = try Self.recipe(directory, ["profile-card.skeleton.json"])
        #expect(passing.status == 0, "\(passing.stderr)")
        for report in ["reports/report/index.html", "reports/junit.xml", "reports/snapshots.sarif"] {
            #expect(FileManager.default.fileExists(atPath: directory.file(report)), "\(report)")
        }

        let text = try String(contentsOfFile: card, encoding: .utf8)
        try text.replacingOccurrences(of: "\"cornerRadius\": 32", with: "\"cornerRadius\": 31")
            .write(toFile: card, atomically: true, encoding: .utf8)
        let failing = try Self.recipe(directory, ["profile-card.skeleton.json"])
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("snapshot-ci: the report is \(directory.file("reports"))/report/index.html"))

        // A warning fails the gate even when every picture matches; MAX_WARNINGS=none turns the gate off.
        try (text.dropLast(2) + ", \"colour\": 1}\n").write(toFile: card, atomically: true, encoding: .utf8)
        let warned = try Self.recipe(directory, ["profile-card.skeleton.json"])
        #expect(warned.status == 1)
        #expect(warned.stderr.contains("skeleton: 1 warning, more than --max-warnings 0"), "\(warned.stderr)")
        #expect(try Self.recipe(directory, ["profile-card.skeleton.json"], maxWarnings: "none").status == 0)
    }
}
