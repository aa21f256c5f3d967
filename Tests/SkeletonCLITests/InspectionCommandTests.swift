import Foundation
import JSON
import Testing

@Suite struct InspectionCommandTests {
    let card = CLIRunner.example("profile-card")

    @Test func treePrintsTheDescription() throws {
        let result = try CLIRunner.run(["tree", card])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\n  \"type\" : \"UIView\",\n  \"reference\" : \"screen\""))
        #expect(result.stdout.contains("\"reference\" : \"avatar\""))
        let avatar = try CLIRunner.run(["tree", card, "--node", "avatar"])
        #expect(avatar.status == 0)
        #expect(avatar.stdout.contains("\"reference\" : \"avatar\"") && !avatar.stdout.contains("screen"))
    }

    @Test func layersPrintsTheDaemonsJSON() throws {
        let result = try CLIRunner.run(["layers", card, "--type", "gradient", "--json"])
        #expect(result.status == 0)
        let value = try JSONDocument.parse(result.stdout.trimmingCharacters(in: .newlines)).value.json
        #expect(value["width"]?.intValue == 375 && value["height"]?.intValue == 260)
        let layers = try #require(value["layers"]?.arrayValue)
        #expect(layers.count == 7)  // avatar, name, handle, three bio lines, follow
        #expect(layers.first?["id"]?.stringValue == "avatar#block")
        #expect(layers.allSatisfy { $0["fill"]?["gradient"] != nil })
    }

    @Test func layersWithoutJSONIsOneLinePerLayer() throws {
        let result = try CLIRunner.run(["layers", card])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "canvas 375×260 background #FFFFFFFF")
        #expect(lines.dropFirst().first == "avatar#block block [32 32 64 64] #ECF0F1FF opacity 1")
        #expect(lines.count == 8)
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["", "render", "animate", "matrix", "tree", "lint", "layers"] {
            let result = try CLIRunner.run(command.isEmpty ? ["--help"] : [command, "--help"])
            #expect(result.status == 0, "\(command)")
            #expect(result.stdout.contains("OVERVIEW:") && result.stdout.contains("USAGE: skeleton"), "\(command)")
        }
    }
}
