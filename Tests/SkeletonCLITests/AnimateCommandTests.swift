import Foundation
import SkeletonImaging
import Testing

@Suite struct AnimateCommandTests {
    let card = CLIRunner.example("profile-card")

    @Test func writesALoopingGIFThatShowsAnimatesAndHides() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("card.gif")
        let result = try CLIRunner.run([
            "animate", card, "--duration", "1", "--fps", "10", "--type", "solid", "-o", out,
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)  // no progress bar: stderr is not a terminal
        let gif = try ImageFiles.gif(out)
        #expect(gif.width == 375 && gif.height == 260)
        #expect(gif.frames.count == 10)
        #expect(gif.delays == Array(repeating: 10, count: 10))
        #expect(gif.loops)
        // t = 0 and t = 0.9 show the content (before the fade-in, after the hide at 0.5 s has faded out); the
        // middle shows the skeleton.
        let first = try #require(gif.frames.first)
        let last = try #require(gif.frames.last)
        #expect(first.isClose(to: last, tolerance: 8))
        #expect(first.rgb(64, 64) == gif.frames[9].rgb(64, 64))
        let middle = gif.frames[4]
        #expect(!middle.isClose(to: first, tolerance: 8))
        let avatar = try #require(middle[64, 64])
        #expect(abs(Int(avatar.r) - 0xEC) <= 24 && abs(Int(avatar.b) - 0xF1) <= 24)
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect((mode ?? 0) & 0o044 == 0o044)  // readable by others, like any file the user writes
    }

    @Test func aDelayedShowWithoutTransitionStartsLater() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("delayed.gif")
        let result = try CLIRunner.run([
            "animate", card, "--duration", "1", "--fps", "10", "--delay", "0.4", "--transition", "none", "-o", out,
        ])
        #expect(result.status == 0)
        let gif = try ImageFiles.gif(out)
        #expect(gif.frames.count == 10)
        #expect(gif.frames[3].isClose(to: gif.frames[0], tolerance: 8))  // t = 0.3: not shown yet
        #expect(!gif.frames[5].isClose(to: gif.frames[0], tolerance: 8))  // t = 0.5: shown at once
    }
}
