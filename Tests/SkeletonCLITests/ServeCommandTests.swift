import Foundation
import Testing

/// `skeleton serve`'s command line; the page itself is tested in Tests/e2e-browser.
@Suite struct ServeCommandTests {
    @Test(arguments: [
        (["serve"], "give FILEs to serve, or --project DIR"),
        (["serve", "--port", "0", "x.json"], "--port must be between 1 and 65535"),
        (["serve", "--port", "70000", "x.json"], "--port must be between 1 and 65535"),
        (["serve", "--scale", "9", "x.json"], "--scale must be between 1 and 4, not 9"),
    ])
    func refusesABadCommandLine(arguments: [String], message: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message))
    }

    @Test func aMissingFileIsSaidBeforeAnythingListens() throws {
        let result = try CLIRunner.run(["serve", "/nonexistent/card.skeleton.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot read /nonexistent/card.skeleton.json"))
    }
}
