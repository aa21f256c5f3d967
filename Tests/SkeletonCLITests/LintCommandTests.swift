import Foundation
import Testing

@Suite struct LintCommandTests {
    @Test(arguments: ["profile-card", "feed", "grid"])
    func theExamplesAreClean(_ name: String) throws {
        let result = try CLIRunner.run(["lint", CLIRunner.example(name)])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test func errorsAreLinesInCompilerFormAndExitOne() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "bad.json",
            "{\n  \"root\": {\"type\": \"UIVew\", \"frame\": [0, 0, 10, 10], \"backgroundColor\": \"#GG0000\"}\n}\n")
        let result = try CLIRunner.run(["lint", path])
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines.contains {
                $0.hasPrefix("\(path):2:20: error: unknown type \"UIVew\"") && $0.hasSuffix(" [unknown-type]")
            })
        #expect(lines.contains { $0.hasPrefix("\(path):2:") && $0.hasSuffix(" [unknown-color]") })
    }

    @Test func warningsAloneExitZero() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "warn.json", "{\"root\": {\"type\": \"UIView\", \"frame\": [0, 0, 10, 10], \"colour\": 1}}")
        let result = try CLIRunner.run(["lint", path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(path):1:"))
        #expect(result.stdout.contains(": warning: ") && result.stdout.hasSuffix(" [unknown-field]\n"))
    }

    @Test func syntaxErrorsHaveTheirPosition() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("syntax.json", "{\n  \"root\": {\"type\": \"UIView\",\n")
        let result = try CLIRunner.run(["lint", path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(path):3:1: error: "))
        #expect(result.stdout.hasSuffix(" [json-syntax]\n"))
    }
}
