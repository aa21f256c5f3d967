import Foundation
import JSON
import SkeletondTestSupport
import Testing

/// `skeleton lint` as a CI gate: several files or a whole project, --werror, --max-warnings and --format.
@Suite struct LintGateTests {
    /// A folder with a clean document and one with two warnings (unknown members); the folder lives as long as
    /// the value.
    private struct Documents {
        let directory: TemporaryDirectory
        let clean: String
        let warned: String

        init() throws {
            directory = try TemporaryDirectory()
            clean = try directory.write("clean.json", "{\"root\": {\"type\": \"UIView\", \"frame\": [0, 0, 10, 10]}}")
            warned = try directory.write(
                "warned.json",
                "{\"root\": {\"type\": \"UIView\", \"frame\": [0, 0, 10, 10],\n \"colour\": 1, \"shade\": 2}}")
        }
    }

    @Test func warningsPassWithoutAGateAndFailWithWerror() throws {
        let documents = try Documents()
        let (clean, warned) = (documents.clean, documents.warned)
        let plain = try CLIRunner.run(["lint", clean, warned])
        #expect(plain.status == 0)
        #expect(plain.stdout.split(separator: "\n").count == 2)
        #expect(plain.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("\(warned):2:") })
        let gated = try CLIRunner.run(["lint", clean, warned, "--werror"])
        #expect(gated.status == 1)
        #expect(gated.stdout == plain.stdout)
        #expect(gated.stderr == "skeleton: 2 warnings (--werror)\n")
    }

    @Test(arguments: [(1, Int32(1)), (2, Int32(0)), (0, Int32(1))])
    func maxWarningsIsAThreshold(_ limit: Int, _ status: Int32) throws {
        let documents = try Documents()
        let result = try CLIRunner.run(["lint", documents.warned, "--max-warnings", String(limit)])
        #expect(result.status == status)
        if status == 1 { #expect(result.stderr == "skeleton: 2 warnings, more than --max-warnings \(limit)\n") }
    }

    @Test func jsonFormatIsOneArray() throws {
        let documents = try Documents()
        let (clean, warned) = (documents.clean, documents.warned)
        let result = try CLIRunner.run(["lint", clean, warned, "--format", "json"])
        #expect(result.status == 0)
        let items = try JSONDocument.parse(result.stdout).value.json.arrayValue ?? []
        #expect(items.count == 2)
        #expect(items.first?["file"]?.stringValue == warned)
        #expect(items.first?["line"]?.intValue == 2)
        #expect(items.first?["severity"]?.stringValue == "warning")
        #expect(items.first?["code"]?.stringValue == "unknown-field")
    }

    @Test func sarifFormatLocatesEachDiagnostic() throws {
        let documents = try Documents()
        let result = try CLIRunner.run(
            ["lint", "warned.json", "--format", "sarif"], directory: documents.directory.url)
        #expect(result.status == 0)
        let log = try JSONDocument.parse(result.stdout).value.json
        #expect(log["version"]?.stringValue == "2.1.0")
        let run = log["runs"]?[0]
        #expect(run?["tool"]?["driver"]?["name"]?.stringValue == "skeleton")
        let results = run?["results"]?.arrayValue ?? []
        #expect(results.count == 2)
        let location = results.first?["locations"]?[0]?["physicalLocation"]
        #expect(location?["artifactLocation"]?["uri"]?.stringValue == "warned.json")
        #expect(location?["artifactLocation"]?["uriBaseId"]?.stringValue == "%SRCROOT%")
        #expect(location?["region"]?["startLine"]?.intValue == 2)
        #expect(results.first?["level"]?.stringValue == "warning")
        #expect(results.first?["ruleId"]?.stringValue == "unknown-field")
    }

    @Test func aProjectWithoutFilesLintsEveryStoryboardAndXIB() throws {
        let directory = try TemporaryDirectory()
        let examples = TestEnvironment.packageRoot.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(atPath: directory.file("App"), withIntermediateDirectories: true)
        for name in ["screens.storyboard", "profile-card.xib"] {
            try FileManager.default.copyItem(
                atPath: examples.appendingPathComponent(name).path, toPath: directory.file("App/\(name)"))
        }
        try "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view".write(
            toFile: directory.file("App/broken.xib"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["lint", "--project", directory.url.path, "--format", "json"])
        #expect(result.status == 1)
        let items = try JSONDocument.parse(result.stdout).value.json.arrayValue ?? []
        // Every file is named relative to the project; the errors are the broken XIB's alone.
        let files = Set(items.compactMap { $0["file"]?.stringValue })
        #expect(files.isSubset(of: ["App/broken.xib", "App/screens.storyboard", "App/profile-card.xib"]))
        let errors = items.filter { $0["severity"]?.stringValue == "error" }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0["file"]?.stringValue == "App/broken.xib" })
    }

    @Test func badGateFlagsAreUsageErrors() throws {
        let result = try CLIRunner.run(["lint", CLIRunner.example("feed"), "--max-warnings", "-1"])
        #expect(result.status == 64)
        let format = try CLIRunner.run(["lint", CLIRunner.example("feed"), "--format", "xml"])
        #expect(format.status == 64)
        let nothing = try CLIRunner.run(["lint"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("a FILE or --project DIR is needed"))
    }
}
