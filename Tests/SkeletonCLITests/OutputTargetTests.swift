import Foundation
import SkeletondTestSupport
import Testing

/// `-o` replaces only regular files: symbolic links are followed (the link stays, its target gets the picture),
/// devices and FIFOs are written in place, and what cannot be written is one line and status 2.
@Suite struct OutputTargetTests {
    let card = CLIRunner.example("profile-card")
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    /// The kind of what `path` names itself (links not followed): `S_IFLNK`, `S_IFIFO`, `S_IFREG`, …
    static func kind(_ path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }

    static func bytes(_ path: String) -> [UInt8] {
        Array((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
    }

    @Test func aSymlinkToAFileKeepsTheLinkAndReplacesItsTarget() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("target.png", "old")
        let link = directory.file("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.png")
        let result = try CLIRunner.run(["render", card, "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.png")
        #expect(Array(Self.bytes(target).prefix(4)) == Self.pngSignature)
    }

    @Test func aDanglingSymlinkCreatesItsTarget() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.file("made.png"))
        let result = try CLIRunner.run(["matrix", card, "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(Array(Self.bytes(directory.file("made.png")).prefix(4)) == Self.pngSignature)
    }

    @Test func devNullIsWrittenNotReplaced() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("null.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        for output in ["/dev/null", link] {
            let result = try CLIRunner.run(["render", card, "-o", output])
            #expect(result.status == 0, "\(output): \(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
        #expect(Self.kind("/dev/null") == S_IFCHR)
        #expect(Self.kind(link) == S_IFLNK)
        let gif = try CLIRunner.run(["animate", card, "--duration", "0.2", "--fps", "5", "-o", link])
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["null.png"])
    }

    @Test func aFIFOWithAReaderGetsThePicture() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        let reader = FIFOReader(fifo, timeout: 60)
        let result = try CLIRunner.run(["render", card, "-o", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Array(reader.result().prefix(4)) == Self.pngSignature)
        #expect(Self.kind(fifo) == S_IFIFO)

        let gifReader = FIFOReader(fifo, timeout: 60)
        let gif = try CLIRunner.run(["animate", card, "--duration", "0.2", "--fps", "5", "-o", fifo])
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect(Array(gifReader.result().prefix(6)) == Array("GIF89a".utf8))
        #expect(Self.kind(fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["pipe.png"])
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("pipe.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try CLIRunner.run(["render", card, "-o", fifo], timeout: 60)
        #expect(result.status == 2)
        #expect(
            result.errorLines == ["skeleton: cannot write \(fifo): no process is reading it (a FIFO needs a reader)"])
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test func aFullDeviceIsAnError() throws {
        for command in [["render", card], ["matrix", card], ["animate", card, "--duration", "0.2", "--fps", "5"]] {
            let result = try CLIRunner.run(command + ["-o", "/dev/full"])
            #expect(result.status == 2, "\(command[0])")
            #expect(result.errorLines == ["skeleton: cannot write /dev/full: No space left on device"], "\(command[0])")
        }
        #expect(Self.kind("/dev/full") == S_IFCHR)
    }
}
