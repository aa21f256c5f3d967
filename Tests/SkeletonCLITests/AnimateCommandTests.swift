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

    /// `--script show,hide`: content, then the skeleton, then the content again (SkeletonView's README GIFs).
    @Test func aScriptGoesFromContentToSkeletonAndBack() throws {
        let directory = try TemporaryDirectory()
        let out = directory.file("script.gif")
        let result = try CLIRunner.run([
            "animate", card, "--duration", "3", "--fps", "10", "--type", "solid", "--transition", "none",
            "--script", "show,hide", "-o", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let gif = try ImageFiles.gif(out)
        #expect(gif.frames.count == 30)
        // Shown at 1 s, hidden at 2 s: frames 0–9 and 20–29 are the content, 10–19 the (pulsing) skeleton.
        let f = gif.frames
        let content = { (k: Int) -> Bool in f[k].isClose(to: f[0], tolerance: 8) }
        #expect(content(9) && !content(10) && !content(19) && content(20) && content(29))
        // Explicit times.
        let timed = directory.file("timed.gif")
        let second = try CLIRunner.run([
            "animate", card, "--duration", "1", "--fps", "10", "--transition", "none", "--script",
            "show@0.2,hide@0.6", "-o", timed,
        ])
        #expect(second.status == 0)
        let frames = try ImageFiles.gif(timed).frames
        let same = { (k: Int) -> Bool in frames[k].isClose(to: frames[0], tolerance: 8) }
        #expect(same(1) && !same(2) && !same(5) && same(6))
    }

    @Test(arguments: [
        ("hide,show", "alternate, starting with show"), ("show,jump", "\"jump\" is not show or hide"),
        ("show@1,hide", "give every step a time"), ("show@2,hide@1", "the times must increase"),
        ("show@5", "is not before --duration"), ("show@x", "a number of seconds"),
    ])
    func badScriptsAreRefused(script: String, message: String) throws {
        let result = try CLIRunner.run(["animate", card, "--script", script, "-o", "x.gif"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
