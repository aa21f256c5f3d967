import Foundation
import SkeletonImaging
import Testing

@Suite struct RenderCommandTests {
    let card = CLIRunner.example("profile-card")

    @Test func rendersTheProfileCardAtScaleTwo() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("card.png")
        let result = try CLIRunner.run(["render", card, "--scale", "2", "-o", out])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        let image = try ImageFiles.png(out)
        #expect(image.width == 750 && image.height == 520)
        #expect(image.rgb(0, 0) == 0xFFFFFF)  // the root's background
        #expect(image.rgb(128, 128) == 0xECF0F1)  // the avatar's solid skeleton (skeletonDefault, light)
        #expect(image.rgb(300, 94) == 0xECF0F1)  // the name's line
    }

    @Test func overridesTheSchemeWithoutTouchingTheFile() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("dark.png")
        let before = try String(contentsOfFile: card, encoding: .utf8)
        let result = try CLIRunner.run(["render", card, "--scheme", "dark", "-o", out])
        #expect(result.status == 0)
        let image = try ImageFiles.png(out)
        #expect(image.width == 375 && image.height == 260)
        #expect(image.rgb(64, 64) == 0x1C2325)  // skeletonDefault, dark
        #expect(try String(contentsOfFile: card, encoding: .utf8) == before)
    }

    @Test func rightToLeftMovesShortLinesToTheTrailingEdge() throws {
        let directory = try TemporaryDirectory()
        let ltr = directory.file("ltr.png")
        let rtl = directory.file("rtl.png")
        #expect(try CLIRunner.run(["render", card, "-o", ltr]).status == 0)
        #expect(try CLIRunner.run(["render", card, "--rtl", "-o", rtl]).status == 0)
        // The handle's line is 90 of 150 points: at x 112…202 left to right, 172…262 right to left.
        #expect(try ImageFiles.png(ltr).rgb(120, 75) == 0xECF0F1)
        #expect(try ImageFiles.png(rtl).rgb(120, 75) == 0xF7F9FA)  // the card's background
        #expect(try ImageFiles.png(rtl).rgb(255, 75) == 0xECF0F1)
    }

    @Test func showsOnOneNodeWithNode() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("avatar.png")
        let result = try CLIRunner.run(["render", card, "--node", "avatar", "--type", "gradient", "-o", out])
        #expect(result.status == 0)
        let image = try ImageFiles.png(out)
        #expect(image.rgb(320, 47) == 0xF7F9FA)  // no skeleton on the name (right of its text)
        #expect(image.rgb(64, 64) != 0xF7F9FA && image.rgb(64, 64) != 0xBDC3C7)  // the avatar's gradient
    }

    @Test func theTimeDecidesTheFadeIn() throws {
        let directory = try TemporaryDirectory()
        let start = directory.file("start.png")
        let later = directory.file("later.png")
        #expect(try CLIRunner.run(["render", card, "--time", "0", "-o", start]).status == 0)
        #expect(try CLIRunner.run(["render", card, "--time", "2.5", "-o", later]).status == 0)
        #expect(try ImageFiles.png(start).rgb(64, 64) == 0xE5E5EA)  // still the avatar's image (its placeholder tile)
        #expect(try ImageFiles.png(later).rgb(64, 64) == 0xECF0F1)
    }
}
