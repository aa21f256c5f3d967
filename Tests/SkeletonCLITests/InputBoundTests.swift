import Foundation
import SkeletondTestSupport
import Testing

/// Inputs are read with a bound on their size (64 MiB) and on the time they take ($SKELETON_TIMEOUT): an endless
/// device or a FIFO nobody writes is one line and status 2, with the process's memory bounded.
@Suite struct InputBoundTests {
    let card = CLIRunner.example("profile-card")

    @Test func anEndlessDeviceIsRefusedAtTheLimit() throws {
        for command in [["lint", "/dev/zero"], ["tree", card, "--code", "/dev/urandom"]] {
            let path = command.last ?? ""
            // The 64 MiB read, and not much more, within a 256 MiB data limit (it grew to 17 GB before; a run
            // that allocates past the limit fails with another status and message).
            let result = try CLIRunner.spawn(command, stdout: .path("/dev/null"), timeout: 60, dataLimit: 256 << 20)
            #expect(result.status == 2, "\(command)")
            #expect(
                result.stderr
                    == "skeleton: cannot read \(path): it is longer than 64 MiB, the largest document skeletond reads\n"
            )
        }
    }

    @Test func aFIFONobodyWritesEndsWithinTheTimeout() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("doc.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        for command in [["lint", fifo], ["tree", card, "--code", fifo]] {
            let result = try CLIRunner.run(command, environment: ["SKELETON_TIMEOUT": "1"], timeout: 30)
            #expect(result.status == 2, "\(command)")
            #expect(
                result.errorLines == [
                    "skeleton: cannot read \(fifo): it did not end within 1 s (a FIFO or device must be written and "
                        + "closed; SKELETON_TIMEOUT sets the wait)"
                ])
        }
    }

    @Test func aFIFOThatIsWrittenIsRead() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.file("doc.json")
        #expect(mkfifo(fifo, 0o644) == 0)
        let text = try String(contentsOfFile: card, encoding: .utf8)
        let writer = DispatchQueue(label: "writer")
        writer.async {
            let fd = open(fifo, O_WRONLY)  // waits for the CLI to open it
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let result = try CLIRunner.run(["tree", fifo], timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("UIView"))
    }
}
