import Foundation
import JSON
import SkeletonClient
import Testing

/// `DaemonProcess` against a stand-in child (`/bin/sh`) that writes to stderr as a chatty daemon does, then echoes
/// its input: the LSP-framed message comes back only if stderr was read while the child wrote it.
@Suite struct DaemonProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// A child that writes `bytes` bytes (`x`) to stderr, then echoes stdin to stdout. (Not `yes | head`: where
    /// SIGPIPE is ignored, `yes` adds its own "Broken pipe" line.)
    static func chatty(_ bytes: Int) throws -> DaemonProcess {
        try DaemonProcess(
            executable: shell, arguments: ["-c", "head -c \(bytes) /dev/zero | tr '\\000' x >&2; exec cat"])
    }

    /// More than a pipe holds (64 KiB) on stderr no longer blocks the child: it goes on answering.
    @Test func aChildWritingMoreThanAPipeHoldsKeepsAnswering() throws {
        let child = try Self.chatty(400_000)
        let message: JSON = ["jsonrpc": "2.0", "id": 1, "result": "echo"]
        child.client.send(message)
        #expect(try child.client.receive(timeout: 20) == message)
        child.client.closeInput()
        #expect(child.waitForExit() == 0)
        let log = child.standardError()
        #expect(log.utf8.count == 400_000)
        #expect(log.utf8.allSatisfy { $0 == UInt8(ascii: "x") })
    }

    /// Only the newest MiB is kept, and the text says how much came before it.
    @Test func theTailKeepsTheNewestMebibyte() throws {
        let child = try Self.chatty(3_000_000)
        child.client.closeInput()
        #expect(child.waitForExit() == 0)
        let log = child.standardError()
        let firstLine = log.prefix { $0 != "\n" }
        #expect(firstLine == "[\(3_000_000 - (1 << 20)) earlier bytes not kept]")
        #expect(log.utf8.count - firstLine.utf8.count - 1 == 1 << 20)
    }

    /// A child (or a descendant) still holding stderr open delays the text by the timeout, not until it closes.
    @Test func anOpenPipeDelaysTheTextByTheTimeoutOnly() throws {
        let child = try DaemonProcess(executable: Self.shell, arguments: ["-c", "echo last words >&2; exec sleep 30"])
        defer { child.process.terminate() }
        var text = ""
        for _ in 0..<200 where text.isEmpty { text = child.standardError(waitingUpTo: 0.05) }
        #expect(text == "last words\n")
    }
}
